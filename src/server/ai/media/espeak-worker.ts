import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ESpeakNg, { type ESpeakModule } from 'espeak-ng';

/**
 * Runs in a worker thread (piscina): one espeak-ng run per task, text in, WAV bytes out.
 * A run blocks its thread for a moment, which the server's event loop must not.
 *
 * The build is the command line program, and starting it is most of a run's cost: the
 * instance copies its 18 MB of voice data into fresh memory and lays out its file system.
 * So each thread starts it once and keeps it warm: a copy of its memory is taken right after
 * start-up, and every run puts that copy back and calls `main` again with the task's
 * arguments. The program then sees exactly the state of a fresh start (the voice files are
 * slices of that same memory), at the price of one memory copy instead of a new instance.
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

interface Exports {
  memory: WebAssembly.Memory;
  __main_argc_argv(argc: number, argv: number): number;
  stackSave(): number;
  stackRestore(sp: number): void;
  stackAlloc(bytes: number): number;
}

interface Warm {
  module: ESpeakModule;
  exports: Exports;
  /** Memory as it was right after start-up. */
  pristine: Uint8Array;
  stack: number;
  errors: string[];
}

let compiled: Promise<WebAssembly.Module> | undefined;
let warm: Promise<Warm> | undefined;

function wasm(): Promise<WebAssembly.Module> {
  const path = createRequire(import.meta.url)
    .resolve('espeak-ng')
    .replace(/espeak-ng\.js$/, 'espeak-ng.wasm');
  compiled ??= readFile(path).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

async function start(): Promise<Warm> {
  const module = await wasm();
  const errors: string[] = [];
  let instance: WebAssembly.Instance | undefined;
  const m = await ESpeakNg({
    arguments: [],
    noInitialRun: true,
    print: () => {},
    printErr: (s) => errors.push(s),
    instantiateWasm(imports, done) {
      // The program seeds its random voice colouring from the clock; a fixed clock makes the
      // same sentence in the same voice the same audio every time.
      const env = { ...(imports.env as Record<string, unknown>), emscripten_date_now: () => 0 };
      void WebAssembly.instantiate(module, { ...imports, env } as WebAssembly.Imports).then((i) => {
        instance = i;
        done(i, module);
      });
      return {};
    },
  });
  const exports = instance!.exports as unknown as Exports;
  return {
    module: m,
    exports,
    pristine: new Uint8Array(exports.memory.buffer).slice(),
    stack: exports.stackSave(),
    errors,
  };
}

/** Writes `args` as C strings and an argv array on the program's stack. */
function argv(x: Exports, args: string[]): number {
  const enc = new TextEncoder();
  const ptrs = args.map((a) => {
    const bytes = enc.encode(a);
    const p = x.stackAlloc(bytes.length + 1);
    const heap = new Uint8Array(x.memory.buffer);
    heap.set(bytes, p);
    heap[p + bytes.length] = 0;
    return p;
  });
  const at = x.stackAlloc((ptrs.length + 1) * 4);
  const view = new DataView(x.memory.buffer);
  ptrs.forEach((p, i) => view.setUint32(at + i * 4, p, true));
  view.setUint32(at + ptrs.length * 4, 0, true);
  return at;
}

function run(w: Warm, task: EspeakTask): Uint8Array {
  const { module: m, exports: x } = w;
  new Uint8Array(x.memory.buffer).set(w.pristine);
  x.stackRestore(w.stack);
  w.errors.length = 0;
  // The text goes in a file, not an argument, so text that starts with "-" stays text.
  m.FS.writeFile('/in.txt', task.text);
  const args = [
    'espeak-ng',
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
  ];
  try {
    const code = x.__main_argc_argv(args.length, argv(x, args));
    if (code !== 0) throw new Error(`espeak-ng exited with ${code}`);
  } catch (err) {
    // exit() unwinds as a thrown ExitStatus; 0 is a normal end.
    const status = (err as { name?: string; status?: number }).name === 'ExitStatus';
    if (!status || (err as { status: number }).status !== 0) throw err;
  }
  try {
    return m.FS.readFile('/out.wav');
  } catch {
    throw new Error(`espeak-ng wrote no audio: ${w.errors.join(' ').slice(0, 300)}`);
  } finally {
    try {
      m.FS.unlink('/out.wav');
    } catch {
      // nothing was written
    }
  }
}

/** A task, or `prepare`: start the program in this thread ahead of the first sentence. */
export default async function synthesize(task: EspeakTask | 'prepare'): Promise<Uint8Array> {
  warm ??= start();
  const w = await warm;
  if (task === 'prepare') return new Uint8Array(0);
  try {
    return run(w, task);
  } catch (err) {
    // Whatever went wrong may have left the program's JavaScript side in a state the memory
    // copy does not cover: the next task starts a new one.
    warm = undefined;
    throw err;
  }
}
