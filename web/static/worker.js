// The Web Worker: it loads the project's Go packages compiled to
// WebAssembly (patience.wasm) and passes the page's requests to them. All
// rules and searches run in Go; a long search keeps this worker busy, so the
// page cancels one by ending the worker and starting a new one.
"use strict";
importScripts("wasm_exec.js");

const go = new Go();

async function load() {
  const res = fetch("patience.wasm");
  let inst;
  try {
    inst = (await WebAssembly.instantiateStreaming(res, go.importObject)).instance;
  } catch (e) {
    // A server that does not send application/wasm: read it whole.
    const buf = await (await fetch("patience.wasm")).arrayBuffer();
    inst = (await WebAssembly.instantiate(buf, go.importObject)).instance;
  }
  go.run(inst); // Go's main posts {ready: true} once patienceCall is set
}

self.onmessage = (e) => {
  const { id, req } = e.data;
  self.patienceCall(JSON.stringify(req), (ans) => {
    self.postMessage({ id, ans: JSON.parse(ans) });
  });
};

load().catch((e) => self.postMessage({ fatal: "cannot load patience.wasm: " + e }));
