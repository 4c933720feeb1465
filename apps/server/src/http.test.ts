import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test/client.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let anon: ApiClient;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'bo-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Back Office","start_url":"/"}');
  // A built asset with its precompressed copies, as vite.config.ts writes them.
  const big = `export const words = ${JSON.stringify('salom '.repeat(2000))};`;
  writeFileSync(path.join(webDist, 'assets', 'index-AbC123.js'), big);
  writeFileSync(path.join(webDist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(webDist, 'assets', 'index-AbC123.js.gz'), gzipSync(big));
  t = await startTestApp({ webDist });
  anon = new ApiClient(t.url);
});
afterAll(() => t.close());

describe('the HTTP core', () => {
  it('answers unknown API paths with a JSON 404 and a request id', async () => {
    const res = await anon.get('no/such/thing/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Topilmadi.', detail_message: { key: 'errors.not_found' } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('sends security headers with a strict CSP on every kind of answer', async () => {
    const answers = [
      (await anon.get('auth/whoami/')).headers,
      (await anon.get('no/such/thing/')).headers,
      (await anon.post('auth/login/', { email: 'x' })).headers,
      (await fetch(`${t.url}/`)).headers,
      (await fetch(`${t.url}/assets/app.js`)).headers,
    ];
    for (const headers of answers) {
      expect(headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('content-security-policy')).not.toContain('unsafe-inline');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('strict-transport-security')).toContain('max-age=');
      expect(headers.get('x-powered-by')).toBeNull();
    }
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await anon.post('auth/login/', { email: 'a@b.uz', password: 'x'.repeat(300_000) });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBeTruthy();
  });

  it('refuses a body that is not JSON with a 4xx and a detail', async () => {
    const res = await anon.request('POST', 'auth/login/', 'email=a', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBeTruthy();
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const res = await anon.get('openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/api/auth/login/');
    const docs = await fetch(`${t.url}/api/docs`);
    expect(docs.status).toBe(200);
  });

  it('serves the web app at / and at deep links, and 404s missing files', async () => {
    for (const p of ['/', '/transactions', '/catalog/size']) {
      const res = await fetch(`${t.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>app</title>');
    }
    expect((await fetch(`${t.url}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${t.url}/assets/gone.js`)).status).toBe(404);
  });

  it('sends precompressed assets by Accept-Encoding, cached a year; index.html revalidated (DESIGN.md section 23)', async () => {
    const url = `${t.url}/assets/index-AbC123.js`;
    const raw = (encoding: string) => fetch(url, { headers: { 'accept-encoding': encoding } });
    const br = await raw('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    // fetch decodes what it was sent: the text is the file, whichever encoding carried it.
    expect(await br.text()).toContain('salom salom');
    const gz = await raw('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await raw('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('salom salom');
    for (const p of ['/', '/transactions']) {
      const page = await fetch(`${t.url}${p}`);
      expect(page.headers.get('cache-control'), p).toBe('no-cache');
    }
  });

  it('serves the service worker and the manifest revalidated, and its CSP lets them load (DESIGN.md section 23)', async () => {
    const sw = await fetch(`${t.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('javascript');
    // A new version's worker is found at once: sw.js is never taken from a cache unchecked.
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${t.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const csp = (await fetch(`${t.url}/`)).headers.get('content-security-policy');
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('compresses an API answer above a kilobyte, and leaves a small one as it is', async () => {
    const request = (path: string, encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        // node:http, which does not decode: the bytes as the server sent them.
        import('node:http').then(({ get }) =>
          get(`${t.url}/api/${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          }).on('error', reject),
        );
      });
    const big = await request('openapi.json', 'br, gzip');
    expect(big.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.body).toString()).paths).toBeTruthy();
    const gz = await request('openapi.json', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).openapi).toBeTruthy();
    const small = await request('auth/whoami/', 'br, gzip');
    expect(small.encoding).toBeUndefined();
  });
});
