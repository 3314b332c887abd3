// @ts-check
// Your games: the games played and won on this device, kept in
// localStorage.

import { announce } from "./announce.js";
import { S, setTally } from "./state.js";
import { $, DIFFICULTIES } from "./util.js";

// ---------- your games ----------

// Your games counts, per game and per difficulty, in the browser's local
// storage: the games played (a numbered deal on which the player made a
// move by hand), won (every move made by hand or by the safe automatic
// moves: see assisted), the current streak of won games and the best. A
// game ends when another deal is opened or the player gives up; one
// played and not won ends the streak. The game in progress is kept too
// (keepGame), so that a reload, or a later visit, goes on with it.

/**
 * @typedef {import("./state.js").Tally} Tally
 * @typedef {{ played: number, won: number, streak: number, best: number }} Row  a row of Your games
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
  return st[key] || (st[key] = { played: 0, won: 0, streak: 0, best: 0 });
}
/** @param {(st: Stats) => void} f */
export function updateStats(f) {
  const st = loadStats();
  f(st);
  saveStats(st);
  drawStats();
}
// markPlayed counts the game on screen as played, at its first move by
// hand, and starts its clock.
export function markPlayed() {
  const t = S.tally;
  if (!t || t.played) return;
  t.played = true;
  t.started = Date.now();
  updateStats((st) => { for (const k of t.keys) tallyOf(st, k).played++; });
  keepGame();
}

// ---------- the game in progress ----------

export const GAME_KEY = "patience.game";
let keptAs = { deal: "", moves: "" };

// keepGame keeps the game on screen in the browser's storage: its deal
// ("russian-cell/617"), the moves the page wrote into the address for it
// ("5C t3>t6,…"; the last given, when none is) and its tally. A page with
// no game to count keeps none.
/** @param {string} [deal] @param {string} [moves] */
export function keepGame(deal, moves) {
  if (deal !== undefined) keptAs = { deal, moves };
  try {
    if (S.tally) localStorage.setItem(GAME_KEY, JSON.stringify(Object.assign({ tally: S.tally }, keptAs)));
    else localStorage.removeItem(GAME_KEY);
  } catch (e) { /* not kept: a reload starts a new game */ }
}

// takeGame is for a new game of deal with the moves of a link: when the
// page has no game yet and the game kept is that one (a reload, or a
// later visit), it returns that game's tally, to go on with it. Otherwise
// a game kept by an earlier page ends, as any game does when another deal
// is opened, and it returns null.
/** @param {string} deal @param {string} moves @returns {Tally | null} */
export function takeGame(deal, moves) {
  if (S.tally) return null;
  let k = null;
  try { k = JSON.parse(localStorage.getItem(GAME_KEY)); } catch (e) { /* none */ }
  if (!k || !k.tally) return null;
  if (k.deal === deal && k.moves === moves) return k.tally;
  endTally(k.tally);
  return null;
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
// markWon counts the game on screen as won, once, unless the player had
// help that gives the game away.
export function markWon() {
  const t = S.tally;
  if (!t || !t.played || t.won || t.over) return;
  t.ended = t.ended || Date.now();
  if (t.assisted) {
    // Won with help: the game ends unwon, and so does its streak.
    endTally(t);
    keepGame();
    return;
  }
  t.won = true;
  updateStats((st) => {
    for (const k of t.keys) {
      const b = tallyOf(st, k);
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
// giveUp ends the game on screen as lost, at the player's word: played,
// it counts as not won, and its streak ends now.
export function giveUp() {
  const t = S.tally;
  if (!t || t.won || t.over) return false;
  t.over = true;
  t.ended = Date.now();
  endTally(t);
  keepGame();
  return true;
}
// endGame ends the game on screen: one played and not won ends its streak.
export function endGame() {
  const t = S.tally;
  setTally(null);
  endTally(t);
  keepGame();
}
/** @param {Tally | null} t */
function endTally(t) {
  if (t && t.played && !t.won) updateStats((st) => { for (const k of t.keys) tallyOf(st, k).streak = 0; });
}

// meterText is the game's move count and clock: "12 moves · 3:05". The
// moves are those made by hand up to the step on screen; the clock runs
// from the first of them until the game is won or given up.
export function meterText() {
  const hand = S.line.slice(0, Math.min(S.cur, S.fixed)).filter((m) => !m.auto).length;
  const t = S.tally;
  const ms = t && t.started ? (t.ended || Date.now()) - t.started : 0;
  const sec = Math.max(0, Math.floor(ms / 1000));
  const clock = `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, "0")}`;
  return `${hand} ${hand === 1 ? "move" : "moves"}` + (t ? ` · ${clock}` : "");
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
    for (const v of [b.played, b.won, b.streak, b.best]) {
      const td = document.createElement("td");
      td.textContent = String(v);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}
export function clearStats() {
  try { localStorage.removeItem(STATS_KEY); } catch (e) { /* nothing kept */ }
  // The game on screen counts again from its next move by hand.
  if (S.tally) S.tally.played = false;
  drawStats();
  announce("Your games are cleared.");
}
