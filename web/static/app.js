// @ts-check
// The page: it draws the board and handles events. Every rule and every
// search runs in Go (patience.wasm) in Web Workers: "quick" answers at once
// (deal, read, replay a line, legal moves), "search" runs the solver and can
// be cancelled, which ends that worker and starts a new one.
//
// The script is ES modules, one a concern, loaded from index.html with
// type="module" (no build step). Each imports only modules before it in
// this order, never one after it (TestScriptImportsNoCycle):
//
//   util.js      shared constants and pure helpers
//   state.js     the state of the page, S
//   announce.js  messages
//   api.js       the workers
//   stats.js     Your games
//   side.js      the side panel
//   board.js     drawing, keyboard, animation
//   search.js    solve and hint
//   play.js      moving, hand moves, drag and drop, review
//   links.js     deals and the address
//   app.js       this file: it wires the events and starts the page
//
// (deal.js, which imports nothing, is loaded by the game worker.)
//
// Where a module calls one after it (search.js calls play.js's handMove,
// play.js links.js's loadDeal), it is handed the function at start-up by
// connect, below.

import { announce, clearError, fail, say } from "./announce.js";
import { ask, quick, search } from "./api.js";
import { boardKey, fit, fitLater, keepAnswersInSight, mark, setFocus } from "./board.js";
import { loadDeal, loadRandom, parseURL, restore, saveURL, sayReadAs, setStart, writtenURL } from "./links.js";
import { clickOn, connectPlay, finish, go, handMove, quit, redo, restart, runReview, sayStep, showOrHide, stopPlay, toFoundation, togglePlay, undo, wireDrag, wireStory } from "./play.js";
import { connectSearch, idle, runHint, runSolve } from "./search.js";
import { drawMeter, drawSide } from "./side.js";
import { S, deselect, setDeal } from "./state.js";
import { clearStats, drawStats, inProgress, keepGame, knownNow, meterText } from "./stats.js";
import { $ } from "./util.js";

// ---------- events ----------

// wire connects every control of the page to what it does.
export function wire() {
  wireDeals();
  wireButtons();
  wireSettings();
  wireBoard($("board"));
  document.addEventListener("keydown", pageKey);
  // Our own replaceState does not fire hashchange; a link or a typed
  // address does. Restores run one after another, so the last address
  // given is the one on screen.
  /** @type {Promise<unknown>} */
  let restoring = Promise.resolve();
  window.addEventListener("hashchange", () => {
    const h = location.hash; // as given: an earlier restore may rewrite it
    restoring = restoring.then(async () => {
      // Back, Forward or a link would leave the game in progress: asked
      // first, a "no" puts its address back.
      const was = writtenURL();
      if (h !== was && !(await leaveOK("Going to another address"))) {
        history.pushState(null, "", was);
        return;
      }
      await restore(h);
    }).catch((e) => fail(e.message));
  });
  // The clock of the game on screen as the page goes, for a reload.
  window.addEventListener("pagehide", () => keepGame());
}

// ---------- leaving a game ----------

// leaveOK asks, before the game on screen is left for another while it is
// in progress (played, not won, not ended: inProgress), whether to leave
// it, as a left game counts as played and lost; it says whether to go on.
// The question is a modal dialog (#leave): the focus goes to Keep playing,
// Escape keeps playing too, and the focus comes back where it was.
/** @param {string} what  what leaves the game: "Deal 618", "A random deal" */
export async function leaveOK(what) {
  if (!inProgress()) return true;
  const d = /** @type {HTMLDialogElement} */ ($("leave"));
  const back = /** @type {HTMLElement | null} */ (document.activeElement);
  $("leave-text").textContent = `${what} leaves this game (${meterText()}): it then counts as played and lost, and ends your streak. The browser's Back brings it back, to look at.`;
  d.returnValue = "";
  /** @type {Promise<string>} */
  const closed = new Promise((ok) => d.addEventListener("close", () => ok(d.returnValue), { once: true }));
  d.showModal();
  $("leave-stay").focus();
  const v = await closed;
  if (back && back !== document.body && document.contains(back)) back.focus();
  return v === "leave";
}

// wireDeals connects the ways to a deal: a number, a random deal (or the
// deal of the day), a pasted position.
function wireDeals() {
  $("deal-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const game = $("game").value, number = $("number").value.trim();
    if (await leaveOK(`Deal ${number}`)) loadDeal(game, number);
  });
  $("random-btn").addEventListener("click", async () => {
    if (await leaveOK("A random deal")) loadRandom();
  });
  $("paste-btn").addEventListener("click", () => {
    const f = $("paste");
    f.hidden = !f.hidden;
    $("paste-btn").setAttribute("aria-expanded", String(!f.hidden));
    if (!f.hidden) $("paste-text").focus();
  });
  // Escape closes it, and the focus goes back to the button that opened
  // it.
  $("paste").addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    e.preventDefault();
    e.stopPropagation();
    $("paste").hidden = true;
    $("paste-btn").setAttribute("aria-expanded", "false");
    $("paste-btn").focus();
  });
  $("paste").addEventListener("submit", async (e) => {
    e.preventDefault();
    stopPlay();
    try {
      const a = await ask({ op: "read", text: $("paste-text").value });
      say("");
      setDeal(a.position.game, a.number, a.known);
      $("game").value = S.game;
      $("number").value = S.number;
      $("paste").hidden = true;
      $("paste-btn").setAttribute("aria-expanded", "false");
      await setStart(a.position, null);
    } catch (err) {
      fail(err.message);
    }
  });
}

// wireButtons connects the searches and the buttons that move through the
// line.
function wireButtons() {
  $("solve-btn").addEventListener("click", () => runSolve("solve"));
  $("shortest-btn").addEventListener("click", () => runSolve("shortest"));
  $("hint-btn").addEventListener("click", () => runHint(true));
  $("canwin-btn").addEventListener("click", () => runHint(false));
  $("cancel-btn").addEventListener("click", () => {
    search.cancel();
    idle("Cancelled.");
    announce("Cancelled.");
  });
  $("first-btn").addEventListener("click", () => { stopPlay(); clearError(); go(0); sayStep(); });
  $("prev-btn").addEventListener("click", undo);
  $("undo-btn").addEventListener("click", undo);
  $("next-btn").addEventListener("click", redo);
  $("last-btn").addEventListener("click", () => { stopPlay(); clearError(); go(S.line.length); sayStep(); });
  $("finish-btn").addEventListener("click", finish);
  $("review-btn").addEventListener("click", runReview);
  $("play-btn").addEventListener("click", togglePlay);
  $("moves").addEventListener("click", (e) => {
    /** @type {HTMLElement | null} */
    const b = /** @type {HTMLElement} */ (e.target).closest("button[data-step]");
    if (b) { stopPlay(); clearError(); go(Number(b.dataset.step)); sayStep(); }
  });
  $("restart-btn").addEventListener("click", restart);
  wireStory();
  $("giveup-btn").addEventListener("click", quit);
  $("stats-clear").addEventListener("click", clearStats);
  drawStats();
  // The clock, each second.
  setInterval(drawMeter, 1000);
}

// SETTINGS are the settings the page remembers, each under its key in the
// browser's storage: the kind of random deal, the automatic moves, the
// check after each move, the budget, the samples, the speed (of replays,
// automatic moves and Finish) and the cards' size. (Show face-down cards
// is the game's, not remembered.)
/** @type {Record<string, string>} */
const SETTINGS = { "random-kind": "patience.random", "auto-moves": "patience.autoMoves", "auto-check": "patience.autoCheck",
  "budget": "patience.budget", "samples": "patience.samples", "speed": "patience.speed", "cards": "patience.cards" };

// remembered is the value kept for the setting id, or null.
/** @param {string} id */
export function remembered(id) {
  try { return localStorage.getItem(SETTINGS[id]); } catch (e) { return null; }
}

// wireSettings puts the settings as the player left them, and keeps each
// change.
function wireSettings() {
  for (const [id, key] of Object.entries(SETTINGS)) {
    // A setting is a checkbox, or a select or input with a value.
    const el = /** @type {HTMLInputElement | HTMLSelectElement} */ ($(id)), kept = remembered(id);
    const box = /** @type {HTMLInputElement} */ (el);
    if (el.type === "checkbox") {
      if (kept === "on" || kept === "off") box.checked = kept === "on";
    } else if (kept !== null && (el.tagName !== "SELECT" || [.../** @type {HTMLSelectElement} */ (el).options].some((o) => o.value === kept))) {
      el.value = kept;
    }
    el.addEventListener("change", () => {
      try { localStorage.setItem(key, el.type === "checkbox" ? (box.checked ? "on" : "off") : el.value); } catch (e) { /* not remembered */ }
    });
  }
  $("show-down").addEventListener("change", showOrHide);
  // The cards' size: style.css scales them by the root's data-cards, and
  // the board is fitted to the window again.
  const cards = () => { document.documentElement.dataset.cards = /** @type {HTMLSelectElement} */ ($("cards")).value; fit(); };
  $("cards").addEventListener("change", cards);
  cards();
}

// wireBoard connects the board: clicks, double clicks, drag and drop, and
// its keys.
/** @param {HTMLElement} board */
function wireBoard(board) {
  wireDrag(board);
  board.addEventListener("click", (e) => clickOn(/** @type {HTMLElement} */ (e.target)));
  board.addEventListener("dblclick", (e) => toFoundation(/** @type {HTMLElement} */ (e.target)));
  board.addEventListener("keydown", (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.key === "Enter" || e.key === " ") && target.closest('[role="button"]')) {
      e.preventDefault();
      e.stopPropagation();
      clickOn(target);
      return;
    }
    if ((e.key === "f" || e.key === "F") && target.closest(".card")) {
      e.preventDefault();
      toFoundation(target);
      return;
    }
    boardKey(e);
  });
  board.addEventListener("focusin", (e) => {
    /** @type {HTMLElement | null} */
    const b = /** @type {HTMLElement} */ (e.target).closest('[role="button"]');
    if (b) setFocus(b);
  });
  window.addEventListener("resize", fit);
  fitLater();
  keepAnswersInSight();
}

// pageKey is the page's keys outside the fields: undo, redo, the ends of
// the line, play and pause, and Escape.
/** @param {KeyboardEvent} e */
function pageKey(e) {
  const t = /** @type {HTMLElement} */ (e.target); // or the document: see t.closest below
  if (t.closest && t.closest("input,select,textarea")) return;
  if (/** @type {HTMLDialogElement} */ ($("leave")).open) return; // asked whether to leave the game: no move meanwhile
  if (e.ctrlKey || e.metaKey) {
    if (e.key === "z") { e.preventDefault(); undo(); }
    else if (e.key === "y" || e.key === "Z") { e.preventDefault(); redo(); }
    return;
  }
  if (e.key === "Escape") {
    if (S.selected) { deselect(); mark(); announce("Nothing selected."); }
    return;
  }
  // The other keys step through the moves from the page itself, the step
  // buttons or the list of moves: on another control (a button, a
  // summary, the board) they would act by surprise.
  if (t.closest && t.closest("button, summary, a, [tabindex]") && !t.closest("#watch, #moves")) return;
  switch (e.key) {
    case "ArrowLeft": e.preventDefault(); undo(); break;
    case "ArrowRight": e.preventDefault(); redo(); break;
    case "Home": e.preventDefault(); stopPlay(); go(0); sayStep(); break;
    case "End": e.preventDefault(); stopPlay(); go(S.line.length); sayStep(); break;
    case " ":
      if (t.closest && t.closest("button")) return;
      e.preventDefault(); togglePlay(); break;
  }
}

// applyDefaults starts the Samples and Budget settings at the worker's
// defaults (the command line's, from the one place that defines them),
// unless the player chose others. The HTML selects the same ones, so that
// they are right before the solver has loaded (game's TestDefaultsFromGame).
export async function applyDefaults() {
  try {
    const d = await ask({ op: "defaults" });
    if (remembered("samples") === null) choose($("samples"), d.hintSamples);
    if (remembered("budget") === null) choose($("budget"), d.maxNodes);
  } catch (e) {
    fail(e.message);
  }
}

// choose selects the option of sel whose value is v, adding one if none is.
/** @param {HTMLSelectElement} sel @param {number} v */
export function choose(sel, v) {
  if (![...sel.options].some((o) => Number(o.value) === v)) sel.add(new Option(String(v), String(v)));
  sel.value = String(v);
}

// connect hands the modules that come below play.js and links.js the
// functions of theirs that they call (connectSearch, connectPlay): the
// modules import one another in one direction only.
export function connect() {
  connectSearch({ stopPlay, handMove, saveURL });
  connectPlay({ loadDeal, loadRandom, saveURL });
}

export async function main() {
  connect();
  wire();
  const first = parseURL(location.hash) || { game: "russian-cell", number: "617", moves: [], junk: [], step: null };
  let early = Promise.resolve(false);
  if (!first.error && first.number && !first.moves.length && first.step == null && !first.junk.length &&
      (first.game === "russian-cell" || first.game === "ripple-fan")) {
    early = showEarly(first.game, first.number);
    // Go starts once the early board is on screen (or could not be).
    await early;
  }
  try {
    await quick.ensure();
  } catch (e) {
    return;
  }
  document.body.dataset.workerReady = performance.now().toFixed(0);
  await applyDefaults();
  document.body.dataset.ready = "1";
  if (await early) {
    // The early deal is on screen, perhaps played on: Go adds the
    // catalogue's word. (An address changed meanwhile is followed by the
    // hashchange handler.)
    await knownOfEarly(first.game, first.number);
  } else if (parseURL(location.hash)) await restore(location.hash);
  else await loadDeal("russian-cell", "617");
  // The first deal is whole: dealt by Go, with the catalogue's word.
  document.body.dataset.loaded = "1";
  // The searching worker starts once the board is on screen.
  search.ensure().catch(() => {});
}

main();

// showEarly puts a numbered deal dealt by deal.js in the game worker on
// screen as soon as the page loads: the game the player asked for, to play
// before the solver (patience.wasm) is ready. It says whether it did.
/** @param {string} game @param {string} number */
async function showEarly(game, number) {
  let a;
  try {
    a = await quick.early({ game, number });
  } catch (e) {
    return false;
  }
  if (a.error || S.start) return false; // Go says what is wrong, or was first
  setDeal(game, a.number, null);
  $("game").value = game;
  $("number").value = a.number;
  await setStart(a.position, null, true);
  sayReadAs(number, a.number);
  document.body.dataset.earlyBoard = performance.now().toFixed(0);
  return true;
}

// knownOfEarly adds what the catalogue knows to the deal showEarly put on
// screen, once Go runs, without touching the game: the moves played on it
// meanwhile stay.
/** @param {string} game @param {string} number */
async function knownOfEarly(game, number) {
  try {
    const a = await ask({ op: "deal", game, number });
    if (S.game === game && S.number === a.number) {
      setDeal(game, a.number, a.known);
      knownNow();
      drawSide();
    }
  } catch (e) {
    fail(e.message);
  }
}
