import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
    closeBundle() {
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
  };
}

// The API lives on the same origin in production (the server serves dist/ at /); in development
// Vite proxies /api to the server so cookies and the CSP behave the same way. API_PROXY_TARGET
// points the proxy at a server on another port (e.g. http://127.0.0.1:8123).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
        // React itself in a chunk of its own, so a deploy of app code does not re-download it. No
        // group of other libraries: a group is loaded whole wherever one of its members is used,
        // and the first load's budget (DESIGN.md section 23) has no room for libraries the
        // sign-in page does not use (zod, decimal.js, icons, charts).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
