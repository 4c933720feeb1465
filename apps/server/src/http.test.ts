import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
});
