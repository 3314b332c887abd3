// The globals of the Web Worker (static/worker.js) that come from Go, for
// the type checker (tsconfig.worker.json): Go's class, which Go's
// wasm_exec.js defines, and patienceCall, which web/wasm's main sets.

declare class Go {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

// patienceCall asks Go: request is the JSON of a request, and reply gets
// the JSON of its answer; progress, when given, gets the JSON of a
// search's progress (play.Progress) now and then while it runs.
declare function patienceCall(request: string, reply: (answer: string) => void, progress?: (progress: string) => void): void;
