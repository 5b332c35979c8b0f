import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ESpeakNg from 'espeak-ng';

/**
 * Runs in a worker thread (piscina): one espeak-ng run per task, text in, WAV bytes out.
 * A run blocks its thread for a few hundred milliseconds, which the server's event loop must
 * not. The build is the command line program, so each task instantiates it afresh; the
 * compiled WebAssembly module (18 MB, with the voice data inside) is kept per thread.
 */
export interface EspeakTask {
  text: string;
  /** espeak voice: language, optionally `+variant` (`he+f3`, `en-us+m2`). */
  voice: string;
  /** Words per minute (80..450). */
  speed: number;
  /** 0..99 */
  pitch: number;
}

let compiled: Promise<WebAssembly.Module> | undefined;

function wasm(): Promise<WebAssembly.Module> {
  const path = createRequire(import.meta.url)
    .resolve('espeak-ng')
    .replace(/espeak-ng\.js$/, 'espeak-ng.wasm');
  compiled ??= readFile(path).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

export default async function synthesize(task: EspeakTask): Promise<Uint8Array> {
  const module = await wasm();
  const errors: string[] = [];
  const run = await ESpeakNg({
    // The text goes in a file, not an argument, so text that starts with "-" stays text.
    arguments: [
      '-b',
      '1',
      '-v',
      task.voice,
      '-s',
      String(task.speed),
      '-p',
      String(task.pitch),
      '-f',
      '/in.txt',
      '-w',
      '/out.wav',
    ],
    print: () => {},
    printErr: (s) => errors.push(s),
    preRun: [(m) => m.FS.writeFile('/in.txt', task.text)],
    instantiateWasm(imports, done) {
      void WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    },
  });
  try {
    return run.FS.readFile('/out.wav');
  } catch {
    throw new Error(`espeak-ng wrote no audio: ${errors.join(' ').slice(0, 300)}`);
  }
}
