// @ts-check
// The Web Workers: they run the project's Go packages compiled to
// WebAssembly (patience.wasm, compiled by the page and sent here as a
// module). All rules and searches run in Go.
//
// The page talks to one worker, the game worker, and that worker is the
// only holder of the face-down cards: it keeps the full start position of
// the game, and the page receives the player's view, each face-down card
// as "??", and each card's identity only once it is face up. The page
// sends back the positions it was given; the game worker fills in their
// face-down cards (a column's face-down cards are always the first ones it
// was dealt with, since cards only ever turn up) before Go sees them.
// The face-down cards are revealed only when the player asks: "Show
// face-down cards" (op show), a pasted position (op read: the player
// knows it), and a solution (op solve), whose positions show each card as
// the solution turns it up.
//
// Searches run in a second worker that the game worker starts, so that
// Cancel can end a search (which never returns to the event loop) by
// ending that worker, without the page ever holding the hidden cards.
"use strict";
// deal.js is fetched at once, beside wasm_exec.js: the game worker's first
// request is usually for an early board.
const dealing = import("./deal.js");
importScripts("wasm_exec.js");

/**
 * What the worker reads of the page's requests and Go's answers (the rest
 * passes through as it is; api.js has the whole of them).
 * @typedef {{ down?: string[], up: string[] }} Pile
 * @typedef {{ game: string, tableau: Pile[] }} Position
 * @typedef {{ positions: Position[] }} Line
 * @typedef {object} PageRequest
 * @property {string} op
 * @property {Position} [position]
 * @property {Position[]} [positions]
 * @property {Position[]} [history]
 * @property {boolean} [reveal]
 * @property {boolean} [hide]
 * @property {string} [game]  early
 * @property {string} [number]  early
 * @typedef {Record<string, any>} Answer  Go's answer, parsed from its JSON
 */

let role = "";         // "game" or "search"
/** @type {WebAssembly.Module | null} */
let module = null;     // the compiled patience.wasm
/** @type {Position | null} */
let full = null;       // game: the full start position of the game
let reveal = false;    // game: the player asked to see the face-down cards
/** @type {Worker | null} */
let child = null;      // game: the searching worker
/** @type {Promise<void> | null} */
let childReady = null; // game: resolves once the searching worker runs Go
/** @type {Map<number, (ans: Answer) => void>} */
const searching = new Map(); // game: id -> reply, of the searches under way

/** @param {WebAssembly.Module} m */
function startGo(m) {
  const go = new Go();
  return WebAssembly.instantiate(m, go.importObject).then((inst) => { go.run(inst); });
}

// goCall asks Go in this worker; progress, when given, hears how far a
// search has come while it runs (play.Progress), as Go tells it.
/** @param {PageRequest} req @param {(p: Answer) => void} [progress] @returns {Promise<Answer>} */
function goCall(req, progress) {
  return new Promise((resolve) => self.patienceCall(JSON.stringify(req), (ans) => resolve(JSON.parse(ans)),
    progress && ((p) => progress(JSON.parse(p)))));
}

function startChild() {
  child = new Worker("worker.js");
  childReady = new Promise((resolve) => {
    child.onmessage = (e) => {
      const d = e.data;
      if (d.ready) { resolve(); return; }
      if (d.fatal) { self.postMessage({ fatal: d.fatal }); return; }
      // A search's progress goes on to the page as it comes.
      if (d.progress) { if (searching.has(d.id)) self.postMessage({ id: d.id, progress: d.progress }); return; }
      const reply = searching.get(d.id);
      if (reply) { searching.delete(d.id); reply(d.ans); }
    };
  });
  child.postMessage({ module, role: "search" });
}

// childCall asks Go in the searching worker.
/** @param {number} id @param {PageRequest} req @returns {Promise<Answer>} */
function childCall(id, req) {
  if (!child) startChild();
  return childReady.then(() => new Promise((resolve) => {
    searching.set(id, resolve);
    child.postMessage({ id, req });
  }));
}

function cancelSearches() {
  if (child) child.terminate();
  for (const id of searching.keys()) self.postMessage({ id, cancelled: true });
  searching.clear();
  startChild();
}

// view is what the page may see of position p: every face-down card as
// "??", unless the player asked to see them.
/** @param {Position} p @returns {Position} */
function view(p) {
  if (!p || reveal) return p;
  return Object.assign({}, p, { tableau: p.tableau.map((pl) => ({ down: (pl.down || []).map(() => "??"), up: pl.up })) });
}

// unmask fills in the face-down cards of a position the page sent.
/** @param {Position} p @returns {Position} */
function unmask(p) {
  if (!p || !full || !p.tableau || p.game !== full.game) return p;
  return Object.assign({}, p, {
    tableau: p.tableau.map((pl, i) => {
      const down = pl.down || [];
      const known = full.tableau[i] ? full.tableau[i].down || [] : [];
      if (!down.includes("??") || known.length < down.length) return pl;
      return { down: known.slice(0, down.length), up: pl.up };
    }),
  });
}

/** @param {Line} l */
function viewLine(l) {
  if (l && l.positions) l.positions = l.positions.map(view);
  return l;
}

// early deals a numbered deal with deal.js, before Go runs here (the
// first board of the page); the page gets the player's view, as for op
// deal, and this worker keeps the whole deal.
/** @param {PageRequest} req */
async function early(req) {
  try {
    const dealer = await dealing;
    const number = dealer.parseNumber(req.number);
    const p = dealer.deal(req.game, number);
    full = p;
    reveal = false;
    return { position: view(p), number };
  } catch (e) {
    return { error: e.message };
  }
}

// handle answers one request of the page.
/** @param {number} id @param {PageRequest} req @returns {Promise<Answer>} */
async function handle(id, req) {
  switch (req.op) {
    case "deal": case "random": case "daily": case "read": {
      const a = await goCall(req);
      if (a.error) return a;
      full = a.position;
      reveal = req.op === "read" || !!req.reveal;
      return Object.assign({}, a, { position: view(a.position) });
    }
    case "show": // the player asks to see the face-down cards
      reveal = true;
      return { positions: (req.positions || []).map(unmask) };
    case "hide":
      reveal = false;
      return { positions: (req.positions || []).map(view) };
  }
  req = Object.assign({}, req);
  // The legal moves are listed from the player's view (a move's words
  // would name the card it turns up), and whether the game is over is
  // the player's question.
  if (req.position && req.op !== "legal" && req.op !== "over") req.position = unmask(req.position);
  if (req.history) req.history = req.history.map(unmask);
  switch (req.op) {
    case "solve":
      return childCall(id, req).then((a) => { viewLine(a.line); return a; });
    case "par": // a search, which Cancel ends: the page gets numbers only
      return childCall(id, req);
    case "hint":
      // Hint and "Can I still win?" answer from the player's view until
      // the player asks to see the cards.
      if (!reveal) req.hide = true;
      return childCall(id, req);
    case "review": {
      // Where did I go wrong? needs the full deal; the page gets only
      // where the game was lost, the judgement, the counts and the lines
      // that name no move but the one played.
      const a = await childCall(id, req);
      if (a.error || reveal) return a;
      const { lostAt, judgement, bestWon, playedWon, pairs, same, size, won, lost, viewLines } = a;
      return { lostAt, judgement, bestWon, playedWon, pairs, same, size, won, lost, lines: viewLines };
    }
    case "line":
      return viewLine(/** @type {Line} */ (await goCall(req)));
  }
  return goCall(req);
}

self.onmessage = async (e) => {
  const d = e.data;
  if (d.module) {
    module = d.module;
    role = d.role || "game";
    try {
      await startGo(module); // Go's main posts {ready: true} once patienceCall is set
    } catch (err) {
      self.postMessage({ fatal: "cannot start patience.wasm: " + err });
    }
    return;
  }
  if (role === "search") {
    // Go tells how far a search has come from inside it (this worker's
    // event loop waits until it ends): the game worker passes it on.
    goCall(d.req, (progress) => self.postMessage({ id: d.id, progress })).then((ans) => self.postMessage({ id: d.id, ans }));
    return;
  }
  if (d.early) { self.postMessage({ id: d.id, ans: await early(d.req) }); return; }
  if (d.cancel) { cancelSearches(); return; }
  if (d.warm) { if (!child) startChild(); return; } // once the board is on screen
  const ans = await handle(d.id, d.req);
  if (ans !== undefined) self.postMessage({ id: d.id, ans });
};
