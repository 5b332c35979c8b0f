import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the headers cost more than compression saves (as @fastify/compress). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip -9) beside every text file of
 * `dir` (recursively) that compression makes smaller. Run once at build time on the hashed
 * assets (vite.config.ts): the server then sends these files as they are (@fastify/static
 * `preCompressed`) instead of compressing each answer, and at a far better ratio than the
 * quality a per-request compression can afford. Answers the files it wrote.
 */
export function precompressDir(dir: string): string[] {
  const written: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      written.push(...precompressDir(path));
      continue;
    }
    if (!TEXT.test(name) || stat.size < MIN_BYTES) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) {
      writeFileSync(`${path}.br`, br);
      written.push(`${path}.br`);
    }
    if (gz.length < body.length) {
      writeFileSync(`${path}.gz`, gz);
      written.push(`${path}.gz`);
    }
  }
  return written;
}
