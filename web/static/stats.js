// Your games: the games played and won on this device, kept in
// localStorage.


// ---------- your games ----------

// Your games counts, per game and per difficulty, in the browser's local
// storage: the games
// played (a numbered deal on which the player made a move by hand), won
// (won with no Solve, Shortest or Show face-down cards in that game), the
// current streak of won games and the best. A game ends when another deal
// is opened or the page is left; one played and not won ends the streak.

import { announce } from "./announce.js";
import { DIFFICULTIES } from "./links.js";
import { S, setTally } from "./state.js";
import { $ } from "./util.js";

export const STATS_KEY = "patience.stats";
export const GAMES = { "russian-cell": "Russian Cell", "ripple-fan": "Ripple Fan" };

export function loadStats() {
  try { return JSON.parse(localStorage.getItem(STATS_KEY)) || {}; } catch (e) { return {}; }
}
export function saveStats(st) {
  try { localStorage.setItem(STATS_KEY, JSON.stringify(st)); } catch (e) { /* not remembered */ }
}
// statsKeys are what a game of the deal on screen counts under: its game,
// and for a deal with a difficulty also the game and the difficulty as a
// word of DIFFICULTIES ("russian-cell/very-hard"), each a row of the table.
export function statsKeys() {
  const d = S.known && S.known.difficulty;
  return d ? [S.game, `${S.game}/${d.replace(/ /g, "-")}`] : [S.game];
}
// statsName is a row's name: "Russian Cell", or "Russian Cell · very hard".
export function statsName(key) {
  const [g, d] = key.split("/");
  return (GAMES[g] || g) + (d ? ` · ${d.replace(/-/g, " ")}` : "");
}
export function tallyOf(st, key) {
  return st[key] || (st[key] = { played: 0, won: 0, streak: 0, best: 0 });
}
export function updateStats(f) {
  const st = loadStats();
  f(st);
  saveStats(st);
  drawStats();
}
// markPlayed counts the game on screen as played, at its first move by hand.
export function markPlayed() {
  const t = S.tally;
  if (!t || t.played) return;
  t.played = true;
  updateStats((st) => { for (const k of t.keys) tallyOf(st, k).played++; });
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
  if (!t || !t.played || t.won || t.assisted) return;
  t.won = true;
  updateStats((st) => {
    for (const k of t.keys) {
      const b = tallyOf(st, k);
      b.won++;
      b.streak++;
      b.best = Math.max(b.best, b.streak);
    }
  });
}
// assisted marks the game on screen as not to be counted as won: the
// player asked for a solution or to see the face-down cards.
export function assisted() { if (S.tally) S.tally.assisted = true; }
// endGame ends the game on screen: one played and not won ends its streak.
export function endGame() {
  const t = S.tally;
  setTally(null);
  if (t && t.played && !t.won) updateStats((st) => { for (const k of t.keys) tallyOf(st, k).streak = 0; });
}
export function drawStats() {
  const st = loadStats();
  const body = $("stats-body");
  body.innerHTML = "";
  // Each game, then its difficulties played, from the easiest.
  const rank = (k) => { const [g, d] = k.split("/"); return [Object.keys(GAMES).indexOf(g), d ? DIFFICULTIES.indexOf(d) : -1]; };
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
