import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '../dist/web');

/**
 * What the home page loads before it is interactive: the entry script, every module it
 * imports statically (modulepreload links and the static imports of those chunks), and the
 * CSS linked from index.html. Lazy routes are not counted.
 */
export function homeBundle(): {
  js: number;
  css: number;
  files: { file: string; gzip: number }[];
} | null {
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const js = new Set<string>();
  const css = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(m[1]!);
  // Follow static imports of the entry chunks.
  const queue = [...js];
  while (queue.length) {
    const f = queue.pop()!;
    const code = readFileSync(join(dist, f), 'utf8');
    for (const m of code.matchAll(
      /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      const dep = `/assets/${m[1]}`;
      if (!js.has(dep)) {
        js.add(dep);
        queue.push(dep);
      }
    }
  }
  const files = [...js, ...css].map((file) => ({
    file,
    gzip: gzipSync(readFileSync(join(dist, file))).length,
  }));
  const sum = (set: Set<string>) =>
    files.filter((f) => set.has(f.file)).reduce((a, f) => a + f.gzip, 0);
  return { js: sum(js), css: sum(css), files };
}
