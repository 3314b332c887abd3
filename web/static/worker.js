// The Web Worker: it runs the project's Go packages compiled to
// WebAssembly (patience.wasm, compiled by the page and sent here as a
// module) and passes the page's requests to them. All rules and searches run
// in Go; a long search keeps this worker busy, so the page cancels one by
// ending the worker and starting a new one.
"use strict";
importScripts("wasm_exec.js");

self.onmessage = async (e) => {
  if (e.data.module) {
    const go = new Go();
    try {
      const inst = await WebAssembly.instantiate(e.data.module, go.importObject);
      go.run(inst); // Go's main posts {ready: true} once patienceCall is set
    } catch (err) {
      self.postMessage({ fatal: "cannot start patience.wasm: " + err });
    }
    return;
  }
  const { id, req } = e.data;
  self.patienceCall(JSON.stringify(req), (ans) => {
    self.postMessage({ id, ans: JSON.parse(ans) });
  });
};
