// @ts-check
// Searches: solve, hint and "Can I still win?", in the search worker.

import { announce, fail, say } from "./announce.js";
import { Cancelled, loading, search } from "./api.js";
import { mark, render, rove, showDown } from "./board.js";
import { S, pos, setHintMove, solvedFrom } from "./state.js";
import { assisted, hinted } from "./stats.js";
import { drawMeter } from "./side.js";
import { $, tens } from "./util.js";

/**
 * @typedef {import("./api.js").Answers} Answers
 * @typedef {import("./api.js").Request} Request
 * @typedef {import("./api.js").Solve} Solve
 * @typedef {import("./api.js").Hint} Hint
 * @typedef {import("./api.js").Progress} Progress
 */

// search.js comes below play.js and links.js in the order of the modules
// (see app.js): the functions of theirs that it calls, app.js hands it at
// start-up (connectSearch), before any of them can run.
/**
 * @typedef {object} SearchNeeds
 * @property {() => void} stopPlay
 * @property {(move: string) => Promise<boolean>} handMove
 * @property {() => void} saveURL
 */
/** @type {SearchNeeds["stopPlay"]} */
let stopPlay;
/** @type {SearchNeeds["handMove"]} */
let handMove;
/** @type {SearchNeeds["saveURL"]} */
let saveURL;

// connectSearch gives search.js play.js's stopPlay and handMove and
// links.js's saveURL.
/** @param {SearchNeeds} fns */
export function connectSearch(fns) {
  ({ stopPlay, handMove, saveURL } = fns);
}

// ---------- searches ----------

/** @type {number | null} */
export let timer = null;

// far is how far the search under way has come, in words, from its last
// progress (progressed); "" until one comes. shown writes the status
// line afresh.
let far = "";
let shown = () => {};

// busy shows text in the status line, with the time since and, once the
// search reports it, how far it has come, again each tenth of a second.
// The status line is not the live region: a screen reader is not told
// each change (runSearch says the start, the caller the result).
/** @param {string} text */
export function busy(text) {
  document.body.dataset.busy = "1";
  $("spinner").hidden = false;
  $("cancel-btn").hidden = false;
  const t0 = performance.now();
  far = "";
  // While the solver loads, the search waits for it: the line says so.
  const show = () => {
    const wait = loading();
    $("status-text").textContent = `${wait ? wait + ", then " : ""}${text} ${far ? far + ", " : ""}${((performance.now() - t0) / 1000).toFixed(1)} s`;
  };
  show();
  shown = show;
  clearInterval(timer);
  timer = setInterval(show, 100);
}
// progressed takes a search's progress for the status line (busy):
// "1.2 million positions searched, 1% of the budget" ("under 1%" before
// the first whole one).
/** @param {Progress} p */
export function progressed(p) {
  const n = count(p.searched), of = count(p.budget);
  const words = n >= 1e6 ? `${(n / 1e6).toFixed(1)} million` : n.toLocaleString("en-GB");
  const pct = of > 0 ? Math.min(100, Math.floor(100 * n / of)) : -1;
  far = `${words} positions searched` + (pct < 0 ? "" : pct < 1 ? ", under 1% of the budget" : `, ${pct}% of the budget`);
  if (document.body.dataset.busy) shown();
}
/** @param {string} [text] */
export function idle(text) {
  // Cancel hides itself: the focus it had goes to the board.
  const cancelled = document.activeElement === $("cancel-btn");
  delete document.body.dataset.busy;
  clearInterval(timer);
  $("spinner").hidden = true;
  $("cancel-btn").hidden = true;
  $("status-text").textContent = text || "";
  if (cancelled) rove(true);
}

// sayLoading says, while the solver is loading, that it is, how far it
// has come, and then, what happens once it has loaded; again each second
// until it has. It gives the function that stops it.
/** @param {string} then */
export function sayLoading(then) {
  if (!loading()) return () => {};
  const show = () => { const wait = loading(); if (wait) say(`${wait}: ${then}`); else clearInterval(t); };
  const t = setInterval(show, 1000);
  show();
  return () => clearInterval(t);
}

// asked says the search under way, if any, was asked for by the player,
// not the check after a move.
let asked = false;

// runSearch runs a search in the searching worker, with text in the status
// line, and how far it has come when it says (solve, par); unless quiet
// (the check after a move, said with the move), a screen reader hears
// that it started, and then its result, from the caller: not each tenth
// of a second of the status line, nor each report of progress.
/**
 * @template {keyof Answers} K
 * @param {string} text
 * @param {Request & { op: K }} req
 * @param {boolean} [quiet]
 * @returns {Promise<Answers[K] | null>}
 */
export async function runSearch(text, req, quiet) {
  if (search.busy()) {
    // The check after a move gives way to a search the player asked for
    // meanwhile (a Hint pressed while the move was being played out).
    if (quiet && asked) return null;
    search.cancel();
  }
  asked = !quiet;
  busy(text);
  if (!quiet) announce(text);
  try {
    const a = await search.call(req, progressed);
    idle("");
    if (a.error) { fail(a.error); return null; }
    return a;
  } catch (e) {
    if (e instanceof Cancelled) return null;
    idle("");
    fail(e.message);
    return null;
  }
}

export function budget() { return Number($("budget").value); }

/** @param {"solve" | "shortest"} kind */
export async function runSolve(kind) {
  if (!S.start) return;
  stopPlay();
  const from = S.cur;
  const p = pos();
  assisted();
  const a = await runSearch(kind === "shortest" ? "Finding the shortest solution…" : "Solving…", { op: "solve", position: p, maxNodes: budget(), shortest: kind === "shortest" });
  if (!a) return;
  solvedFrom(from, kind, a.line);
  showVerdict(a, from);
  render();
  saveURL();
  return a;
}

// clearVerdict takes away the verdict and the hint shown.
export function clearVerdict() {
  $("verdict").textContent = "";
  $("verdict").className = "";
  $("hint").textContent = "";
}

/** @param {Solve} a @param {number} from */
export function showVerdict(a, from) {
  const v = $("verdict");
  v.className = "verdict " + a.verdict;
  v.innerHTML = "";
  const head = document.createElement("p");
  head.className = "head";
  head.textContent = a.verdict === "solvable" ? "Solvable" : a.verdict === "unsolvable" ? "Unsolvable" : "Unknown";
  v.appendChild(head);
  for (const l of a.lines.concat([a.searched])) {
    const p = document.createElement("p");
    p.textContent = l;
    v.appendChild(p);
  }
  if (from > 0) {
    const p = document.createElement("p");
    p.className = "note";
    p.textContent = `From the position after move ${from}.`;
    v.appendChild(p);
  }
  if (a.verdict === "solvable") {
    const p = document.createElement("p");
    p.className = "note";
    p.textContent = "Press ▶ to watch, or step with ← →.";
    v.appendChild(p);
  }
  announce(head.textContent + ". " + a.lines.join(" "));
}

// runHint asks for a hint (next: the next move too) or "Can I still
// win?"; afterMove: the check after a move, said with the move.
/** @param {boolean} next @param {boolean} [afterMove] */
export async function runHint(next, afterMove) {
  if (!S.start) return;
  // The face-down cards being shown or hidden: ask of the view to come.
  if (S.reshowing) await S.reshowing;
  const hide = !showDown();
  const label = next ? "Hint" : "Can I still win?";
  // Where the game is over (checkOver), "Can I still win?" says what the
  // page said there, not a search's share of ways that contradicts it.
  if (!next && S.over && S.over.words && S.over.at === S.cur) { overAnswer(label, S.over.words); return; }
  // The game's positions before this one: the hint never sends the
  // player back to one of them.
  const history = next ? S.positions.slice(0, S.cur) : undefined;
  const at = pos();
  const a = await runSearch(`${label}: searching…`, { op: "hint", position: at, hide, samples: Number($("samples").value), maxNodes: budget(), next, history }, afterMove);
  // An answer for a position no longer on screen (an undo, a step, a new
  // deal meanwhile) is stale: it is neither shown nor said.
  if (!a || pos() !== at) return;
  const h = hintHead(label);
  // The kind of answer: left out of sight on a phone, where room is short.
  const kind = document.createElement("span");
  kind.className = "kind";
  kind.textContent = a.exact ? " — exact, every card known" : " — the player's view, face-down cards unknown";
  h.firstChild.appendChild(kind);
  hintBody(h, a);
  announce(label + ": " + [...h.querySelectorAll(":scope > p:not(.head):not(.note)")].map((p) => p.textContent).join(" "), afterMove);
  h.className = "hint " + (a.exact ? a.verdict : count(a.winnable) > 0 ? "solvable" : count(a.unknown) > 0 || !allTried(a) ? "unknown" : "unsolvable");
  setHintMove(a.move);
  // A hint shown counts for the game (won with hints); "Can I still
  // win?" is free.
  if (next) { hinted(); drawMeter(); }
  h.dataset.move = a.move ? a.move.move : "";
  h.dataset.exact = a.exact ? "1" : "";
  if (a.move) {
    const b = document.createElement("button");
    // In the page's words, as the list of moves says it: "Play J♥ onto
    // Q♥" (what it turns up is in the hint above).
    b.textContent = "Play " + tens(a.move.text.split(";")[0]);
    b.id = "play-hint";
    b.addEventListener("click", () => handMove(a.move.move));
    h.appendChild(b);
  }
  mark();
}

// hintHead empties the box of Hint and "Can I still win?" for a new
// answer, headed by label, and gives it.
/** @param {string} label */
function hintHead(label) {
  const h = $("hint");
  h.innerHTML = "";
  const head = document.createElement("p");
  head.className = "head";
  head.textContent = label;
  h.appendChild(head);
  return h;
}

// overAnswer answers "Can I still win?" at a position where the game is
// over, in the words the page said there.
/** @param {string} label @param {string} words */
function overAnswer(label, words) {
  const h = hintHead(label);
  const p = document.createElement("p");
  p.textContent = words;
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = "Undo to try another way, or ask “Where did I go wrong?”.";
  h.append(p, note);
  h.className = "hint unsolvable";
  h.dataset.move = "";
  h.dataset.exact = "";
  setHintMove(null);
  announce(label + ": " + words);
  mark();
}

// count is a count of the worker's answer: a whole number, or 0 when the
// answer has none (an older worker left out the counts that were 0), so
// that the page never words "undefined" or "NaN".
/** @param {number} [x] @returns {number} */
export function count(x) { return Number.isSafeInteger(x) && x >= 0 ? x : 0; }

// allTried says a share of the player's view came from every arrangement
// of the unseen cards, not a sample: only then is "cannot be won" proven.
/** @param {Hint} a */
export function allTried(a) { return a.all === true; }

// hintBody writes the answer of Hint or "Can I still win?" in a player's
// words: for the player's view, in how many of the ways the hidden cards
// could lie the game can still be won, what that number means, and the
// statistics behind a "details" toggle.
/** @param {HTMLElement} h @param {Hint} a */
export function hintBody(h, a) {
  /** @param {string} text @param {HTMLElement} [el] */
  const para = (text, el) => { const p = document.createElement("p"); p.textContent = tens(text); (el || h).appendChild(p); return p; };
  if (a.exact) {
    for (const l of a.lines) para(l);
    para(a.searched).className = "note";
    return;
  }
  const of = count(a.of), winnable = count(a.winnable), unknown = count(a.unknown);
  const ways = `${of} ${of === 1 ? "way the hidden cards could lie" : "ways the hidden cards could lie"}`;
  if (winnable > 0) para(`Can still be won in ${winnable} of ${ways}.`);
  else if (unknown === 0 && allTried(a)) para(`Cannot be won: none of the ${ways} wins.`);
  else if (unknown === 0) para(`None of the ${ways} that were tried can be won. That is not a proof: not every way was tried.`);
  else para(`None of the ${ways} that were decided can be won; ${unknown} more ran out of budget.`);
  const plain = /^(Best move|It can be undone at once|No move can help|There is no legal move|No card can move|Every move goes back|No move back)/;
  for (const l of a.lines) if (plain.test(l)) para(l);
  para("This counts the games in which every card would be known from now on, so it is an upper bound: playing without seeing the face-down cards wins less often.").className = "note";
  const d = document.createElement("details");
  const s = document.createElement("summary");
  s.textContent = "details";
  d.appendChild(s);
  for (const l of a.lines) if (!plain.test(l) && !/^This is an upper bound/.test(l)) para(l, d);
  para(a.searched, d);
  h.appendChild(d);
}
