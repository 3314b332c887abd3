// @ts-check
// Playing: moving through the line, moves by hand (click, keyboard, drag
// and drop), automatic moves and Finish, "Where did I go wrong?".

import { announce, clearError, fail, prompt, say, sayFinish } from "./announce.js";
import { Cancelled, ask, loading, search } from "./api.js";
import { cardAt, mark, reducedMotion, render, showDown } from "./board.js";
import { budget, busy, clearVerdict, count, idle, runHint, runSearch, sayLoading, showVerdict } from "./search.js";
import { drawSide } from "./side.js";
import { S, deselect, dropReviewAfter, newGame, playAt, pos, reshow, selectCard, setFinish, setFocusKey, setHintMove, setLegal, setOver, setPlaying, setReview, showStep, viewChanging } from "./state.js";
import { assisted, giveUp, markPlayed, markWon, meterText, moveCount, pauseClock, restartGame } from "./stats.js";
import { $, cardName, locName, plural, tens } from "./util.js";

/**
 * @typedef {import("./api.js").Line} Line
 * @typedef {import("./api.js").Refusal} Refusal
 */

// play.js comes below links.js in the order of the modules (see app.js):
// the functions of links.js that it calls, app.js hands it at start-up
// (connectPlay), before any of them can run.
/**
 * @typedef {object} PlayNeeds
 * @property {(game: string, number: string) => Promise<boolean>} loadDeal
 * @property {() => Promise<boolean>} loadRandom
 * @property {() => void} saveURL
 */
/** @type {PlayNeeds["loadDeal"]} */
let loadDeal;
/** @type {PlayNeeds["loadRandom"]} */
let loadRandom;
/** @type {PlayNeeds["saveURL"]} */
let saveURL;

// connectPlay gives play.js links.js's loadDeal, loadRandom and saveURL.
/** @param {PlayNeeds} fns */
export function connectPlay(fns) {
  ({ loadDeal, loadRandom, saveURL } = fns);
}

// ---------- moving through the line ----------

/** @param {number} step */
export function go(step) {
  step = Math.max(0, Math.min(S.line.length, step));
  if (step === S.cur && pos()) return;
  if (S.over && step !== S.over.at && !(S.tally && S.tally.over)) prompt(null);
  showStep(step);
  $("hint").textContent = "";
  render();
  saveURL();
}

export function togglePlay() {
  if (S.playing) { stopPlay(); return; }
  if (S.cur >= S.line.length) go(0);
  $("play-btn").textContent = "❚❚";
  $("play-btn").setAttribute("aria-label", "Pause");
  const tick = () => {
    if (S.cur >= S.line.length) { stopPlay(); return; }
    go(S.cur + 1);
    sayStep();
    setPlaying(setTimeout(tick, delay("replay")));
  };
  setPlaying(setTimeout(tick, 50));
}
export function stopPlay() {
  stopAuto();
  clearTimeout(S.playing);
  setPlaying(null);
  $("play-btn").textContent = "▶";
  $("play-btn").setAttribute("aria-label", "Play");
}
// delay is the pause in milliseconds before each step that plays by
// itself, of a kind: the moves of a replay (Play), the automatic moves
// after a move by hand, or Finish's. The Speed setting (1 to 10, 5 by
// default) governs all three: each step of it is 1.45 times faster. At
// the default a replay steps every 452 ms, automatic moves every 100 ms
// (a cascade of ten cards in a second) and Finish every 60 ms; no step
// is quicker than 20 ms, so that the fastest still shows each move on
// screen (prefers-reduced-motion: playOn jumps).
/** @typedef {"replay" | "auto" | "finish"} StepKind */
/** @type {Record<StepKind, number>} */
const PACE = { replay: 452, auto: 100, finish: 60 };
/** @param {StepKind} [kind] */
export function delay(kind = "replay") {
  return Math.max(20, Math.round(PACE[kind] / Math.pow(1.45, Number($("speed").value) - 5)));
}

// ---------- moves by hand ----------

// refusalWords says why the referee refused a move by hand: its reason
// alone when that names the card ("4H cannot go on 6C, only on 5H"), else
// the move and the reason. say writes the cards as the moves list does.
/** @param {Refusal} r */
function refusalWords(r) {
  return r.reason.startsWith(r.move.split(" ")[0] + " ") ? r.reason : `${r.move} is not allowed: ${r.reason}`;
}

// moving is the hand move being checked, if any: a move made meanwhile
// (while the solver loads, the worker's answer can take seconds) waits
// for it, and is then checked against the position it leaves, not
// against the one both were made from.
/** @type {Promise<unknown>} */
let moving = Promise.resolve();

// handMove plays a move made by hand, once the moves made before it are.
/** @param {string} move @returns {Promise<boolean>} */
export function handMove(move) {
  const played = moving.then(() => playHandMove(move));
  moving = played.catch(() => false);
  return played;
}

/** @param {string} move @returns {Promise<boolean>} */
async function playHandMove(move) {
  finishAuto();
  prompt(null);
  const from = S.cur;
  const loaded = sayLoading("your move will be checked when it has loaded.");
  const l = await ask({ op: "line", position: pos(), moves: [move], auto: autoMoves() });
  loaded();
  if (l.refused) {
    fail(refusalWords(l.refused));
    deselect();
    mark();
    return false;
  }
  say("");
  const auto = l.moves.slice(1).map((m) => m.text);
  announce(`Move ${from + 1}: ${l.moves[0].text}.` + (auto.length ? ` Then by itself: ${auto.join("; ")}.` : ""));
  // Focus follows the card that moved.
  setFocusKey({ key: "card:" + l.moves[0].card, loc: l.moves[0].to });
  playAt(from, l);
  showStep(from + 1);
  markPlayed();
  if (dropReviewAfter(from)) $("review").textContent = "";
  clearVerdict();
  render();
  saveURL();
  playOn("auto", () => afterMove(l.won));
  return true;
}

// afterMove runs once a hand move and its automatic moves are on screen:
// it says a won game is won (won: the worker's answer to the line played
// says so, the one judge of a win), offers Finish when every card is face
// up and the game can be won, or else checks whether the game can still
// be won.
/** @param {boolean} won */
export async function afterMove(won) {
  const p = pos();
  if (won) {
    say("Won! Every card is on its foundation.", "ok");
    markWon();
    promptWon();
    drawSide();
    return;
  }
  if (await checkOver()) return;
  if (p.tableau.every((pl) => !pl.down || pl.down.length === 0)) { checkFinish(); return; }
  if ($("auto-check").checked) runHint(false, true);
}

// promptWon offers the next deal after a win: the next number, or a
// random one.
function promptWon() {
  const t = S.tally;
  let text = "Won in " + meterText() + ".";
  if (t && t.assisted) text += " The game had help, so Your games counts it as played, not won.";
  else if (t && t.hints) text += " Your games counts it as won with hints.";
  /** @type {[string, () => void][]} */
  const next = [];
  if (S.number && /^\d+$/.test(S.number)) {
    const n = (BigInt(S.number) + 1n).toString();
    next.push([`Deal ${n}`, () => loadDeal(S.game, n)]);
  }
  next.push(["Random deal", loadRandom], ["The game's story", runStory]);
  prompt(text, next);
  showPar();
}

// showPar puts beside a won game's moves by hand those of the shortest
// win the solver finds for the deal (safe automatic moves not counted on
// either side: game.HandMoves), and says whether it is proven shortest.
async function showPar() {
  const start = S.start, moves = S.line.slice(0, S.fixed).map((m) => m.move), played = moveCount(S.fixed);
  const a = await runSearch("Par: the shortest win of this deal…", { op: "par", position: start, moves, maxNodes: budget() });
  if (!a || S.start !== start) return;
  const p = document.createElement("p");
  p.id = "par";
  p.textContent = `Your game: ${plural(played, "move")} by hand. ` +
    (a.proven ? "Par, the proven shortest win" : "The shortest win the solver found within its budget") + `: ${plural(a.par, "move")} by hand.`;
  $("prompt-text").after(p);
  announce(p.textContent);
}

// ---------- the game's story ----------

// runStory asks, for each position of the game played (the deal, then
// after each move), in how many of the story's arrangements of the hidden
// cards (game.StorySamples, which the worker's defaults give) it can still
// be won, from the player's view, and draws the answers as a chart,
// position by position as they come; Cancel stops it.
/** @typedef {{ winnable: number, of: number }} StoryCount  of arrangements, how many can be won */
export async function runStory() {
  const start = S.start, n = S.fixed, positions = S.positions.slice(0, n + 1);
  /** @type {StoryCount[]} */
  const counts = [];
  clearStory();
  $("story").hidden = false;
  $("story-step").max = String(n);
  announce("The game's story: searching.");
  try {
    const { storySamples } = await ask({ op: "defaults" });
    for (let k = 0; k <= n; k++) {
      busy(`The game's story: position ${k + 1} of ${n + 1}…`);
      const a = await search.call({ op: "hint", position: positions[k], hide: true, samples: storySamples, maxNodes: budget(), next: false });
      if (S.start !== start) return;
      if (a.error) throw new Error(a.error);
      counts.push(a.exact ? { winnable: a.verdict === "solvable" ? 1 : 0, of: 1 } : { winnable: count(a.winnable), of: count(a.of) });
      drawStory(counts, n, storySamples);
    }
  } catch (e) {
    idle("");
    if (!(e instanceof Cancelled)) fail(e.message);
    return;
  }
  idle("");
  $("story-chart").dataset.done = "1";
  announce($("story-chart").getAttribute("aria-label"));
}

// clearStory takes the story away, for a new game.
export function clearStory() {
  $("story").hidden = true;
  $("story-chart").textContent = "";
  delete $("story-chart").dataset.done;
  delete $("story-chart").dataset.counts;
}

// drawStory draws the counts (one a position, from the deal, each of
// samples arrangements) of a game of n moves.
/** @param {StoryCount[]} counts @param {number} n @param {number} samples */
function drawStory(counts, n, samples) {
  const chart = $("story-chart");
  chart.textContent = "";
  chart.dataset.counts = JSON.stringify(counts.map((c) => c.winnable + "/" + c.of));
  counts.forEach((c) => {
    const b = document.createElement("span");
    b.className = "bar" + (c.winnable === 0 ? " lost" : "");
    b.style.setProperty("--h", String(c.of ? c.winnable / c.of : 0));
    chart.appendChild(b);
  });
  const share = (/** @type {StoryCount} */ c) => c.of === 1 ? (c.winnable ? "winnable" : "lost") : `${c.winnable} of ${c.of}`;
  const zero = counts.findIndex((c) => c.winnable === 0);
  // The lowest share before none was left, where the game was closest to
  // being lost.
  let low = 0;
  counts.forEach((c, k) => { if (c.winnable > 0 && c.winnable / c.of < counts[low].winnable / counts[low].of) low = k; });
  const words = `Ways still winnable at each position, of ${samples} a position: ${share(counts[0])} as dealt` +
    (low > 0 ? `, ${share(counts[low])} at the lowest, after move ${low}` : "") +
    (zero > 0 ? `, none from move ${zero} on` : "") + `, ${share(counts[counts.length - 1])} after move ${counts.length - 1}` +
    (counts.length <= n ? ` (${counts.length} of ${n + 1} positions so far)` : "") + ".";
  chart.setAttribute("aria-label", words);
  $("story-note").textContent = words + " Click the chart, or give a move, to try again from there.";
}

// storyGo shows the game at step k, to play on from there.
/** @param {number} k */
function storyGo(k) {
  stopPlay();
  clearError();
  go(Math.max(0, Math.min(S.fixed, k)));
  sayStep("Try again from here.");
}

// wireStory connects the story's chart and its move box.
export function wireStory() {
  $("story-chart").addEventListener("click", (e) => {
    const r = $("story-chart").getBoundingClientRect(), bars = $("story-chart").children.length;
    if (bars) storyGo(Math.floor((e.clientX - r.left) / r.width * bars));
  });
  $("story-go").addEventListener("click", () => storyGo(Number($("story-step").value)));
}

// checkOver asks, at the end of the moves played by hand on a deal that
// counts, whether the game is over for the player (game.Over: no move
// left, or none to a position not seen before); if so it says why and
// offers Undo and "Where did I go wrong?". It says whether it was over.
export async function checkOver() {
  if (!S.tally || S.cur !== S.fixed || S.cur === 0) return false;
  const at = S.cur, start = S.start;
  let a;
  try {
    a = await ask({ op: "over", position: pos(), history: S.positions.slice(0, at) });
  } catch (e) {
    fail(e.message);
    return false;
  }
  if (S.cur !== at || S.start !== start || !a.over) return false;
  const words = a.why + " The game is over here.";
  setOver({ at, why: a.why, words });
  // No move left: the clock stands, unless a move after Undo runs it on.
  pauseClock();
  promptOver(words);
  drawSide();
  return true;
}

/** @param {string} text */
function promptOver(text) {
  prompt(text, [["Undo", undo], ["Where did I go wrong?", runReview], ["The game's story", runStory], ["Random deal", loadRandom]]);
}

// quit gives the game up: it counts as lost, and "Where did I go wrong?"
// is offered.
export function quit() {
  if (!giveUp()) return;
  stopPlay();
  setOver({ at: S.cur, why: "You gave up." });
  promptOver(S.tally.played ? "You gave up: the game counts as played and lost." : "You gave up.");
  announce("You gave up.");
  drawSide();
}

// restart shows the deal from its start. A game in progress stays the
// same game: the moves played stay in the list, to be played again with →
// (redo). A game that has ended (won, given up or left) gives way to a new
// game of the deal, counted afresh, with no move played.
export function restart() {
  stopPlay();
  clearError();
  const t = S.tally;
  if (t && (t.won || t.over)) {
    restartGame(showDown());
    newGame(Object.assign({}, S.start), S.tally);
    prompt(null);
    clearStory();
    clearVerdict();
    $("review").textContent = "";
    $("hint").textContent = "";
    render();
    saveURL();
    announce("A new game of the deal, from the start.");
    return;
  }
  go(0);
  announce("The deal from the start. → plays your moves again.");
}

// ---------- automatic moves and Finish ----------

/** @type {number | null} */
export let autoTimer = null;
/** @type {(() => void) | null} */
export let autoThen = null;

export function autoMoves() { return $("auto-moves").checked; }

// playOn steps through the moves already in the line up to S.fixed (the
// automatic moves after a hand move, or Finish's), a step of its kind
// (delay: the Speed setting, read at each step) at a time, or all at once
// when the player prefers reduced motion; then runs then.
/** @param {StepKind} kind @param {() => void} then */
export function playOn(kind, then) {
  stopAuto();
  autoThen = then;
  const tick = () => {
    if (S.cur >= S.fixed) { autoTimer = null; const t = autoThen; autoThen = null; if (t) t(); return; }
    autoTimer = setTimeout(() => { go(S.cur + 1); tick(); }, reducedMotion() ? 0 : delay(kind));
  };
  tick();
}
export function stopAuto() { clearTimeout(autoTimer); autoTimer = null; autoThen = null; }
// finishAuto puts the moves still to come on screen at once, when the
// player acts before they are all shown.
export function finishAuto() {
  if (!autoTimer) return;
  const t = autoThen;
  stopAuto();
  go(S.fixed);
  if (t) t();
}

// checkFinish solves a position with every card face up: when it can be
// won, Finish plays the win.
export async function checkFinish() {
  const at = S.cur, start = S.start;
  const a = await runSearch("Every card is face up: checking the finish…", { op: "solve", position: pos(), maxNodes: budget() });
  if (!a || S.cur !== at || S.start !== start) return;
  if (a.verdict === "solvable" && a.line) {
    // A finish that makes choices (a move not to a foundation) plays for
    // the player: the game then counts as assisted.
    const decides = a.line.moves.some((m) => m.to !== "f");
    setFinish({ from: at, line: a.line, decides });
    sayFinish(decides);
    drawSide();
  } else if ($("auto-check").checked) {
    showVerdict(a, at);
  }
}

export function finish() {
  const f = S.finish;
  if (!f || f.from !== S.cur) return;
  stopPlay();
  if (f.decides) assisted();
  playAt(f.from, f.line);
  clearVerdict();
  say("");
  playOn("finish", () => afterMove(f.line.won));
}

// ---------- where did I go wrong? ----------

// runReview reviews the hand-played moves up to the step on screen in the
// searching worker (player.FindLoss): the losing move, and whether it was
// a mistake, bad luck or too close to call.
export async function runReview() {
  if (!S.start || S.cur === 0) return;
  stopPlay();
  // Its answer comes from the true cards: a game played on after it is
  // not the player's alone.
  assisted();
  const upto = S.cur;
  const moves = S.line.slice(0, upto).map((m) => m.move);
  const a = await runSearch("Reviewing your game…", { op: "review", position: S.start, moves, maxNodes: budget() });
  if (!a) return;
  const r = $("review");
  r.innerHTML = "";
  r.className = "hint " + (a.lostAt > 0 ? "unsolvable" : a.lostAt === 0 ? "unknown" : "solvable");
  const head = document.createElement("p");
  head.className = "head";
  head.textContent = a.lostAt > 0 ? `Lost at move ${a.lostAt}: ${a.judgement}` : a.lostAt === 0 ? "Lost as dealt" : "Not lost here";
  r.appendChild(head);
  const move = a.lostAt > 0 ? S.line[a.lostAt - 1] : null;
  const lines = a.lines; // the worker's words (game.PlainJudgement): none naming a hidden card's move before the player asks to see them
  for (const l of lines) {
    const p = document.createElement("p");
    p.textContent = tens(l);
    r.appendChild(p);
  }
  announce(head.textContent + ". " + lines.join(" "));
  setReview(a.lostAt > 0 ? { lostAt: a.lostAt, move, judgement: a.judgement } : null);
  r.dataset.lostAt = String(a.lostAt);
  if (a.lostAt > 0) {
    const b = document.createElement("button");
    b.id = "review-back";
    b.textContent = `Go back to before move ${a.lostAt}`;
    b.addEventListener("click", () => { stopPlay(); clearError(); go(a.lostAt - 1); });
    r.appendChild(b);
  }
  drawSide();
  mark();
}

// undoTarget is the step Undo goes back to: before the last hand move,
// past the automatic moves that followed it. redoTarget is the step after
// the next hand move and its automatic moves.
export function undoTarget() {
  let s = S.cur - 1;
  while (s > 0 && s < S.fixed && S.line[s].auto) s--;
  return s;
}
export function redoTarget() {
  let s = S.cur + 1;
  while (s < S.fixed && S.line[s].auto) s++;
  return s;
}
export function undo() { stopPlay(); clearError(); const at = S.cur; go(undoTarget()); if (S.cur !== at) sayStep("Undone."); }
export function redo() { stopPlay(); clearError(); const at = S.cur; go(redoTarget()); if (S.cur !== at) sayStep("Redone."); }

// sayStep tells a screen reader where the line is, after what: "Undone.
// Move 4 of 12: 5♣ onto 6♣."
/** @param {string} [what] */
export function sayStep(what) {
  const k = S.cur;
  const where = k === 0 ? "The start of the game." : `Move ${k} of ${S.line.length}: ${tens(S.line[k - 1].text)}.`;
  announce((what ? what + " " : "") + where, false, true);
}

// locOfCard is the place of the board that card el is in: a column, a
// cell, the foundations ("f"), or null.
/** @param {HTMLElement} el @returns {string | null} */
export function locOfCard(el) {
  /** @type {HTMLElement | null} */
  const pile = el.closest("[data-pile]");
  if (pile) return pile.dataset.pile;
  /** @type {HTMLElement | null} */
  const cell = el.closest("[data-cell]");
  if (cell) return cell.dataset.cell;
  if (el.closest("[data-foundation]")) return "f";
  return null;
}

// cardsFrom is the cards of a column from el to its top.
/** @param {HTMLElement} el */
export function cardsFrom(el) {
  const stack = el.parentElement;
  const all = [.../** @type {HTMLCollectionOf<HTMLElement>} */ (stack.children)];
  return all.slice(all.indexOf(el)).map((c) => c.dataset.card);
}

/** @param {HTMLElement} el */
export async function select(el) {
  const from = locOfCard(el);
  if (!from) return;
  const cards = from[0] === "t" ? cardsFrom(el) : [el.dataset.card];
  selectCard({ card: el.dataset.card, from, cards });
  mark();
  announce(`${cardName(el.dataset.card)} selected` + (cards.length > 1 ? `, with ${plural(cards.length - 1, "card")} on it` : "") +
    ". Move to where it goes and press Enter; Escape puts it back.");
  if (!S.legal) {
    const at = S.cur;
    const a = await ask({ op: "legal", position: pos() });
    if (S.cur !== at) return;
    setLegal(a.moves);
  }
  mark();
}

/** @param {HTMLElement} target */
export async function clickOn(target) {
  if (!S.start) return;
  finishAuto();
  stopPlay();
  /** @type {HTMLElement | null} */
  const card = target.closest(".card");
  /** @type {HTMLElement | null} */
  const dest = target.closest("[data-pile],[data-cell],[data-foundation]");
  if (S.selected) {
    const to = dest ? (dest.dataset.pile || dest.dataset.cell || "f") : null;
    if (card && card.dataset.card === S.selected.card) { deselect(); mark(); return; }
    if (to && to !== S.selected.from) {
      await handMove(`${S.selected.card} ${S.selected.from}>${to}`);
      return;
    }
    if (card && !card.dataset.down) { await select(card); return; }
    deselect();
    mark();
    return;
  }
  if (card && !card.dataset.down) await select(card);
}

/** @param {HTMLElement} target */
export async function toFoundation(target) {
  /** @type {HTMLElement | null} */
  const card = target.closest(".card");
  if (!card || card.dataset.down) return;
  const from = locOfCard(card);
  if (!from || from === "f") return;
  deselect();
  await handMove(`${card.dataset.card} ${from}>f`);
}

// ---------- drag and drop ----------

// A card is dragged with the mouse or a finger (pointer events): it
// carries the cards on it, the places it may go light up, and a drop
// where it may not go puts it back with the referee's reason. A press
// that does not move is a click, handled as before.
/**
 * @typedef {object} Drag a card pressed, and dragged once els is set
 * @property {number} id  the pointer's
 * @property {string} card
 * @property {string} from
 * @property {number} x  where the press was
 * @property {number} y
 * @property {number} cx  where the pointer is
 * @property {number} cy
 * @property {number} sy  the page's scroll at the press
 * @property {HTMLElement[] | null} els  the cards dragged
 * @property {number | null} scroll  the timer of edgeScroll
 */
/** @type {Drag | null} */
export let drag = null;
export let dragClick = false;

/** @param {HTMLElement} board */
export function wireDrag(board) {
  // A drag ends in a click event on the board: it is not a click.
  board.addEventListener("click", (e) => { if (dragClick) { dragClick = false; e.stopPropagation(); e.preventDefault(); } }, true);
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    /** @type {HTMLElement | null} */
    const card = /** @type {HTMLElement} */ (e.target).closest(".card");
    if (!card || card.dataset.down || !S.start || drag) return;
    const from = locOfCard(card);
    if (!from || from === "f") return;
    drag = { id: e.pointerId, card: card.dataset.card, from, x: e.clientX, y: e.clientY, cx: e.clientX, cy: e.clientY, sy: window.scrollY, els: null, scroll: null };
  });
  // follow moves the dragged cards to the pointer, the page's scroll
  // since the drag began counted, and marks the place under it.
  const follow = () => {
    const dx = drag.cx - drag.x, dy = drag.cy - drag.y + window.scrollY - drag.sy;
    for (const c of drag.els) { c.style.transform = `translate(${dx}px, ${dy}px)`; c.style.zIndex = "20"; }
    const over = dropTarget(drag.cx, drag.cy);
    for (const el of $("board").querySelectorAll(".over")) if (el !== over) el.classList.remove("over", "bad");
    if (over) {
      over.classList.add("over");
      // The places it may go are marked (target) once the legal moves
      // are known: any other is marked as one it may not.
      over.classList.toggle("bad", !over.classList.contains("target"));
    }
  };
  // edgeScroll scrolls the page while a drag holds the pointer near the
  // top or the bottom of the window, so that a place off screen can be
  // reached.
  const edgeScroll = () => {
    if (!drag || !drag.els) return;
    const edge = 40, step = drag.cy < edge ? -12 : drag.cy > window.innerHeight - edge ? 12 : 0;
    if (step) {
      const before = window.scrollY;
      window.scrollBy(0, step);
      if (window.scrollY !== before) follow();
    }
  };
  document.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag.cx = e.clientX;
    drag.cy = e.clientY;
    if (!drag.els) {
      if (Math.hypot(drag.cx - drag.x, drag.cy - drag.y) < 6) return;
      finishAuto();
      stopPlay();
      const el = cardAt(drag.card);
      if (!el) { drag = null; return; }
      const cards = drag.from[0] === "t" ? cardsFrom(el) : [drag.card];
      drag.els = cards.map(cardAt).filter(Boolean);
      for (const c of drag.els) { c.classList.add("dragging"); c.style.pointerEvents = "none"; }
      select(el);
      drag.scroll = setInterval(edgeScroll, 30);
    }
    follow();
  });
  /** @param {PointerEvent} e @param {boolean} cancelled */
  const end = async (e, cancelled) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    clearInterval(d.scroll);
    if (!d.els) return; // a click
    dragClick = true;
    setTimeout(() => { dragClick = false; }, 0);
    const over = cancelled ? null : dropTarget(e.clientX, e.clientY);
    const to = over ? locName(over) : null;
    if (to && to !== d.from) {
      if (loading()) render(); // the cards go back until the solver has loaded
      if (await handMove(`${d.card} ${d.from}>${to}`)) return;
    } else {
      deselect();
    }
    render(); // the cards go back
  };
  document.addEventListener("pointerup", (e) => end(e, false));
  document.addEventListener("pointercancel", (e) => end(e, true));
}

// dropTarget is the place under the point: a column (anywhere below its
// top, so that a short column is easy to hit), a cell or the foundations.
/** @param {number} x @param {number} y @returns {HTMLElement | null} */
export function dropTarget(x, y) {
  const el = document.elementFromPoint(x, y);
  /** @type {HTMLElement | null} */
  const hit = el && el.closest("#board [data-pile], #board [data-cell], #board .foundations");
  if (hit) return hit;
  // The lowest pile whose column holds the point (Ripple Fan's piles lie
  // in two rows).
  let best = null, top = -Infinity;
  for (const p of /** @type {NodeListOf<HTMLElement>} */ ($("board").querySelectorAll("[data-pile]"))) {
    const r = p.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top && r.top > top) { best = p; top = r.top; }
  }
  return best;
}

// ---------- face-down cards ----------

// showOrHide asks the game worker for the face-down cards of the
// positions of the line (the player asked to see them), or gives them
// back.
export async function showOrHide() {
  const done = reshowView();
  viewChanging(done);
  try {
    await done;
  } finally {
    if (S.reshowing === done) viewChanging(null);
  }
}

// reshowView redraws the game's positions with the face-down cards shown
// or hidden, as the switch now says, and drops the hint of the other view.
async function reshowView() {
  const h = $("hint");
  h.textContent = "";
  h.dataset.move = "";
  h.dataset.exact = "";
  setHintMove(null);
  if (S.start) {
    const show = showDown();
    if (show) assisted();
    try {
      const a = await ask({ op: show ? "show" : "hide", positions: [S.start].concat(S.positions) });
      const [start, ...positions] = a.positions;
      if (positions.length === S.positions.length) {
        reshow(positions, start);
      } else {
        setFinish(null);
      }
      announce(show ? "The face-down cards are shown." : "The face-down cards are hidden.");
    } catch (e) {
      fail(e.message);
    }
  }
  render();
}
