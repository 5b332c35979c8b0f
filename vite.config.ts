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

/**
 * Each language's texts in its own chunk (issue 17). The per-domain locale files (voice.ts,
 * book.ts…) export both languages from one module, and a module imported by two chunks is
 * kept whole in a chunk both load: `he.ts` would bring every sub-file's English along. So
 * what `locales/he.ts` and `locales/en.ts` import is resolved to a copy of its own per
 * language (`voice.ts?lang=he`), in which the other language's exports are unused and
 * dropped by tree-shaking. The sources stay as they are; only the build sees the copies.
 */
function localesPerLanguage(): Plugin {
  const localeEntry = /[\\/]shared[\\/]i18n[\\/]locales[\\/](he|en)\.ts$/;
  return {
    name: 'sefer-locales-per-language',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const lang = importer ? localeEntry.exec(importer)?.[1] : undefined;
      if (!lang || !source.startsWith('./')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      return { ...resolved, id: `${resolved.id}?lang=${lang}` };
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    localesPerLanguage(),
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
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in the entry chunk itself: every page loads
        // it all anyway, and one file compresses better than the eight it was split into
        // (modules lazy chunks share with the entry went to chunks of their own; −5 KB gzip).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
