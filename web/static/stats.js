// @ts-check
// Your games: the games played and won on this device, kept in
// localStorage.

import { announce } from "./announce.js";
import { S, setTally } from "./state.js";
import { $, DIFFICULTIES, plural } from "./util.js";

// ---------- your games ----------

// Your games counts, per game and per difficulty, in the browser's local
// storage: the games played (a numbered deal on which the player made a
// move by hand), won unaided (every move made by hand or by the safe
// automatic moves, and no hint shown: see assisted and hinted), won with
// hints, the share won unaided, the current streak of games won unaided
// and the best. A game ends when it is won, given up, or left for another
// deal (the page asks first: app.js); one that ends not won unaided ends
// the streak, once. The games are kept too (keepGame), so that a reload, a
// later visit or the browser's Back goes on with the game as it was.

/**
 * @typedef {import("./state.js").Tally} Tally
 * @typedef {{ played: number, won: number, hinted?: number, streak: number, best: number }} Row  a row of Your games (hinted: won with hints; none in rows kept by earlier pages)
 * @typedef {Record<string, Row>} Stats  the rows, by key ("russian-cell/hard")
 */

export const STATS_KEY = "patience.stats";
/** @type {Record<string, string>} */
export const GAMES = { "russian-cell": "Russian Cell", "ripple-fan": "Ripple Fan" };

/** @returns {Stats} */
export function loadStats() {
  try { return JSON.parse(localStorage.getItem(STATS_KEY)) || {}; } catch (e) { return {}; }
}
/** @param {Stats} st */
export function saveStats(st) {
  try { localStorage.setItem(STATS_KEY, JSON.stringify(st)); } catch (e) { /* not remembered */ }
}
// DAILY is the word of the rows of the deals of the day.
export const DAILY = "daily";
// statsKeys are what a game of the deal on screen counts under: its game,
// for a deal with a difficulty also the game and the difficulty as a word
// of DIFFICULTIES ("russian-cell/very-hard"), and for a deal of the day
// dealt as that (Deal of the day, or its link) the game's DAILY row
// ("russian-cell/daily"), with a streak of its own: each a row of the
// table.
/** @returns {string[]} */
export function statsKeys() {
  const d = S.known && S.known.difficulty;
  const keys = d ? [S.game, `${S.game}/${d.replace(/ /g, "-")}`] : [S.game];
  return S.daily ? keys.concat(`${S.game}/${DAILY}`) : keys;
}
// statsName is a row's name: "Russian Cell", "Russian Cell · very hard",
// or "Russian Cell · deal of the day".
/** @param {string} key */
export function statsName(key) {
  const [g, d] = key.split("/");
  return (GAMES[g] || g) + (d === DAILY ? " · deal of the day" : d ? ` · ${d.replace(/-/g, " ")}` : "");
}
/** @param {Stats} st @param {string} key @returns {Row} */
export function tallyOf(st, key) {
  return st[key] || (st[key] = { played: 0, won: 0, hinted: 0, streak: 0, best: 0 });
}
/** @param {(st: Stats) => void} f */
export function updateStats(f) {
  const st = loadStats();
  f(st);
  saveStats(st);
  drawStats();
}
// newTally is the record of a new game of the deal on screen: assisted
// from the start when the face-down cards are shown, or when it starts
// from moves made elsewhere (a link's).
/** @param {boolean} assisted @returns {Tally} */
export function newTally(assisted) {
  return { id: Date.now().toString(36) + Math.random().toString(36).slice(2, 8), keys: statsKeys(), played: false, won: false, assisted, ms: 0 };
}

// markPlayed runs the clock of the game on screen at a move by hand (from
// its first, and again after a pause), and counts the game as played at
// the first.
export function markPlayed() {
  const t = S.tally;
  if (!t) return;
  runClock(t);
  if (t.played) return;
  t.played = true;
  updateStats((st) => { for (const k of t.keys) tallyOf(st, k).played++; });
  keepGame();
}

// ---------- the clock ----------

// A game's clock holds the time it has run (ms) and, while it runs, when
// it started again (since). It runs from a move by hand until the game
// ends (won, given up or left) or is over for the player at its last move
// (no move left: pauseClock); a move after that runs it on, unless the
// game has ended.

/** @param {Tally} t @returns {number} */
export function clockMs(t) { return (t.ms || 0) + (t.since ? Date.now() - t.since : 0); }
/** @param {Tally} t */
function runClock(t) { if (!t.since && !t.won && !t.over) t.since = Date.now(); }
/** @param {Tally} t */
function stopClock(t) {
  if (!t.since) return;
  t.ms = clockMs(t);
  delete t.since;
}
// pauseClock stops the clock of the game on screen, over for the player.
export function pauseClock() {
  if (!S.tally) return;
  stopClock(S.tally);
  keepGame();
}
// inProgress says that the game on screen would be lost if left: played,
// and not yet won or ended.
export function inProgress() {
  const t = S.tally;
  return !!t && t.played && !t.won && !t.over;
}

// ---------- the game in progress ----------

// The games are kept in the browser's storage, the latest first, at most
// KEPT of them: each its deal ("russian-cell/617"), the moves the page
// wrote into the address for it ("5C t3>t6,…"), its tally, and when it
// was kept (at). A game whose address is opened again (a reload, a later
// visit, Back or Forward) goes on as it was.
/** @typedef {{ deal: string, moves: string, tally: Tally, at: number }} Kept */
export const GAMES_KEY = "patience.games";
const OLD_GAME_KEY = "patience.game"; // one game, kept by earlier pages
const KEPT = 20;
let keptAs = { deal: "", moves: "" };

/** @returns {Kept[]} */
function loadKept() {
  /** @type {Kept[]} */
  let list = [];
  try {
    list = JSON.parse(localStorage.getItem(GAMES_KEY)) || [];
    const old = JSON.parse(localStorage.getItem(OLD_GAME_KEY));
    if (old && old.tally) {
      old.tally.id = old.tally.id || "old";
      list.push(Object.assign({ at: Date.now() }, old));
    }
    localStorage.removeItem(OLD_GAME_KEY);
  } catch (e) { /* none */ }
  return Array.isArray(list) ? list.filter((k) => k && k.tally && k.tally.id) : [];
}
/** @param {Kept[]} list */
function saveKept(list) {
  const over = list.slice(KEPT);
  list = list.slice(0, KEPT);
  // A game pushed out of the list while in progress ends, as one left.
  for (const k of over) if (leave(k.tally)) endTally(k.tally);
  try { localStorage.setItem(GAMES_KEY, JSON.stringify(list)); } catch (e) { /* not kept: a reload starts a new game */ }
}

// keepGame keeps the game on screen, first in the list: the deal and the
// moves of its address, when given (else the last given).
/** @param {string} [deal] @param {string} [moves] */
export function keepGame(deal, moves) {
  if (deal !== undefined) keptAs = { deal, moves };
  const t = S.tally;
  if (!t) return;
  saveKept([{ deal: keptAs.deal, moves: keptAs.moves, tally: t, at: Date.now() }].concat(loadKept().filter((k) => k.tally.id !== t.id)));
}

// takeGame is for the game of deal whose address holds moves (those the
// worker kept of a link's): the tally of the latest game kept with that
// address, to go on with it, or null. A game never played is taken only
// as the deal's latest game: an old one at the deal's plain address is
// not what the address names. A page's first game ends the games of
// earlier pages that were in progress, as leaving them would have.
/** @param {string} deal @param {string} moves @returns {Tally | null} */
export function takeGame(deal, moves) {
  const list = loadKept();
  const latest = list.find((k) => k.deal === deal);
  const k = list.find((k) => k.deal === deal && k.moves === moves && (k.tally.played || k === latest));
  const t = k ? k.tally : null;
  if (t && t.since) {
    // Its clock ran until the page last kept it, and runs on from now.
    t.ms = (t.ms || 0) + Math.max(0, k.at - t.since);
    t.since = Date.now();
  }
  if (!S.tally) {
    let ended = false;
    for (const o of list) if (o !== k && leave(o.tally)) { endTally(o.tally); ended = true; }
    if (ended) saveKept(list);
  }
  return t;
}

// leave ends a game in progress as one left for another, and says whether
// it did: its clock stops, and it counts as lost once (endTally).
/** @param {Tally} t */
function leave(t) {
  if (!t.played || t.won || t.over) return false;
  t.over = true;
  t.left = true;
  stopClock(t);
  return true;
}
// knownNow adds to the game on screen the rows that the catalogue's word,
// come later (the first board is dealt before the solver runs), gives it:
// its difficulty. A game already played counts there as played too.
export function knownNow() {
  const t = S.tally;
  if (!t) return;
  const more = statsKeys().filter((k) => !t.keys.includes(k));
  if (!more.length) return;
  t.keys = t.keys.concat(more);
  if (t.played) updateStats((st) => { for (const k of more) tallyOf(st, k).played++; });
}
// markWon counts the game on screen as won, once: won unaided, or won
// with hints (hinted), which ends the streak; or, with help that gives the
// game away (assisted), played and not won.
export function markWon() {
  const t = S.tally;
  if (!t || !t.played || t.won || t.over) return;
  stopClock(t);
  if (t.assisted) {
    // Won with help: the game ends unwon, and so does its streak.
    t.over = true;
    endTally(t);
    keepGame();
    return;
  }
  t.won = true;
  const hints = (t.hints || 0) > 0;
  updateStats((st) => {
    for (const k of t.keys) {
      const b = tallyOf(st, k);
      if (hints) {
        b.hinted = (b.hinted || 0) + 1;
        b.streak = 0;
        continue;
      }
      b.won++;
      b.streak++;
      b.best = Math.max(b.best, b.streak);
    }
  });
  keepGame();
}
// assisted marks the game on screen as not to be counted as won: the
// player asked for a solution, to see the face-down cards or where the
// game went wrong, let Finish make choices, or opened a link with moves
// made elsewhere.
export function assisted() {
  if (!S.tally) return;
  S.tally.assisted = true;
  keepGame();
}
// hinted counts a hint shown for the game on screen, whether its move is
// played or not: a game won after one is won with hints, counted apart
// from the games won unaided. "Can I still win?" is not a hint: it is free.
export function hinted() {
  const t = S.tally;
  if (!t || t.won || t.over) return;
  t.hints = (t.hints || 0) + 1;
  keepGame();
}
// hintsText is the hints shown for a game: " · 2 hints", or "" for none.
/** @param {Tally | null} t */
function hintsText(t) {
  const n = (t && t.hints) || 0;
  return n ? ` · ${plural(n, "hint")}` : "";
}
// giveUp ends the game on screen as lost, at the player's word: played,
// it counts as not won, and its streak ends now.
export function giveUp() {
  const t = S.tally;
  if (!t || t.won || t.over) return false;
  t.over = true;
  stopClock(t);
  endTally(t);
  keepGame();
  return true;
}
// endGame takes the game on screen away, for another: one in progress
// ends as left (lost, once), and stays kept, to come back to as it was.
export function endGame() {
  const t = S.tally;
  if (!t) return;
  if (leave(t)) endTally(t);
  keepGame();
  setTally(null);
}
// restartGame makes the game on screen, ended (won, given up or left), a
// new game of the same deal, counted afresh (assisted: the face-down cards
// are shown).
/** @param {boolean} assisted */
export function restartGame(assisted) {
  endGame();
  setTally(newTally(assisted));
}
// endTally ends the streaks of a game that ended unwon, when it ends.
/** @param {Tally | null} t */
function endTally(t) {
  if (t && t.played && !t.won) updateStats((st) => { for (const k of t.keys) tallyOf(st, k).streak = 0; });
}

// moveCount is the one count of a game's moves: those of the line up to
// step upto that the player made, not counting the safe automatic
// foundation moves, whoever played them (the worker marks them safe), as
// par counts (game.HandMoves). It is the same after a reload, and with
// the automatic moves on or off.
/** @param {number} upto */
export function moveCount(upto) {
  return S.line.slice(0, Math.min(upto, S.fixed)).filter((m) => !m.safe).length;
}

// meterText is the game's move count, clock and hints: "12 moves · 3:05"
// or "12 moves · 3:05 · 2 hints", the moves up to the step on screen
// (moveCount).
export function meterText() {
  const n = moveCount(S.cur);
  const t = S.tally;
  const sec = t ? Math.max(0, Math.floor(clockMs(t) / 1000)) : 0;
  const clock = `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, "0")}`;
  return plural(n, "move") + (t ? ` · ${clock}` + hintsText(t) : "");
}
export function drawStats() {
  const st = loadStats();
  const body = $("stats-body");
  body.innerHTML = "";
  // Each game, then its difficulties played, from the easiest, then its
  // deals of the day.
  const rank = (/** @type {string} */ k) => { const [g, d] = k.split("/"); return [Object.keys(GAMES).indexOf(g), d === DAILY ? DIFFICULTIES.length : d ? DIFFICULTIES.indexOf(d) : -1]; };
  const keys = Object.keys(GAMES).concat(Object.keys(st).filter((k) => !GAMES[k]));
  keys.sort((a, b) => { const [ga, da] = rank(a), [gb, db] = rank(b); return ga - gb || da - db || (a < b ? -1 : 1); });
  for (const key of keys) {
    const b = tallyOf(st, key);
    const tr = document.createElement("tr");
    tr.dataset.key = key;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = statsName(key);
    tr.appendChild(th);
    for (const v of [b.played, b.won, b.hinted || 0, winShare(b), b.streak, b.best]) {
      const td = document.createElement("td");
      td.textContent = String(v);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}
// winShare is the share of a row's games won unaided, in whole percent:
// "67%", or "–" before any is played.
/** @param {Row} b */
export function winShare(b) {
  return b.played ? `${Math.round(100 * b.won / b.played)}%` : "–";
}
export function clearStats() {
  try { localStorage.removeItem(STATS_KEY); } catch (e) { /* nothing kept */ }
  // The game on screen counts again from its next move by hand.
  if (S.tally) S.tally.played = false;
  drawStats();
  announce("Your games are cleared.");
}
