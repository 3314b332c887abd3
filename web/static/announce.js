// @ts-check
// Messages: the line under the board, and announcements for screen
// readers.

import { $, SUITS, tens } from "./util.js";

// say shows text in the message line, kind "error", "ok" or none. Card
// codes in it are written as the moves list writes cards: "7C" as 7♣,
// "TH" as 10♥.
/** @param {string} text @param {"error" | "ok"} [kind] */
export function say(text, kind) {
  const m = $("message");
  m.textContent = cardWords(text);
  m.className = kind || "";
  delete m.dataset.finish;
}

// sayFinish says what Finish does (decides: it makes choices, and the game
// then counts as assisted). The message goes with the button: drawSide
// takes it away at a step where Finish is not offered, and says it again
// at the step where it is.
/** @param {boolean} decides */
export function sayFinish(decides) {
  say(decides ? "Every card is face up and the game can be won. Finish plays it out for you, and the game then counts as assisted: play it out yourself to count a win."
    : "Every card is face up: Finish puts them on their foundations.", "ok");
  $("message").dataset.finish = "1";
}

// cardWords writes the card codes of s (rank and suit letter, as in 7C or
// TH) with the suit's symbol and 10 for T.
/** @param {string} s */
export function cardWords(s) {
  return tens(s).replace(/\b(10|[A2-9JQK])([CSHD])\b/g, (_, r, su) => r + SUITS[su]);
}
// clearError takes an old error away, on the player's next move or undo.
export function clearError() { if ($("message").className === "error") say(""); }
/** @param {string} text */
export function fail(text) { say(text, "error"); }
// announce says text in the live region, for a screen reader: moves,
// automatic moves, verdicts. The region says one text at a time, and a
// screen reader may miss a text replaced before it took it: so each stays
// HOLD ms at least, and the texts that come meanwhile wait their turn, in
// order (a won game's move, then "Par: …"; a move, then the search it
// starts). append adds text to the one still waiting, if any (the check
// after a move, to the move), else it waits its own turn. passing: a
// place in the moves (a step, an undo, ▶ playing on), which gives its
// turn to the next one if that comes before it was said: stepping fast
// says where it stops, not every step on the way.
/** @param {string} text @param {boolean} [append] @param {boolean} [passing] */
export function announce(text, append, passing) {
  const last = said.waiting[said.waiting.length - 1];
  if (append && last) {
    last.text += " " + tens(text);
    last.passing = false;
    return;
  }
  if (passing) said.waiting = said.waiting.filter((w) => !w.passing);
  said.waiting.push({ text: tens(text), passing: !!passing });
  sayNext();
}

// unsay drops the texts still waiting: they speak of a game no longer on
// screen.
export function unsay() { said.waiting = []; }

// HOLD is how long, in ms, the live region shows a text at least before
// the next one replaces it.
const HOLD = 1000;

// said is the live region's queue: the texts waiting, when the one shown
// was shown, and the timer of the next.
/** @type {{ waiting: { text: string, passing: boolean }[], at: number, timer: number | null }} */
const said = { waiting: [], at: -Infinity, timer: null };

// sayNext shows the first text waiting, once the one shown has been shown
// HOLD ms.
function sayNext() {
  if (said.timer !== null || !said.waiting.length) return;
  const wait = said.at + HOLD - performance.now();
  if (wait > 0) {
    said.timer = setTimeout(() => { said.timer = null; sayNext(); }, wait);
    return;
  }
  const l = $("live");
  if (l) l.textContent = said.waiting.shift().text;
  else said.waiting.shift();
  said.at = performance.now();
  sayNext();
}

// prompt shows what the player may do once a game ends (won, or over):
// text and buttons, each [label, action]; null takes it away. The focus
// goes to its first button when it was nowhere (on the page's body, as
// after the Finish button went away).
/** @param {string | null} text @param {[string, () => void][]} [buttons] */
export function prompt(text, buttons) {
  const box = $("prompt"), row = $("prompt-actions");
  box.hidden = !text;
  $("prompt-text").textContent = text ? cardWords(text) : "";
  row.textContent = "";
  for (const p of box.querySelectorAll("p:not(#prompt-text)")) p.remove();
  if (!text) return;
  for (const [label, action] of buttons || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", action);
    row.appendChild(b);
  }
  const a = document.activeElement;
  if (row.firstChild && (!a || a === document.body)) /** @type {HTMLElement} */ (row.firstChild).focus();
}
