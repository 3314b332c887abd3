// The workers: the Go engine (patience.wasm) in Web Workers, and ask(),
// the one way the page calls it.

import { fail } from "./announce.js";

// ---------- the workers ----------

// compiled is patience.wasm, compiled once here (off the main thread)
// and handed to every worker, which then only instantiates it: a worker
// started again after Cancel is ready at once. The file is fetched from
// the start (index.html preloads it); the compiling waits for the first
// call, made once an early board is on screen, so that the two do not
// share the processor.
let wasm = null;
export function compiled() {
  if (!wasm) wasm = (async () => {
    try {
      const m = await WebAssembly.compileStreaming(fetch("patience.wasm"));
      document.body.dataset.wasmCompiled = performance.now().toFixed(0);
      return m;
    } catch (e) {
      // A server that does not send application/wasm: read it whole.
      const buf = await (await fetch("patience.wasm")).arrayBuffer();
      return WebAssembly.compile(buf);
    }
  })();
  return wasm;
}

// The game worker (worker.js) is the only holder of the face-down cards:
// the page gets the player's view, each face-down card as "??", and sends
// back the positions it was given. The game worker runs the searches in a
// worker of its own, which it ends on Cancel.
export class Engine {
  constructor() {
    this.next = 1;
    this.worker = null;
  }
  start() {
    this.pending = new Map();
    const w = new Worker("worker.js");
    this.worker = w;
    this.sent = false;
    this.ready = new Promise((resolve, reject) => {
      this.fault = reject;
      w.onmessage = (e) => {
        const d = e.data;
        if (d.ready) { resolve(); return; }
        if (d.fatal) { reject(new Error(d.fatal)); fail(d.fatal); return; }
        const p = this.pending.get(d.id);
        if (!p) return;
        this.pending.delete(d.id);
        if (d.cancelled) p.reject(new Cancelled());
        else p.resolve(d.ans);
      };
      w.onerror = (e) => { const m = "the solver failed to load: " + (e.message || e); reject(new Error(m)); fail(m); };
    });
  }
  // ensure starts the worker if it is not running yet, and Go in it.
  ensure() {
    if (!this.worker) this.start();
    if (!this.sent) {
      this.sent = true;
      const w = this.worker;
      compiled().then((module) => w.postMessage({ module }), (e) => { const m = "cannot load patience.wasm: " + e; this.fault(new Error(m)); fail(m); });
    }
    return this.ready;
  }
  // early deals a numbered deal in the game worker before Go runs there,
  // with deal.js: the first board need not wait for patience.wasm. The
  // worker keeps the deal's face-down cards, as for any deal.
  early(req) {
    if (!this.worker) this.start();
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject, searching: false });
      this.worker.postMessage({ id, early: true, req });
    });
  }
  call(req, searching) {
    return this.ensure().then(() => new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject, searching });
      this.worker.postMessage({ id, req });
    }));
  }
  // cancel ends the searches: the game worker ends its searching worker
  // (a search in WebAssembly does not return to the event loop) and
  // starts a new one.
  cancel() {
    this.worker.postMessage({ cancel: true });
    for (const [id, p] of this.pending) if (p.searching) { this.pending.delete(id); p.reject(new Cancelled()); }
  }
  busy() { return !!this.worker && [...this.pending.values()].some((p) => p.searching); }
}
export class Cancelled extends Error { constructor() { super("cancelled"); } }

export const quick = new Engine();
// search is the same worker, for the searches, which Cancel ends.
export const search = {
  call: (req) => quick.call(req, true),
  cancel: () => quick.cancel(),
  busy: () => quick.busy(),
  ensure: () => { quick.ensure().then(() => quick.worker.postMessage({ warm: true })); return quick.ready; },
};

// ask sends a request to the quick worker and throws its error, if any.
export async function ask(req) {
  const a = await quick.call(req);
  if (a.error) throw new Error(a.error);
  return a;
}
