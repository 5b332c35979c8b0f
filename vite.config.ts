import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './src/server/http/precompress.ts';

const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * Brotli and gzip copies of the hashed assets, written once at build time; the server sends
 * them as they are (src/server/http/web-client.ts). Only `assets/`: the rest is revalidated
 * on each visit and compressed per request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'sefer-precompress-assets',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const assets = join(outDir, 'assets');
        if (existsSync(assets)) precompressDir(assets);
      },
    },
  };
}

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
    precompressAssets(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
