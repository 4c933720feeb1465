import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileMessages } from './compile-messages.ts';
import { preactAliases } from './preact-aliases.ts';

/**
 * DESIGN.md section 23: every text file of the build over a kilobyte gets its .br (quality 11)
 * and .gz (level 9) beside it, which the server sends by Accept-Encoding (@fastify/static
 * preCompressed) instead of compressing per request. Node's own zlib does it in a few lines, so
 * no plugin is added for it.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa has written sw.js and the Workbox runtime, so they are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file) || statSync(file).size < 1024)
            continue;
          const data = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The chunk group of a module outside the entry (DESIGN.md section 23; vite.config's codeSplitting):
 * `schemas`, zod and the shared package's schemas (and lib/schemas.ts, which the API client loads
 * beside a request whose check it names): what checks the API's answers and the
 * forms, which a page draws without; `shared`, decimal.js and the rest of the shared package (money, the rules),
 * which a page draws with; `icons`, lucide's; `forms`, react-hook-form and its resolvers (else the
 * first feature group to use them takes them in, and every form page loads that feature's chunk
 * with them); `ui`, the app's components, lib and API modules, every feature's query keys and
 * TanStack Query's hooks; a feature's name for its own API, components and lib, shared by its
 * pages. Null leaves a module to the bundler (pages, catalogues, the heavy libraries).
 */
function chunkGroup(id: string): string | null {
  const lib = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/');
  if (lib) {
    if (lib === 'zod') return 'schemas';
    if (lib === 'decimal.js') return 'shared';
    if (lib === 'lucide-react') return 'icons';
    if (lib === 'react-hook-form' || lib === '@hookform/resolvers') return 'forms';
    return lib.startsWith('@tanstack/') ? 'ui' : null;
  }
  const shared = /packages[\\/]shared[\\/]src[\\/](.+)$/.exec(id)?.[1]?.replaceAll('\\', '/');
  if (shared) {
    if (shared.startsWith('texts/')) return null;
    return /^(schemas\/|index\.ts$)/.test(shared) ? 'schemas' : 'shared';
  }
  const web = /apps[\\/]web[\\/]src[\\/](.+)$/.exec(id)?.[1]?.replaceAll('\\', '/');
  if (!web) return null;
  if (web === 'lib/schemas.ts') return 'schemas';
  // The labels' dialog (react-hook-form, bwip-js) and the charts' parts (recharts) only where used.
  if (/^components\/(LabelsDialog|chart-parts)\.tsx$/.test(web)) return null;
  if (/^(components|lib|api)\//.test(web) || /^i18n\/[^/]+\.tsx?$/.test(web)) return 'ui';
  // Every feature's query keys with the shell's: the live updates name them all, and would
  // otherwise load each feature's whole group after the first paint.
  if (/^features\/[^/]+\/api\/keys\.ts$/.test(web)) return 'ui';
  // The documents' forms (a purchase's, a production order's, with their hooks) go with the pages
  // that use them, not in the feature's group, which the counter loads before its first paint.
  if (/^features\/documents\/(components\/\w+Form\.tsx|lib\/use-[\w-]+-form\.ts)$/.test(web)) return null;
  return /^features\/([^/]+)\/(api|components|lib)\//.exec(web)?.[1] ?? null;
}

/**
 * DESIGN.md section 23: the installable app (docs/offline.md). Workbox precaches the app shell
 * (index.html, the entry, the pages' chunks, the language catalogues, the icons) so that the
 * counter opens offline; the heavy lazy chunks (bwip-js, the charts, the barcode reader and its
 * WebAssembly) are left out and cached only once a page has loaded them. Navigations get
 * index.html offline; the API is never cached. A new version waits ('prompt') until the user
 * chooses "Yangilash" (app/UpdateBanner.tsx), so a page never runs half old, half new; the
 * registration is our own lazy import after the first paint (injectRegister: false).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'Back Office',
    short_name: 'Back Office',
    description: "Do'kon va omborning pul, tovar va savdo hisobi",
    lang: 'uz',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#2563eb',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    globIgnores: [
      '**/assets/bwip-js-*',
      '**/assets/chart-parts-*',
      '**/assets/charts-*',
      '**/assets/zxing_reader-*',
      '**/assets/ponyfill-*',
      'slides/**',
    ],
    navigateFallback: '/index.html',
    // The API, its OpenAPI viewer and the login's illustrations are never answered with the shell.
    navigateFallbackDenylist: [/^\/api\//, /^\/slides\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Hashed, so never stale: the lazy chunks the precache leaves out, once a page loaded them.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'lazy-assets', expiration: { maxEntries: 40 } },
      },
    ],
  },
});

// The API lives on the same origin in production (the server serves dist/ at /); in development
// Vite proxies /api to the server so cookies and the CSP behave the same way. API_PROXY_TARGET
// points the proxy at a server on another port (e.g. http://127.0.0.1:8123).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [compileMessages(), tailwindcss(), pwa, precompress()],
  resolve: { alias: preactAliases },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bwip-js (every symbology, ~900 kB, 250 kB gzipped) is one chunk loaded only where a QR code
    // is drawn (features/receipts); the first page load does not carry it.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // A language's catalogue chunks named after it (uz-boot-*.js, ru-shell-*.js,
        // uz-documents-*.js; i18n/catalogue.ts).
        chunkFileNames: (chunk) => {
          const part = /messages[\\/]([^\\/]+)[\\/]([a-z]+)\.(?:ts|json)$/.exec(chunk.facadeModuleId ?? '');
          return part ? `assets/${part[1]}-${part[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        // DESIGN.md section 23, fewer and larger chunks (docs/benchmarks.md, "Web first loads"):
        // on slow 4G every file costs a round trip and a phone's browser fetches six at a time,
        // so a page of ninety small chunks waited for fifteen rounds of them. Everything the
        // entry imports statically is one chunk (the sign-in page: one file and its texts); the
        // rest is grouped by what it is (chunkGroup), each group one chunk loaded whole wherever
        // one of its modules is used, and only code that two chunks or more share (each page's
        // own code stays in its page's chunk). The heavy libraries used in one place (charts,
        // bwip-js, the barcode reader, Dexie) stay out of every group, loaded only where used.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 6 },
            ...(['shared', 'schemas', 'icons', 'forms', 'ui'] as const).map((name, i) => ({
              name,
              priority: 5 - i,
              minShareCount: 2,
              test: (id: string) => chunkGroup(id) === name,
            })),
            { name: (id: string) => chunkGroup(id), priority: 0, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
