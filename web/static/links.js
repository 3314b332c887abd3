// @ts-check
// Deals and the address: dealing, random deals, positions, and the link
// that names the game on screen.

import { announce, fail, prompt, say, unsay } from "./announce.js";
import { ask } from "./api.js";
import { render, showDown } from "./board.js";
import { checkOver, clearStory, go, stopPlay } from "./play.js";
import { clearVerdict, runSolve } from "./search.js";
import { knownWords, titleText } from "./side.js";
import { S, keepLine, newGame, setDeal, setRestoring, setURLDeal, startWon } from "./state.js";
import { endGame, keepGame, newTally, takeGame } from "./stats.js";
import { $, DIFFICULTIES } from "./util.js";

/**
 * @typedef {import("./api.js").Position} Position
 * @typedef {import("./api.js").PositionAnswer} PositionAnswer
 * @typedef {import("./api.js").Request} Request
 *
 * @typedef {object} Link what an address names (parseURL), or why it cannot be read
 * @property {string} [error]
 * @property {string} [game]
 * @property {string} [number]  a deal's number
 * @property {string} [daily]  the date (YYYY-MM-DD) of a deal of the day
 * @property {string} [position]  a pasted position: the base64url of its JSON
 * @property {string[]} [moves]
 * @property {number | null} [step]  the step on screen of the line solved past the moves
 * @property {boolean} [shortest]
 * @property {string[]} [junk]  what it holds that no link writes
 */

// ---------- loading deals ----------

/** @param {string} game @param {string} number @param {Link} [rest] */
export async function loadDeal(game, number, rest) {
  return loadFrom({ op: "deal", game, number }, rest);
}

export function randomKind() { return $("random-kind").value; }

// loadRandom deals a random deal of the game chosen, picked by Go from the
// catalogue: a winnable one unless the player asked for any deal, of the
// difficulty chosen in Russian Cell (a Ripple Fan deal has none, and a
// winnable one is dealt); or, with Deal of the day chosen, today's deal
// of the day of the game.
export async function loadRandom() {
  // A seed below 2^53, which a JavaScript number holds exactly.
  const seed = Math.floor(Math.random() * 2 ** 53);
  const kind = randomKind(), game = $("game").value;
  if (kind === "daily") return loadDaily(game, todayUTC());
  /** @type {Request & { op: "random" }} */
  const req = { op: "random", game, winnable: kind !== "any", seed };
  if (!DIFFICULTIES.includes(kind)) return loadFrom(req);
  if (game === "russian-cell") return loadFrom(Object.assign(req, { difficulty: kind }));
  const ok = await loadFrom(req);
  if (ok) say("A Ripple Fan deal has no difficulty (every card is face up): here is a winnable one.");
  return ok;
}

// todayUTC is today's date in UTC, YYYY-MM-DD: the deal of the day is the
// same for everyone on a UTC date.
export function todayUTC() { return new Date().toISOString().slice(0, 10); }

// loadDaily deals the deal of the day of game on date (YYYY-MM-DD), which
// Go picks (game.DailyDeal): a winnable deal, the same for everyone on
// that date. Its link names the date, and its games count in Your games
// under the game's deal of the day too.
/** @param {string} game @param {string} date @param {Link} [rest] */
export async function loadDaily(game, date, rest) {
  const ok = await loadFrom({ op: "daily", game, date }, rest);
  if (ok && $("message").textContent === "") say(`The deal of the day of ${date} (UTC): a winnable deal, the same for everyone.`);
  return ok;
}

// loadFrom deals the deal that req (deal, random or daily) names.
/** @param {Request & { op: "deal" | "random" | "daily" }} req @param {Link} [rest] */
export async function loadFrom(req, rest) {
  stopPlay();
  say("");
  /** @type {PositionAnswer} */
  let a;
  try {
    a = await ask(Object.assign({ reveal: showDown() }, req));
  } catch (e) {
    fail(e.message);
    return false;
  }
  setDeal(req.game, a.number, a.known, req.op === "daily" ? req.date : "");
  $("game").value = req.game;
  $("number").value = a.number;
  await setStart(a.position, rest, true);
  return true;
}

// setStart puts a start position on screen, then the moves and the step
// that rest (a link) gives. counted: a numbered deal, whose game counts
// in Your games.
/** @param {Position} position @param {Link | null} rest @param {boolean} [counted] */
export async function setStart(position, rest, counted) {
  // The link's moves, as far as the referee takes them: a game with none
  // of them is the deal as dealt, whatever the link held.
  /** @type {import("./api.js").Line | null} */
  let l = null;
  let bad = "";
  if (rest && rest.moves && rest.moves.length) {
    try {
      l = await ask({ op: "line", position, moves: rest.moves });
      if (l.refused) bad = `move ${l.refused.index + 1} of the link (${l.refused.move}) is refused: ${l.refused.reason}`;
    } catch (e) {
      bad = "the moves in the link cannot be read: " + e.message;
    }
  }
  const moves = l ? l.moves.map((m) => m.move).join(",") : "";
  // The game kept with this address goes on when an address is followed
  // (a reload, a later visit, Back) or the page has no game yet; a deal
  // asked for (Deal, Random) is a new game. Moves made elsewhere are not
  // the player's own, so a new game with them is assisted.
  const kept = counted && (rest || !S.tally) ? takeGame(S.game + "/" + S.number, moves) : null;
  if (!kept || !S.tally || kept.id !== S.tally.id) endGame();
  newGame(position, counted ? kept || newTally(showDown() || moves !== "") : null);
  prompt(null);
  clearStory();
  clearVerdict();
  $("review").textContent = "";
  if (l) keepLine(l.positions, l.moves, l.won);
  if (bad) fail(bad);
  else if (kept && kept.left) say("You left this game for another deal, so it counts as played and lost. Restart plays the deal again, as a new game.");
  if (!l && !bad && !counted) {
    // A position (not a deal as dealt) may be won already: the worker
    // says so, as it does at the end of every line it replays.
    try {
      if ((await ask({ op: "line", position, moves: [] })).won) startWon();
    } catch (e) {
      fail(e.message);
    }
  }
  render();
  announceGame();
  if (rest && rest.step != null && !bad) {
    await runSolve(rest.shortest ? "shortest" : "solve");
    go(rest.step);
  } else {
    saveURL();
    if (S.fixed > 0) await checkOver();
  }
}

// announceGame tells a screen reader that a new game is on screen, and
// which: the live region no longer speaks of the game before, nor says
// what still waited to be said of it.
function announceGame() {
  const words = knownWords();
  unsay();
  announce(`New game: ${titleText()}` + (words ? ` (${words.toLowerCase()})` : "") + (S.cur ? `, at move ${S.cur} of ${S.line.length}` : "") + ".");
}

// ---------- the URL ----------

let written = "";
// writtenURL is the address last written for the game on screen.
export function writtenURL() { return written; }

// #russian-cell/617[/moves/5C.t3.t6,...][/shortest][/step/12]; a pasted
// position is #russian-cell/p/BASE64 instead of the deal number, and a
// deal of the day #russian-cell/daily/2026-12-07 (a link that deals the
// same for everyone, and counts as that day's deal). /step says that the
// line was solved from the end of the hand moves.
export function saveURL() {
  if (!S.start) return;
  let h = "#" + S.game + "/" + (S.daily && S.number ? "daily/" + S.daily : S.number ? S.number : "p/" + b64(JSON.stringify(S.start)));
  const hand = S.line.slice(0, S.solved ? S.fixed : S.cur).map((m) => m.move.replace(" ", ".").replace(">", "."));
  if (hand.length) h += "/moves/" + hand.join(",");
  if (S.solved === "shortest") h += "/shortest";
  if (S.solved) h += "/step/" + S.cur;
  const deal = S.game + "/" + (S.number ? S.number : JSON.stringify(S.start));
  if (S.urlDeal && S.urlDeal !== deal && !S.restoring) history.pushState(null, "", h);
  else if (location.hash !== h) history.replaceState(null, "", h);
  written = h;
  setURLDeal(deal);
  keepGame(deal, S.line.slice(0, S.solved ? S.fixed : S.cur).map((m) => m.move).join(","));
}

/** @param {string} hash @returns {Link | null} */
export function parseURL(hash) {
  let parts;
  try {
    parts = decodeURIComponent(hash.replace(/^#/, "")).split("/");
  } catch (e) {
    return { error: `the link cannot be read (${e.message})` };
  }
  if (parts.length < 2) return hash.replace(/^#/, "") ? { error: `the link names no deal: “${hash.replace(/^#/, "")}”` } : null;
  /** @type {Link} */
  const r = { game: parts[0], moves: [], step: null, shortest: false, junk: [] };
  let i = 1;
  if (parts[1] === "p") { r.position = parts[2]; i = 3; } else if (parts[1] === "daily") { r.daily = parts[2] || ""; i = 3; } else { r.number = parts[1]; i = 2; }
  if (r.daily !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(r.daily)) return { error: `“${r.daily}” is not a date: a deal of the day's link ends with one as YYYY-MM-DD, such as 2026-12-07` };
  if (r.number && /^\s*[-−]/.test(r.number)) return { error: `“${r.number}” is not a deal number: deals are numbered from 1` };
  for (; i < parts.length; i++) {
    if (parts[i] === "moves" && i + 1 < parts.length) r.moves = parts[++i].split(",").filter(Boolean).map((m) => m.replace(".", " ").replace(".", ">"));
    else if (parts[i] === "step" && i + 1 < parts.length && /^\d+$/.test(parts[i + 1])) r.step = Number(parts[++i]);
    else if (parts[i] === "shortest") r.shortest = true;
    else if (parts[i] !== "") r.junk.push(parts[i]);
  }
  return r;
}

// b64 writes s (UTF-8) as base64url without padding, for a position in
// the link; unb64 reads it back, with a plain error for text that is not.
/** @param {string} s */
export function b64(s) {
  let bin = "";
  for (const b of new TextEncoder().encode(s)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
/** @param {string} s */
export function unb64(s) {
  try {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch (e) {
    throw new Error("it is not the base64url text of a position");
  }
}

// restore shows what the address names. A link that cannot be shown
// leaves its error on screen and a usable board: the one there was, or
// else the default deal.
/** @param {string} hash */
export async function restore(hash) {
  setRestoring(true);
  try {
    if (await restoreOnly(hash)) return true;
  } catch (e) {
    fail(e.message);
  } finally {
    setRestoring(false);
  }
  if (!S.start) {
    const msg = $("message").textContent;
    await loadDeal("russian-cell", "617");
    fail(msg);
  }
  return false;
}

/** @param {string} hash */
export async function restoreOnly(hash) {
  const r = parseURL(hash);
  if (!r) return false;
  if (r.error) { fail(r.error); return false; }
  const shown = await restoreParsed(r);
  // What the link holds past the deal that no link writes: left out,
  // and said, once the rest is on screen.
  if (shown && r.junk.length && $("message").className !== "error") {
    fail(`the link has “${r.junk.join("/")}”, which is not part of a link: it was left out`);
  }
  return shown;
}

// restoreParsed shows the deal or position of a link read by parseURL,
// with its moves.
/** @param {Link} r */
async function restoreParsed(r) {
  if (r.position) {
    try {
      const a = await ask({ op: "read", text: unb64(r.position) });
      setDeal(a.position.game, a.number, a.known);
      $("game").value = S.game;
      await setStart(a.position, r);
      return true;
    } catch (e) {
      fail("the position in the link cannot be read: " + e.message);
      return false;
    }
  }
  if (r.daily) return loadDaily(r.game, r.daily, r);
  const ok = await loadDeal(r.game, r.number, r);
  if (ok && $("message").textContent === "") sayReadAs(r.number, S.number);
  return ok;
}

// sayReadAs says which deal a link's number was read as, where the link
// writes it otherwise: PySolFC's leniency (docs/design.md §2) reads
// “6 17” as deal 617, and the address is then rewritten.
/** @param {string} text @param {string} number */
export function sayReadAs(text, number) {
  if (text !== number) say(`“${text}” in the link is read as deal ${number}.`);
}
