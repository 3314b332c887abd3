// @ts-check
// The workers: the Go engine (patience.wasm) in Web Workers, and ask(),
// the one way the page calls it.

import { fail } from "./announce.js";

// ---------- the worker's documents ----------

// The requests and answers of the game worker, as the page uses them: the
// JSON of Go's web/play (Request, and an answer type for each op), the
// worker's own ops (early, show, hide) and its view of review. A position
// is the player's view: each face-down card "??" until the player asks to
// see them.

/**
 * @typedef {{ down: string[], up: string[] }} Pile
 * @typedef {{ C: number, S: number, H: number, D: number }} Foundations
 * @typedef {object} Position rules.PositionDoc
 * @property {string} game
 * @property {string} [number]
 * @property {Pile[]} tableau
 * @property {(string | null)[]} cells
 * @property {Foundations} foundations
 *
 * @typedef {object} Move play.MoveDoc: one move as the page shows it
 * @property {string} move  short notation, "5C t3>t6"
 * @property {string} card
 * @property {string} from
 * @property {string} to
 * @property {string[]} cards  the cards that move, bottom first
 * @property {string} text  what it does in words
 * @property {boolean} [auto]  an automatic foundation move
 * @property {boolean} [safe]  a safe automatic foundation move, whoever played it: not counted (stats.js moveCount)
 *
 * @typedef {{ index: number, move: string, reason: string }} Refusal
 * @typedef {object} Line play.LineAnswer: a line of moves replayed
 * @property {Position[]} positions  the start, then the position after each move
 * @property {Move[]} moves
 * @property {Refusal} [refused]  the first move refused; the line stops before it
 * @property {boolean} won  the last position is won: the one judge of a win
 *
 * @typedef {{ verdict: string, from: string, difficulty?: string }} Known
 * @typedef {{ position: Position, number?: string, known?: Known }} PositionAnswer
 * @typedef {{ hintSamples: number, reviewSamples: number, storySamples: number, maxNodes: number }} Defaults
 * @typedef {{ over: boolean, why?: string }} Over
 * @typedef {object} Solve play.SolveAnswer
 * @property {string} verdict  "solvable", "unsolvable" or "unknown"
 * @property {string[]} lines
 * @property {string} searched
 * @property {Line} [line]  the win, when solvable
 * @typedef {{ played: number, par: number, proven: boolean, searched: string }} Par
 * @typedef {{ searched: number, budget: number }} Progress play.Progress: how far a search has come, while it runs
 * @typedef {object} Hint play.HintAnswer
 * @property {boolean} exact
 * @property {string} verdict
 * @property {number} [winnable]
 * @property {number} [of]
 * @property {number} [unknown]
 * @property {boolean} [all]
 * @property {Move} [move]
 * @property {string[]} lines
 * @property {string} searched
 * @typedef {object} Review play.ReviewAnswer as the worker passes it on
 * @property {number} lostAt
 * @property {string} [judgement]
 * @property {string[]} lines  the worker's words, none naming a hidden card
 * @typedef {{ positions: Position[] }} Positions
 *
 * @typedef {object} Answers the answer of each op
 * @property {Defaults} defaults
 * @property {PositionAnswer} deal
 * @property {PositionAnswer} random
 * @property {PositionAnswer} daily
 * @property {PositionAnswer} read
 * @property {Line} line
 * @property {{ moves: Move[] }} legal
 * @property {Over} over
 * @property {Solve} solve
 * @property {Par} par
 * @property {Hint} hint
 * @property {Review} review
 * @property {Positions} show
 * @property {Positions} hide
 *
 * @typedef {object} Request play.Request, and the worker's show and hide
 * @property {keyof Answers} op
 * @property {string} [game]
 * @property {string} [number]
 * @property {boolean} [winnable]
 * @property {string} [difficulty]
 * @property {number} [seed]
 * @property {string} [date]  daily: YYYY-MM-DD
 * @property {string} [text]
 * @property {boolean} [reveal]  deal, random, daily: the face-down cards shown
 * @property {Position} [position]
 * @property {Position[]} [positions]  show, hide
 * @property {string[]} [moves]
 * @property {boolean} [auto]
 * @property {number} [maxNodes]
 * @property {boolean} [shortest]
 * @property {boolean} [hide]
 * @property {number} [samples]
 * @property {boolean} [next]
 * @property {Position[]} [history]
 *
 * @typedef {{ error?: string }} Failed  an answer that failed has only error
 * @typedef {{ position: Position, number: string } & Failed} Early  the worker's early deal
 */

// ---------- the workers ----------

// compiled is patience.wasm, compiled once here (off the main thread)
// and handed to every worker, which then only instantiates it: a worker
// started again after Cancel is ready at once. The file is fetched from
// the start (index.html preloads it); the compiling waits for the first
// call, made once an early board is on screen, so that the two do not
// share the processor.
/** @type {Promise<WebAssembly.Module> | null} */
let wasm = null;
export function compiled() {
  if (!wasm) wasm = (async () => {
    try {
      const r = await fetch("patience.wasm");
      counting(r.clone());
      const m = await WebAssembly.compileStreaming(r);
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

// download is how far patience.wasm has come, in bytes as received
// (unpacked): got of total, total 0 when the server does not say.
export const download = { got: 0, total: 0 };

// counting reads a copy of patience.wasm's response as it comes, to count
// its bytes. A gzipped body arrives unpacked: its size is the server's
// X-Decoded-Length, not Content-Length.
/** @param {Response} r */
async function counting(r) {
  const h = r.headers;
  download.total = Number(h.get("Content-Encoding") ? h.get("X-Decoded-Length") : h.get("Content-Length")) || 0;
  try {
    const reader = r.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      download.got += value.byteLength;
    }
  } catch (e) { /* the compiling says what failed */ }
}

// loading says, while the solver is not yet running, that it is loading,
// with how far it has come: "The solver is loading (45%)"; once it runs,
// "".
export function loading() {
  if (quick.up) return "";
  const { got, total } = download;
  const far = total ? ` (${Math.min(100, Math.floor(100 * got / total))}%)` : got ? ` (${(got / 1e6).toFixed(1)} MB)` : "";
  return "The solver is loading" + far;
}

// The game worker (worker.js) is the only holder of the face-down cards:
// the page gets the player's view, each face-down card as "??", and sends
// back the positions it was given. The game worker runs the searches in a
// worker of its own, which it ends on Cancel.
export class Engine {
  constructor() {
    this.next = 1;
    /** @type {Worker | null} */
    this.worker = null;
    // The requests sent and not yet answered, by id (start makes it): a
    // search is one that Cancel ends.
    /** @type {Map<number, { resolve: (ans: any) => void, reject: (e: Error) => void, searching: boolean, progress?: (p: Progress) => void }>} */
    this.pending = null;
    // sent: Go was sent to the worker; ready resolves once it runs there;
    // fault rejects ready.
    this.sent = false;
    /** @type {Promise<void>} */
    this.ready = null;
    /** @type {(e: Error) => void} */
    this.fault = null;
    // up: Go runs in the worker (ready has resolved).
    this.up = false;
    // cancels counts the Cancels: a search cancelled while it waited for
    // the solver to load is never sent.
    this.cancels = 0;
  }
  start() {
    this.pending = new Map();
    const w = new Worker("worker.js");
    this.worker = w;
    this.sent = false;
    this.up = false;
    this.ready = new Promise((resolve, reject) => {
      this.fault = reject;
      w.onmessage = (e) => {
        const d = e.data;
        if (d.ready) { this.up = true; resolve(); return; }
        if (d.fatal) { reject(new Error(d.fatal)); fail(d.fatal); return; }
        const p = this.pending.get(d.id);
        if (!p) return;
        if (d.progress) { if (p.progress) p.progress(d.progress); return; }
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
  /**
   * @param {{ game: string, number: string }} req
   * @returns {Promise<Early>}
   */
  early(req) {
    if (!this.worker) this.start();
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject, searching: false });
      this.worker.postMessage({ id, early: true, req });
    });
  }
  /**
   * call sends req to the worker; the answer is what the worker sent, of
   * the type ask and search.call give it. progress, when given, hears how
   * far a search has come while it runs (solve and par).
   * @param {Request} req
   * @param {boolean} [searching]
   * @param {(p: Progress) => void} [progress]
   * @returns {Promise<any>}
   */
  call(req, searching, progress) {
    const cancels = this.cancels;
    return this.ensure().then(() => new Promise((resolve, reject) => {
      if (searching && cancels !== this.cancels) { reject(new Cancelled()); return; }
      const id = this.next++;
      this.pending.set(id, { resolve, reject, searching, progress });
      this.worker.postMessage({ id, req });
    }));
  }
  // cancel ends the searches: the game worker ends its searching worker
  // (a search in WebAssembly does not return to the event loop) and
  // starts a new one. Before Go runs there, no search has been sent: the
  // ones waiting are not sent.
  cancel() {
    this.cancels++;
    if (this.up) this.worker.postMessage({ cancel: true });
    for (const [id, p] of this.pending) if (p.searching) { this.pending.delete(id); p.reject(new Cancelled()); }
  }
  busy() { return !!this.worker && [...this.pending.values()].some((p) => p.searching); }
}
export class Cancelled extends Error { constructor() { super("cancelled"); } }

export const quick = new Engine();
// search is the same worker, for the searches, which Cancel ends.
export const search = {
  /**
   * @template {keyof Answers} K
   * @param {Request & { op: K }} req
   * @param {(p: Progress) => void} [progress]
   * @returns {Promise<Answers[K] & Failed>}
   */
  call: (req, progress) => quick.call(req, true, progress),
  cancel: () => quick.cancel(),
  busy: () => quick.busy(),
  ensure: () => { quick.ensure().then(() => quick.worker.postMessage({ warm: true })); return quick.ready; },
};

// ask sends a request to the quick worker and throws its error, if any.
/**
 * @template {keyof Answers} K
 * @param {Request & { op: K }} req
 * @returns {Promise<Answers[K]>}
 */
export async function ask(req) {
  const a = await quick.call(req);
  if (a.error) throw new Error(a.error);
  return a;
}
