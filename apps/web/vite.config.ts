import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API lives on the same origin in production (the server serves dist/ at /); in development
// Vite proxies /api to the server so cookies and the CSP behave the same way. API_PROXY_TARGET
// points the proxy at a server on another port (e.g. http://127.0.0.1:8123).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
        // Long-lived libraries in their own chunks, so a deploy of app code does not re-download
        // them. Named packages only: a catch-all /node_modules/ group would pull the
        // libraries only lazily loaded pages use (recharts) into the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'vendor',
              test: /node_modules[\\/](zod|@tanstack|react-hook-form|@hookform|decimal\.js|lucide-react)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
