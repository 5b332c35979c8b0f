import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    // The service worker is ours (src/web/sw/sw.ts): Workbox precaching plus push. The
    // manifests are static files in public/ (one per language); the page registers the
    // worker itself when it is stable (src/web/features/pwa/register-sw.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // Character artwork and texts stay network-first through the browser cache.
        globIgnores: ['friends/**', 'privacy/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
