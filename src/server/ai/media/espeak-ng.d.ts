/** The espeak-ng command line compiled to WebAssembly (Emscripten); ships no types. */
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: {
      readFile(path: string): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
    };
  }
  interface ESpeakOptions {
    arguments: string[];
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
