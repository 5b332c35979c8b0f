/** The espeak-ng command line compiled to WebAssembly (Emscripten); ships no types. */
declare module 'espeak-ng' {
  export interface ESpeakModule {
    FS: {
      readFile(path: string): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
      unlink(path: string): void;
    };
  }
  interface ESpeakOptions {
    arguments: string[];
    /** Start the runtime without running `main` (it is called later). */
    noInitialRun?: boolean;
    print?: (s: string) => void;
    printErr?: (s: string) => void;
    preRun?: ((m: ESpeakModule) => void)[];
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
  }
  export default function ESpeakNg(options: ESpeakOptions): Promise<ESpeakModule>;
}
