// Messages: the line under the board, and announcements for screen
// readers.

import { tens } from "./side.js";
import { $ } from "./util.js";

export function esc(s) { return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

export function say(text, kind) {
  const m = $("message");
  m.textContent = tens(text);
  m.className = kind || "";
}
// clearError takes an old error away, on the player's next move or undo.
export function clearError() { if ($("message").className === "error") say(""); }
export function fail(text) { say(text, "error"); }
// announce says text in the live region, for a screen reader: moves,
// automatic moves, verdicts.
// append adds text to what it said last (the check after a move, to the
// move).
export function announce(text, append) {
  const l = $("live");
  if (l) l.textContent = (append && l.textContent ? l.textContent + " " : "") + tens(text);
}
