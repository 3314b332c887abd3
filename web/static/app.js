// The page: it draws the board and handles events. Every rule and every
// search runs in Go (patience.wasm) in Web Workers: "quick" answers at once
// (deal, read, replay a line, legal moves), "search" runs the solver and can
// be cancelled, which ends that worker and starts a new one.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { C: "♣", S: "♠", H: "♥", D: "♦" };
const SUIT_ORDER = ["C", "S", "H", "D"];
const RANKS = "A23456789TJQK";

// ---------- the workers ----------

// wasm is patience.wasm, compiled once here (off the main thread) and
// handed to every worker, which then only instantiates it: a worker
// started again after Cancel is ready at once.
const wasm = (async () => {
  try {
    const m = await WebAssembly.compileStreaming(fetch("patience.wasm"));
    document.body.dataset.wasmCompiled = performance.now().toFixed(0);
    return m;
  } catch (e) {
    // A server that does not send application/wasm: read it whole.
    const buf = await (await fetch("patience.wasm")).arrayBuffer();
    return WebAssembly.compile(buf);
  }
})();

// The game worker (worker.js) is the only holder of the face-down cards:
// the page gets the player's view, each face-down card as "??", and sends
// back the positions it was given. The game worker runs the searches in a
// worker of its own, which it ends on Cancel.
class Engine {
  constructor() {
    this.next = 1;
    this.worker = null;
  }
  start() {
    this.pending = new Map();
    const w = new Worker("worker.js");
    this.worker = w;
    this.ready = new Promise((resolve, reject) => {
      w.onmessage = (e) => {
        const d = e.data;
        if (d.ready) { resolve(); return; }
        if (d.fatal) { reject(new Error(d.fatal)); fail(d.fatal); return; }
        const p = this.pending.get(d.id);
        if (!p) return;
        this.pending.delete(d.id);
        if (d.cancelled) p.reject(new Cancelled());
        else p.resolve(d.ans);
      };
      w.onerror = (e) => { const m = "the solver failed to load: " + (e.message || e); reject(new Error(m)); fail(m); };
      wasm.then((module) => w.postMessage({ module }), (e) => { const m = "cannot load patience.wasm: " + e; reject(new Error(m)); fail(m); });
    });
  }
  // ensure starts the worker if it is not running yet.
  ensure() { if (!this.worker) this.start(); return this.ready; }
  call(req, searching) {
    return this.ensure().then(() => new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject, searching });
      this.worker.postMessage({ id, req });
    }));
  }
  // cancel ends the searches: the game worker ends its searching worker
  // (a search in WebAssembly does not return to the event loop) and
  // starts a new one.
  cancel() {
    this.worker.postMessage({ cancel: true });
    for (const [id, p] of this.pending) if (p.searching) { this.pending.delete(id); p.reject(new Cancelled()); }
  }
  busy() { return !!this.worker && [...this.pending.values()].some((p) => p.searching); }
}
class Cancelled extends Error { constructor() { super("cancelled"); } }

const quick = new Engine();
// search is the same worker, for the searches, which Cancel ends.
const search = {
  call: (req) => quick.call(req, true),
  cancel: () => quick.cancel(),
  busy: () => quick.busy(),
  ensure: () => { quick.ensure().then(() => quick.worker.postMessage({ warm: true })); return quick.ready; },
};

// ask sends a request to the quick worker and throws its error, if any.
async function ask(req) {
  const a = await quick.call(req);
  if (a.error) throw new Error(a.error);
  return a;
}

// ---------- state ----------

// The line is every move from the start: the first S.fixed are the moves
// played by hand (or kept), the rest a solution found from there. S.cur is
// the step on screen: S.positions[S.cur] is drawn.
const S = {
  game: "russian-cell",
  number: "",        // canonical deal number, or "" for a pasted position
  known: null,       // {verdict, from, difficulty}: what the catalogue knows of the deal, or null
  tally: null,       // {keys, played, won, assisted}: the game, for Your games; null for a pasted position
  start: null,       // the start position (position JSON)
  positions: [],
  line: [],
  fixed: 0,
  solved: "",        // "", "solve" or "shortest": the line past fixed is the solver's
  verdictLines: [],
  selected: null,    // {card, from, cards}
  hintMove: null,
  legal: null,       // legal moves of the position on screen, when asked
  playing: null,
  finish: null,      // {from, line}: a won line from step from, all cards face up
  drawn: null,       // the start position last drawn (cards slide only within one deal)
  urlDeal: "",       // the deal the address names: a new deal is a new history entry
  review: null,      // {lostAt, move, judgement}: where the hand-played game was lost
  focus: null,       // {key, loc}: the board's button that has the focus (rove)
};

function pos() { return S.positions[S.cur]; }

// ---------- drawing ----------

// cardEl draws a card. A face-down card the page does not know ("??": the
// game worker keeps it until the player asks to see it) has no identity
// in the page at all, not even in its attributes.
function cardEl(code, down) {
  const el = document.createElement("div");
  el.className = "card";
  if (down) el.dataset.down = "1";
  if (code === "??") {
    el.setAttribute("aria-label", "face-down card");
    const face = document.createElement("span");
    face.className = "face";
    el.appendChild(face);
    return el;
  }
  el.dataset.card = code;
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  el.classList.add(suit === "H" || suit === "D" ? "red" : "black");
  if (down) el.setAttribute("aria-label", showDown() ? cardName(code) + " (face down)" : "face-down card");
  else {
    // The name a screen reader says, from the content: the face is for
    // the eye.
    const n = document.createElement("span");
    n.className = "sr-only";
    n.textContent = cardName(code);
    el.appendChild(n);
  }
  const face = document.createElement("span");
  face.className = "face";
  face.setAttribute("aria-hidden", "true");
  face.innerHTML = `<span class="corner">${rank}<span class="s">${SUITS[suit]}</span></span><span class="pip">${SUITS[suit]}</span><span class="corner br">${rank}<span class="s">${SUITS[suit]}</span></span>`;
  el.appendChild(face);
  return el;
}

function cardName(code) {
  const r = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" }[code[0]] || code[0];
  const s = { C: "clubs", S: "spades", H: "hearts", D: "diamonds" }[code[1]];
  return `${r} of ${s}`;
}

function showDown() { return $("show-down").checked; }

// slot draws a place of the board: a group (not itself interactive), with
// its place button (the name, "t3": Enter there puts the selected card on
// it) and its cards beside it, never inside it.
function slot(kind, name, label) {
  const el = document.createElement("div");
  el.className = "slot " + kind;
  el.dataset[kind] = name;
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", label);
  const l = document.createElement("span");
  l.className = "label place";
  l.textContent = name;
  l.setAttribute("role", "button");
  l.setAttribute("aria-label", name + ", " + label);
  l.tabIndex = -1;
  el.appendChild(l);
  return el;
}

function plural(n, what) { return `${n} ${what}${n === 1 ? "" : "s"}`; }

function draw() {
  const p = pos();
  const board = $("board");
  const before = S.drawn === S.start && !reducedMotion() ? cardRects() : null;
  const hadFocus = board.contains(document.activeElement);
  board.innerHTML = "";
  if (!p) return;
  S.drawn = S.start;
  board.className = S.game;
  // When the first board appeared, in ms since the page was opened.
  if (!document.body.dataset.firstBoard) document.body.dataset.firstBoard = performance.now().toFixed(0);
  document.body.classList.toggle("peek", showDown());
  const top = document.createElement("div");
  top.className = "top";
  const cells = document.createElement("div");
  cells.className = "cells";
  p.cells.forEach((c, i) => {
    const s = slot("cell", "c" + (i + 1), `cell ${i + 1}, ${c ? cardName(c) : "empty"}`);
    if (c) s.appendChild(cardEl(c, false));
    cells.appendChild(s);
  });
  const found = document.createElement("div");
  found.className = "foundations";
  for (const su of SUIT_ORDER) {
    const h = p.foundations[su];
    const s = slot("foundation", su, `${{ C: "clubs", S: "spades", H: "hearts", D: "diamonds" }[su]} foundation, ${h ? "up to " + cardName(RANKS[h - 1] + su) : "empty"}`);
    s.dataset.height = h;
    if (h > 0) s.appendChild(cardEl(RANKS[h - 1] + su, false));
    else { const m = document.createElement("span"); m.className = "mark " + (su === "H" || su === "D" ? "red" : "black"); m.textContent = SUITS[su]; s.appendChild(m); }
    found.appendChild(s);
  }
  top.appendChild(cells);
  top.appendChild(found);
  board.appendChild(top);

  const tab = document.createElement("div");
  tab.className = "tableau";
  p.tableau.forEach((pl, i) => {
    const name = "t" + (i + 1);
    const down = (pl.down || []).length, up = pl.up.length;
    const s = slot("pile", name, `column ${i + 1}: ` + (down + up === 0 ? "empty" :
      `${plural(down, "face-down card")}, ${plural(up, "face-up card")}` + (up ? `, top ${cardName(pl.up[up - 1])}` : "")));
    const stack = document.createElement("div");
    stack.className = "stack";
    for (const c of pl.down) stack.appendChild(cardEl(c, true));
    for (const c of pl.up) stack.appendChild(cardEl(c, false));
    s.appendChild(stack);
    tab.appendChild(s);
  });
  board.appendChild(tab);
  for (const el of board.querySelectorAll(".card")) {
    if (el.dataset.down) { el.setAttribute("role", "img"); continue; }
    el.tabIndex = -1;
    el.setAttribute("role", "button");
  }
  mark();
  drawSide();
  rove(hadFocus);
  if (before) slide(before);
}

// ---------- the board by keyboard ----------

// The board is one stop of the Tab key: one of its buttons (a card or a
// place) has tabindex 0, the others -1, and the arrow keys move between
// them (a roving tabindex). S.focus names the one that has it: a card by
// its code, else a place; it survives every redraw, so that focus follows
// the card that moved.

function focusKey(el) {
  if (el.dataset.card) return "card:" + el.dataset.card;
  const s = el.closest(".slot");
  return s ? "place:" + locName(s) + ":" + (s.dataset.foundation || "") : "";
}

function slots() { return [...$("board").querySelectorAll(".slot")]; }
function itemsOf(slot) { return [...slot.querySelectorAll('[role="button"]')]; }

function findFocus(key) {
  if (!key) return null;
  for (const el of $("board").querySelectorAll('[role="button"]')) if (focusKey(el) === key) return el;
  return null;
}

// rove gives tabindex 0 to the board's focused button (or the place it
// was in, or the first), and focuses it when the board had the focus.
function rove(focus) {
  const board = $("board");
  let el = findFocus(S.focus && S.focus.key);
  if (!el && S.focus && S.focus.loc) {
    const s = locEl(S.focus.loc);
    const slot = s && (s.classList.contains("slot") ? s : s.querySelector(".slot"));
    if (slot) { const it = itemsOf(slot); el = it[it.length - 1]; }
  }
  if (!el) el = board.querySelector('[role="button"]');
  for (const b of board.querySelectorAll('[tabindex="0"]')) b.tabIndex = -1;
  if (!el) return;
  el.tabIndex = 0;
  if (focus) el.focus({ preventScroll: false });
}

function setFocus(el) {
  const s = el.closest(".slot");
  S.focus = { key: focusKey(el), loc: s ? locName(s) : "" };
}

// boardKey moves the focus with the arrow keys: left and right to the
// place before or after (its top card), up and down within a place's
// cards, Home and End to the first and last place.
function boardKey(e) {
  const el = e.target.closest('[role="button"]');
  if (!el) return false;
  const all = slots();
  const slot = el.closest(".slot");
  const i = all.indexOf(slot);
  const items = itemsOf(slot);
  const j = items.indexOf(el);
  let to = null;
  const top = (k) => { const it = itemsOf(all[k]); return it[it.length - 1]; };
  switch (e.key) {
    case "ArrowLeft": to = top((i - 1 + all.length) % all.length); break;
    case "ArrowRight": to = top((i + 1) % all.length); break;
    case "ArrowUp": to = items[Math.max(0, j - 1)]; break;
    case "ArrowDown": to = items[Math.min(items.length - 1, j + 1)]; break;
    case "Home": to = top(0); break;
    case "End": to = top(all.length - 1); break;
    default: return false;
  }
  e.preventDefault();
  e.stopPropagation();
  if (to) {
    setFocus(to);
    for (const b of $("board").querySelectorAll('[tabindex="0"]')) b.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }
  return true;
}

// ---------- animation ----------

function reducedMotion() { return window.matchMedia("(prefers-reduced-motion: reduce)").matches; }

// cardRects is where each card of the board is on screen.
function cardRects() {
  const r = new Map();
  for (const el of $("board").querySelectorAll(".card[data-card]")) r.set(el.dataset.card, el.getBoundingClientRect());
  return r;
}

// slide makes every card that moved since before glide from its old place
// to its new one (through the CSSOM: the page's CSP allows no inline
// styles in markup).
function slide(before) {
  for (const el of $("board").querySelectorAll(".card[data-card]")) {
    const old = before.get(el.dataset.card);
    if (!old) continue;
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left, dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.style.zIndex = "10";
    const a = el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: 200, easing: "ease-out" });
    a.onfinish = a.oncancel = () => { el.style.zIndex = ""; };
  }
}

// mark highlights the move just played, the selection, the legal
// destinations of the selection, and the hint.
function mark() {
  const board = $("board");
  for (const el of board.querySelectorAll(".moved,.from,.dest,.selected,.target,.hinted,.hint-dest")) {
    el.classList.remove("moved", "from", "dest", "selected", "target", "hinted", "hint-dest");
  }
  if (S.cur > 0) {
    const m = S.line[S.cur - 1];
    const d = locEl(m.to);
    if (d) d.classList.add("dest");
    const f = locEl(m.from);
    if (f) f.classList.add("from");
    for (const c of m.cards) { const el = cardAt(c); if (el) el.classList.add("moved"); }
  }
  for (const el of board.querySelectorAll("[aria-pressed]")) el.removeAttribute("aria-pressed");
  if (S.selected) {
    for (const c of S.selected.cards) { const el = cardAt(c); if (el) { el.classList.add("selected"); el.setAttribute("aria-pressed", "true"); } }
    for (const m of S.legal || []) {
      if (m.card === S.selected.card && m.from === S.selected.from) { const el = locEl(m.to); if (el) el.classList.add("target"); }
    }
  }
  for (const el of board.querySelectorAll(".lost")) el.classList.remove("lost");
  if (S.review && S.review.move && S.cur < S.review.lostAt) {
    for (const c of S.review.move.cards) { const el = cardAt(c); if (el) el.classList.add("lost"); }
    const el = locEl(S.review.move.to);
    if (el) el.classList.add("lost");
  }
  if (S.hintMove) {
    for (const c of S.hintMove.cards) { const el = cardAt(c); if (el) el.classList.add("hinted"); }
    const el = locEl(S.hintMove.to);
    if (el) el.classList.add("hint-dest");
  }
}

function cardAt(code) { return $("board").querySelector(`.card[data-card="${code}"]`); }

function locEl(loc) {
  const b = $("board");
  if (loc === "f") return b.querySelector(".foundations");
  if (loc[0] === "t") return b.querySelector(`[data-pile="${loc}"]`);
  if (loc[0] === "c") return b.querySelector(`[data-cell="${loc}"]`);
  return null;
}

function drawSide() {
  $("step").textContent = `${S.cur} / ${S.line.length}`;
  const ol = $("moves");
  if (ol.dataset.for !== lineKey()) {
    ol.innerHTML = "";
    S.line.forEach((m, i) => {
      const li = document.createElement("li");
      if (i < S.fixed) li.classList.add("hand");
      if (m.auto) li.classList.add("auto");
      const b = document.createElement("button");
      b.dataset.step = i + 1;
      b.innerHTML = `<span class="n">${i + 1}.</span> <span class="mv">${esc(tens(m.move))}</span>`;
      b.title = tens(m.text);
      const t = document.createElement("span");
      t.className = "what";
      t.textContent = tens(m.text);
      b.appendChild(t);
      const tag = m.auto ? "auto" : i < S.fixed ? "by hand" : "";
      if (tag) {
        const a = document.createElement("span");
        a.className = "tag";
        a.textContent = tag;
        a.title = m.auto ? (i < S.fixed ? "an automatic foundation move, safe to make" : "an automatic foundation move of the solver") : "a move played by hand";
        b.appendChild(a);
      }
      li.appendChild(b);
      ol.appendChild(li);
    });
    ol.dataset.for = lineKey();
  }
  for (const li of ol.children) li.removeAttribute("aria-current");
  for (const t of ol.querySelectorAll(".lost-tag")) t.remove();
  [...ol.children].forEach((li, i) => {
    const lost = !!S.review && S.review.lostAt === i + 1;
    li.classList.toggle("lost", lost);
    if (lost) {
      const t = document.createElement("span");
      t.className = "tag lost-tag";
      t.textContent = "lost here: " + S.review.judgement;
      li.firstChild.appendChild(t);
    }
  });
  if (S.cur > 0 && ol.children[S.cur - 1]) {
    const li = ol.children[S.cur - 1];
    li.setAttribute("aria-current", "step");
    const r = li.getBoundingClientRect(), o = ol.getBoundingClientRect();
    if (r.top < o.top || r.bottom > o.bottom) ol.scrollTop += r.top - o.top - o.height / 2;
  }
  $("first-btn").disabled = $("prev-btn").disabled = S.cur === 0;
  $("next-btn").disabled = $("last-btn").disabled = S.cur >= S.line.length;
  $("play-btn").disabled = S.line.length === 0;
  const p = pos();
  const won = p && SUIT_ORDER.every((s) => p.foundations[s] === 13);
  $("board").classList.toggle("won", !!won);
  $("title").textContent = titleText() + (won ? " — won!" : "");
  const k = $("known"), words = knownWords();
  k.hidden = !words;
  k.textContent = words;
  k.className = "known " + (S.known && S.known.verdict === "solvable" ? "win" : "lose");
  if (S.known) {
    k.title = `The deal as dealt, with every card known: from the catalogue of ${S.known.from}, before any search`;
    if (S.known.difficulty) k.title += `. The difficulty is for a player who cannot see the face-down cards: how often players who see only what you see win this deal`;
  }
  document.title = titleText() + (words ? ` (${words.toLowerCase()})` : "") + " — Patience";
  $("rules-game").textContent = S.game === "ripple-fan" ? "Ripple Fan" : "Russian Cell";
  for (const el of document.querySelectorAll("[data-rules]")) el.hidden = el.dataset.rules !== S.game;
  $("finish-btn").hidden = !(S.finish && S.finish.from === S.cur && !won);
  $("review-btn").hidden = !(S.fixed > 0 && S.cur > 0 && S.cur <= S.fixed && !won);
}

// tens writes the rank T as 10, for the eye: links, files and the move
// parser keep T.
function tens(s) { return s.replace(/\bT(?=[CSHD♣♠♥♦])/g, "10"); }

function lineKey() { return S.fixed + ":" + S.line.map((m) => m.move).join(","); }

// knownWords is what the catalogue knows of the deal on screen: "Winnable",
// "Winnable · hard" (a deal with a difficulty), "Cannot be won", or "" (a
// deal outside the catalogue, or a position).
function knownWords() {
  if (!S.known) return "";
  if (S.known.verdict !== "solvable") return "Cannot be won";
  return S.known.difficulty ? `Winnable · ${S.known.difficulty}` : "Winnable";
}

function titleText() {
  const g = S.game === "ripple-fan" ? "Ripple Fan" : "Russian Cell";
  return S.number ? `${g}, deal ${S.number}` : `${g}, a position`;
}

function esc(s) { return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

function say(text, kind) {
  const m = $("message");
  m.textContent = tens(text);
  m.className = kind || "";
}
// clearError takes an old error away, on the player's next move or undo.
function clearError() { if ($("message").className === "error") say(""); }
function fail(text) { say(text, "error"); }
// announce says text in the live region, for a screen reader: moves,
// automatic moves, verdicts.
// append adds text to what it said last (the check after a move, to the
// move).
function announce(text, append) {
  const l = $("live");
  if (l) l.textContent = (append && l.textContent ? l.textContent + " " : "") + tens(text);
}

// ---------- moving through the line ----------

function go(step) {
  step = Math.max(0, Math.min(S.line.length, step));
  if (step === S.cur && pos()) return;
  S.cur = step;
  S.selected = null;
  S.hintMove = null;
  S.legal = null;
  $("hint").textContent = "";
  draw();
  saveURL();
}

function togglePlay() {
  if (S.playing) { stopPlay(); return; }
  if (S.cur >= S.line.length) go(0);
  $("play-btn").textContent = "❚❚";
  $("play-btn").setAttribute("aria-label", "Pause");
  const tick = () => {
    if (S.cur >= S.line.length) { stopPlay(); return; }
    go(S.cur + 1);
    S.playing = setTimeout(tick, delay());
  };
  S.playing = setTimeout(tick, 50);
}
function stopPlay() {
  stopAuto();
  clearTimeout(S.playing);
  S.playing = null;
  $("play-btn").textContent = "▶";
  $("play-btn").setAttribute("aria-label", "Play");
}
function delay() { return Math.round(2000 / Math.pow(1.45, Number($("speed").value) - 1)); }

// ---------- loading deals ----------

async function loadDeal(game, number, rest) {
  return loadFrom({ op: "deal", game, number }, rest);
}

function randomKind() { return $("random-kind").value; }

// DIFFICULTIES are the labels a Random deal may be asked for, as the
// random-kind choice names them. Only Russian Cell deals have one: in
// Ripple Fan every card is face up.
const DIFFICULTIES = ["easy", "medium", "hard", "very-hard"];

// loadRandom deals a random deal of the game chosen, picked by Go from the
// catalogue: a winnable one unless the player asked for any deal, of the
// difficulty chosen in Russian Cell (a Ripple Fan deal has none, and a
// winnable one is dealt).
async function loadRandom() {
  // A seed below 2^53, which a JavaScript number holds exactly.
  const seed = Math.floor(Math.random() * 2 ** 53);
  const kind = randomKind(), game = $("game").value;
  const req = { op: "random", game, winnable: kind !== "any", seed };
  if (!DIFFICULTIES.includes(kind)) return loadFrom(req);
  if (game === "russian-cell") return loadFrom(Object.assign(req, { difficulty: kind }));
  const ok = await loadFrom(req);
  if (ok) say("A Ripple Fan deal has no difficulty (every card is face up): here is a winnable one.");
  return ok;
}

// loadFrom deals the deal that req (deal or random) names.
async function loadFrom(req, rest) {
  stopPlay();
  say("");
  let a;
  try {
    a = await ask(Object.assign({ reveal: showDown() }, req));
  } catch (e) {
    fail(e.message);
    return false;
  }
  S.game = req.game;
  S.number = a.number;
  S.known = a.known || null;
  $("game").value = req.game;
  $("number").value = a.number;
  await setStart(a.position, rest, true);
  return true;
}

// setStart puts a start position on screen, then the moves and the step
// that rest (a link) gives. counted: a numbered deal, whose game counts
// in Your games.
async function setStart(position, rest, counted) {
  endGame();
  S.tally = counted ? { keys: statsKeys(), played: false, won: false, assisted: showDown() } : null;
  S.start = position;
  S.positions = [position];
  S.line = [];
  S.fixed = 0;
  S.cur = 0;
  S.solved = "";
  S.selected = S.hintMove = S.legal = null;
  clearVerdict();
  S.finish = null;
  S.review = null;
  $("review").textContent = "";
  let bad = false;
  if (rest && rest.moves && rest.moves.length) {
    try {
      const l = await ask({ op: "line", position, moves: rest.moves });
      S.positions = l.positions;
      S.line = l.moves;
      S.fixed = l.moves.length;
      S.cur = S.fixed;
      if (l.refused) { bad = true; fail(`move ${l.refused.index + 1} of the link (${l.refused.move}) is refused: ${l.refused.reason}`); }
    } catch (e) {
      bad = true;
      fail("the moves in the link cannot be read: " + e.message);
    }
  }
  draw();
  if (rest && rest.step != null && !bad) {
    await runSolve(rest.shortest ? "shortest" : "solve");
    go(rest.step);
  } else {
    saveURL();
  }
}

function clearVerdict() {
  S.verdictLines = [];
  $("verdict").textContent = "";
  $("verdict").className = "";
  $("hint").textContent = "";
}

// ---------- the URL ----------

// #russian-cell/617[/moves/5C.t3.t6,...][/shortest][/step/12]; a pasted
// position is #russian-cell/p/BASE64 instead of the deal number. /step
// says that the line was solved from the end of the hand moves.
function saveURL() {
  if (!S.start) return;
  let h = "#" + S.game + "/" + (S.number ? S.number : "p/" + b64(JSON.stringify(S.start)));
  const hand = S.line.slice(0, S.solved ? S.fixed : S.cur).map((m) => m.move.replace(" ", ".").replace(">", "."));
  if (hand.length) h += "/moves/" + hand.join(",");
  if (S.solved === "shortest") h += "/shortest";
  if (S.solved) h += "/step/" + S.cur;
  const deal = S.game + "/" + (S.number ? S.number : JSON.stringify(S.start));
  if (S.urlDeal && S.urlDeal !== deal && !S.restoring) history.pushState(null, "", h);
  else if (location.hash !== h) history.replaceState(null, "", h);
  S.urlDeal = deal;
}

function parseURL(hash) {
  let parts;
  try {
    parts = decodeURIComponent(hash.replace(/^#/, "")).split("/");
  } catch (e) {
    return { error: `the link cannot be read (${e.message})` };
  }
  if (parts.length < 2) return hash.replace(/^#/, "") ? { error: `the link names no deal: “${hash.replace(/^#/, "")}”` } : null;
  const r = { game: parts[0], moves: [], step: null, shortest: false };
  let i = 1;
  if (parts[1] === "p") { r.position = parts[2]; i = 3; } else { r.number = parts[1]; i = 2; }
  for (; i < parts.length; i++) {
    if (parts[i] === "moves" && i + 1 < parts.length) r.moves = parts[++i].split(",").filter(Boolean).map((m) => m.replace(".", " ").replace(".", ">"));
    else if (parts[i] === "step" && i + 1 < parts.length) r.step = parseInt(parts[++i], 10) || 0;
    else if (parts[i] === "shortest") r.shortest = true;
  }
  return r;
}

function b64(s) { return btoa(unescape(encodeURIComponent(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""); }
function unb64(s) { return decodeURIComponent(escape(atob(s.replace(/-/g, "+").replace(/_/g, "/")))); }

// restore shows what the address names. A link that cannot be shown
// leaves its error on screen and a usable board: the one there was, or
// else the default deal.
async function restore(hash) {
  S.restoring = true;
  try {
    if (await restoreOnly(hash)) return true;
  } catch (e) {
    fail(e.message);
  } finally {
    S.restoring = false;
  }
  if (!S.start) {
    const msg = $("message").textContent;
    await loadDeal("russian-cell", "617");
    fail(msg);
  }
  return false;
}

async function restoreOnly(hash) {
  const r = parseURL(hash);
  if (!r) return false;
  if (r.error) { fail(r.error); return false; }
  if (r.position) {
    try {
      const a = await ask({ op: "read", text: unb64(r.position) });
      S.game = a.position.game;
      S.number = a.number || "";
      S.known = a.known || null;
      $("game").value = S.game;
      await setStart(a.position, r);
      return true;
    } catch (e) {
      fail("the position in the link cannot be read: " + e.message);
      return false;
    }
  }
  return loadDeal(r.game, r.number, r);
}

// ---------- searches ----------

let timer = null;

function busy(text) {
  document.body.dataset.busy = "1";
  $("spinner").hidden = false;
  $("cancel-btn").hidden = false;
  const t0 = performance.now();
  const show = () => { $("status-text").textContent = `${text} ${((performance.now() - t0) / 1000).toFixed(1)} s`; };
  show();
  clearInterval(timer);
  timer = setInterval(show, 100);
}
function idle(text) {
  delete document.body.dataset.busy;
  clearInterval(timer);
  $("spinner").hidden = true;
  $("cancel-btn").hidden = true;
  $("status-text").textContent = text || "";
}

async function runSearch(text, req) {
  if (search.busy()) search.cancel();
  busy(text);
  try {
    const a = await search.call(req);
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

function budget() { return Number($("budget").value); }

async function runSolve(kind) {
  if (!S.start) return;
  stopPlay();
  const from = S.cur;
  const p = pos();
  assisted();
  const a = await runSearch(kind === "shortest" ? "Finding the shortest solution…" : "Solving…", { op: "solve", position: p, maxNodes: budget(), shortest: kind === "shortest" });
  if (!a) return;
  S.line = S.line.slice(0, from);
  S.positions = S.positions.slice(0, from + 1);
  S.fixed = from;
  S.solved = kind;
  if (a.line) {
    S.line = S.line.concat(a.line.moves);
    S.positions = S.positions.concat(a.line.positions.slice(1));
  }
  S.cur = from;
  showVerdict(a, from);
  draw();
  saveURL();
  return a;
}

function showVerdict(a, from) {
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

async function runHint(next, afterMove) {
  if (!S.start) return;
  const hide = !showDown();
  const label = next ? "Hint" : "Can I still win?";
  // The game's positions before this one: the hint never sends the
  // player back to one of them.
  const history = next ? S.positions.slice(0, S.cur) : undefined;
  const a = await runSearch(`${label}: searching…`, { op: "hint", position: pos(), hide, samples: Number($("samples").value), maxNodes: budget(), next, history });
  if (!a) return;
  const h = $("hint");
  h.innerHTML = "";
  const head = document.createElement("p");
  head.className = "head";
  head.textContent = a.exact ? `${label} — exact, every card known` : `${label} — the player's view, face-down cards unknown`;
  h.appendChild(head);
  hintBody(h, a);
  announce(label + ": " + [...h.querySelectorAll(":scope > p:not(.head):not(.note)")].map((p) => p.textContent).join(" "), afterMove);
  h.className = "hint " + (a.exact ? a.verdict : count(a.winnable) > 0 ? "solvable" : count(a.unknown) > 0 || !allTried(a) ? "unknown" : "unsolvable");
  S.hintMove = a.move || null;
  h.dataset.move = a.move ? a.move.move : "";
  h.dataset.exact = a.exact ? "1" : "";
  if (a.move) {
    const b = document.createElement("button");
    b.textContent = "Play " + tens(a.move.move);
    b.id = "play-hint";
    b.addEventListener("click", () => handMove(a.move.move));
    h.appendChild(b);
  }
  mark();
}

// count is a count of the worker's answer: a whole number, or 0 when the
// answer has none (an older worker left out the counts that were 0), so
// that the page never words "undefined" or "NaN".
function count(x) { return Number.isSafeInteger(x) && x >= 0 ? x : 0; }

// allTried says a share of the player's view came from every arrangement
// of the unseen cards, not a sample: only then is "cannot be won" proven.
function allTried(a) { return a.all === true; }

// hintBody writes the answer of Hint or "Can I still win?" in a player's
// words: for the player's view, in how many of the ways the hidden cards
// could lie the game can still be won, what that number means, and the
// statistics behind a "details" toggle.
function hintBody(h, a) {
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

// ---------- moves by hand ----------

async function handMove(move) {
  finishAuto();
  const from = S.cur;
  const l = await ask({ op: "line", position: pos(), moves: [move], auto: autoMoves() });
  if (l.refused) {
    fail(`${l.refused.move} is not allowed: ${l.refused.reason}`);
    S.selected = null;
    mark();
    return false;
  }
  say("");
  const auto = l.moves.slice(1).map((m) => m.text);
  announce(`Move ${from + 1}: ${l.moves[0].text}.` + (auto.length ? ` Then by itself: ${auto.join("; ")}.` : ""));
  // Focus follows the card that moved.
  S.focus = { key: "card:" + l.moves[0].card, loc: l.moves[0].to };
  S.line = S.line.slice(0, from).concat(l.moves);
  S.positions = S.positions.slice(0, from + 1).concat(l.positions.slice(1));
  S.fixed = from + l.moves.length;
  S.solved = "";
  S.cur = from + 1;
  markPlayed();
  S.selected = S.hintMove = S.legal = null;
  S.finish = null;
  if (S.review && from < S.review.lostAt) { S.review = null; $("review").textContent = ""; }
  clearVerdict();
  draw();
  saveURL();
  playOn(230, afterMove);
  return true;
}

// afterMove runs once a hand move and its automatic moves are on screen:
// it says a won game is won, offers Finish when every card is face up and
// the game can be won, or else checks whether the game can still be won.
function afterMove() {
  const p = pos();
  if (SUIT_ORDER.every((s) => p.foundations[s] === 13)) { say("Won! Every card is on its foundation.", "ok"); markWon(); return; }
  if (p.tableau.every((pl) => !pl.down || pl.down.length === 0)) { checkFinish(); return; }
  if ($("auto-check").checked) runHint(false, true);
}

// ---------- automatic moves and Finish ----------

let autoTimer = null, autoThen = null;

function autoMoves() { return $("auto-moves").checked; }

// playOn steps through the moves already in the line up to S.fixed (the
// automatic moves after a hand move, or Finish's), one every ms
// milliseconds, then runs then.
function playOn(ms, then) {
  stopAuto();
  autoThen = then;
  const tick = () => {
    if (S.cur >= S.fixed) { autoTimer = null; const t = autoThen; autoThen = null; if (t) t(); return; }
    autoTimer = setTimeout(() => { go(S.cur + 1); tick(); }, reducedMotion() ? 0 : ms);
  };
  tick();
}
function stopAuto() { clearTimeout(autoTimer); autoTimer = null; autoThen = null; }
// finishAuto puts the moves still to come on screen at once, when the
// player acts before they are all shown.
function finishAuto() {
  if (!autoTimer) return;
  const t = autoThen;
  stopAuto();
  go(S.fixed);
  if (t) t();
}

// checkFinish solves a position with every card face up: when it can be
// won, Finish plays the win.
async function checkFinish() {
  const at = S.cur, start = S.start;
  const a = await runSearch("Every card is face up: checking the finish…", { op: "solve", position: pos(), maxNodes: budget() });
  if (!a || S.cur !== at || S.start !== start) return;
  if (a.verdict === "solvable" && a.line) {
    S.finish = { from: at, line: a.line };
    say("Every card is face up and the game can be won: press Finish to play it out.", "ok");
    drawSide();
  } else if ($("auto-check").checked) {
    showVerdict(a, at);
  }
}

function finish() {
  const f = S.finish;
  if (!f || f.from !== S.cur) return;
  stopPlay();
  S.line = S.line.slice(0, f.from).concat(f.line.moves);
  S.positions = S.positions.slice(0, f.from + 1).concat(f.line.positions.slice(1));
  S.fixed = S.line.length;
  S.solved = "";
  S.finish = null;
  clearVerdict();
  say("");
  playOn(160, afterMove);
}

// ---------- where did I go wrong? ----------

// runReview reviews the hand-played moves up to the step on screen in the
// searching worker (player.FindLoss): the losing move, and whether it was
// a mistake, bad luck or too close to call.
async function runReview() {
  if (!S.start || S.cur === 0) return;
  stopPlay();
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
  S.review = a.lostAt > 0 ? { lostAt: a.lostAt, move, judgement: a.judgement } : null;
  r.dataset.lostAt = a.lostAt;
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
function undoTarget() {
  let s = S.cur - 1;
  while (s > 0 && s < S.fixed && S.line[s].auto) s--;
  return s;
}
function redoTarget() {
  let s = S.cur + 1;
  while (s < S.fixed && S.line[s].auto) s++;
  return s;
}
function undo() { stopPlay(); clearError(); go(undoTarget()); }
function redo() { stopPlay(); clearError(); go(redoTarget()); }

function locOfCard(el) {
  const pile = el.closest("[data-pile]");
  if (pile) return pile.dataset.pile;
  const cell = el.closest("[data-cell]");
  if (cell) return cell.dataset.cell;
  if (el.closest("[data-foundation]")) return "f";
  return null;
}

function cardsFrom(el) {
  const stack = el.parentElement;
  const all = [...stack.children];
  return all.slice(all.indexOf(el)).map((c) => c.dataset.card);
}

async function select(el) {
  const from = locOfCard(el);
  if (!from) return;
  const cards = from[0] === "t" ? cardsFrom(el) : [el.dataset.card];
  S.selected = { card: el.dataset.card, from, cards };
  mark();
  announce(`${cardName(el.dataset.card)} selected` + (cards.length > 1 ? `, with ${plural(cards.length - 1, "card")} on it` : "") +
    ". Move to where it goes and press Enter; Escape puts it back.");
  if (!S.legal) {
    const at = S.cur;
    const a = await ask({ op: "legal", position: pos() });
    if (S.cur !== at) return;
    S.legal = a.moves;
  }
  mark();
}

async function clickOn(target) {
  if (!S.start) return;
  finishAuto();
  stopPlay();
  const card = target.closest(".card");
  const dest = target.closest("[data-pile],[data-cell],[data-foundation]");
  if (S.selected) {
    const to = dest ? (dest.dataset.pile || dest.dataset.cell || "f") : null;
    if (card && card.dataset.card === S.selected.card) { S.selected = null; mark(); return; }
    if (to && to !== S.selected.from) {
      await handMove(`${S.selected.card} ${S.selected.from}>${to}`);
      return;
    }
    if (card && !card.dataset.down) { await select(card); return; }
    S.selected = null;
    mark();
    return;
  }
  if (card && !card.dataset.down) await select(card);
}

async function toFoundation(target) {
  const card = target.closest(".card");
  if (!card || card.dataset.down) return;
  const from = locOfCard(card);
  if (!from || from === "f") return;
  S.selected = null;
  await handMove(`${card.dataset.card} ${from}>f`);
}

// ---------- drag and drop ----------

// A card is dragged with the mouse or a finger (pointer events): it
// carries the cards on it, the places it may go light up, and a drop
// where it may not go puts it back with the referee's reason. A press
// that does not move is a click, handled as before.
let drag = null, dragClick = false;

function wireDrag(board) {
  // A drag ends in a click event on the board: it is not a click.
  board.addEventListener("click", (e) => { if (dragClick) { dragClick = false; e.stopPropagation(); e.preventDefault(); } }, true);
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const card = e.target.closest(".card");
    if (!card || card.dataset.down || !S.start || drag) return;
    const from = locOfCard(card);
    if (!from || from === "f") return;
    drag = { id: e.pointerId, card: card.dataset.card, from, x: e.clientX, y: e.clientY, els: null };
  });
  document.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.els) {
      if (Math.hypot(dx, dy) < 6) return;
      finishAuto();
      stopPlay();
      const el = cardAt(drag.card);
      if (!el) { drag = null; return; }
      const cards = drag.from[0] === "t" ? cardsFrom(el) : [drag.card];
      drag.els = cards.map(cardAt).filter(Boolean);
      for (const c of drag.els) { c.classList.add("dragging"); c.style.pointerEvents = "none"; }
      select(el);
    }
    for (const c of drag.els) { c.style.transform = `translate(${dx}px, ${dy}px)`; c.style.zIndex = "20"; }
    const over = dropTarget(e.clientX, e.clientY);
    for (const el of $("board").querySelectorAll(".over")) if (el !== over) el.classList.remove("over");
    if (over) over.classList.add("over");
  });
  const end = async (e, cancelled) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.els) return; // a click
    dragClick = true;
    setTimeout(() => { dragClick = false; }, 0);
    const over = cancelled ? null : dropTarget(e.clientX, e.clientY);
    const to = over ? locName(over) : null;
    if (to && to !== d.from) {
      if (await handMove(`${d.card} ${d.from}>${to}`)) return;
    } else {
      S.selected = null;
    }
    draw(); // the cards go back
  };
  document.addEventListener("pointerup", (e) => end(e, false));
  document.addEventListener("pointercancel", (e) => end(e, true));
}

// dropTarget is the place under the point: a column (anywhere below its
// top, so that a short column is easy to hit), a cell or the foundations.
function dropTarget(x, y) {
  const el = document.elementFromPoint(x, y);
  const hit = el && el.closest("#board [data-pile], #board [data-cell], #board .foundations");
  if (hit) return hit;
  // The lowest pile whose column holds the point (Ripple Fan's piles lie
  // in two rows).
  let best = null, top = -Infinity;
  for (const p of $("board").querySelectorAll("[data-pile]")) {
    const r = p.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top && r.top > top) { best = p; top = r.top; }
  }
  return best;
}

function locName(el) {
  if (el.dataset.pile) return el.dataset.pile;
  if (el.dataset.cell) return el.dataset.cell;
  return "f";
}

// ---------- face-down cards ----------

// showOrHide asks the game worker for the face-down cards of the
// positions of the line (the player asked to see them), or gives them
// back.
async function showOrHide() {
  $("hint").textContent = "";
  S.hintMove = null;
  if (S.start) {
    const show = showDown();
    if (show) assisted();
    try {
      const a = await ask({ op: show ? "show" : "hide", positions: [S.start].concat(S.positions) });
      const [start, ...positions] = a.positions;
      if (positions.length === S.positions.length) {
        S.positions = positions;
        if (S.number) S.start = S.drawn = start; // a pasted position stays as pasted, for the link
      }
      if (S.finish) S.finish = null;
      announce(show ? "The face-down cards are shown." : "The face-down cards are hidden.");
    } catch (e) {
      fail(e.message);
    }
  }
  draw();
}

// ---------- your games ----------

// Your games counts, per game and per difficulty, in the browser's local
// storage: the games
// played (a numbered deal on which the player made a move by hand), won
// (won with no Solve, Shortest or Show face-down cards in that game), the
// current streak of won games and the best. A game ends when another deal
// is opened or the page is left; one played and not won ends the streak.
const STATS_KEY = "patience.stats";
const GAMES = { "russian-cell": "Russian Cell", "ripple-fan": "Ripple Fan" };

function loadStats() {
  try { return JSON.parse(localStorage.getItem(STATS_KEY)) || {}; } catch (e) { return {}; }
}
function saveStats(st) {
  try { localStorage.setItem(STATS_KEY, JSON.stringify(st)); } catch (e) { /* not remembered */ }
}
// statsKeys are what a game of the deal on screen counts under: its game,
// and for a deal with a difficulty also the game and the difficulty as a
// word of DIFFICULTIES ("russian-cell/very-hard"), each a row of the table.
function statsKeys() {
  const d = S.known && S.known.difficulty;
  return d ? [S.game, `${S.game}/${d.replace(/ /g, "-")}`] : [S.game];
}
// statsName is a row's name: "Russian Cell", or "Russian Cell · very hard".
function statsName(key) {
  const [g, d] = key.split("/");
  return (GAMES[g] || g) + (d ? ` · ${d.replace(/-/g, " ")}` : "");
}
function tallyOf(st, key) {
  return st[key] || (st[key] = { played: 0, won: 0, streak: 0, best: 0 });
}
function updateStats(f) {
  const st = loadStats();
  f(st);
  saveStats(st);
  drawStats();
}
// markPlayed counts the game on screen as played, at its first move by hand.
function markPlayed() {
  const t = S.tally;
  if (!t || t.played) return;
  t.played = true;
  updateStats((st) => { for (const k of t.keys) tallyOf(st, k).played++; });
}
// markWon counts the game on screen as won, once, unless the player had
// help that gives the game away.
function markWon() {
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
function assisted() { if (S.tally) S.tally.assisted = true; }
// endGame ends the game on screen: one played and not won ends its streak.
function endGame() {
  const t = S.tally;
  S.tally = null;
  if (t && t.played && !t.won) updateStats((st) => { for (const k of t.keys) tallyOf(st, k).streak = 0; });
}
function drawStats() {
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
function clearStats() {
  try { localStorage.removeItem(STATS_KEY); } catch (e) { /* nothing kept */ }
  // The game on screen counts again from its next move by hand.
  if (S.tally) S.tally.played = false;
  drawStats();
  announce("Your games are cleared.");
}

// ---------- events ----------

function wire() {
  $("deal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    loadDeal($("game").value, $("number").value.trim());
  });
  $("random-btn").addEventListener("click", loadRandom);
  const rk = $("random-kind");
  try {
    const kept = localStorage.getItem("patience.random");
    if (kept && [...rk.options].some((o) => o.value === kept)) rk.value = kept;
  } catch (e) { /* no storage: winnable */ }
  rk.addEventListener("change", () => {
    try { localStorage.setItem("patience.random", rk.value); } catch (e) { /* not remembered */ }
  });
  $("stats-clear").addEventListener("click", clearStats);
  drawStats();
  window.addEventListener("pagehide", endGame);
  $("paste-btn").addEventListener("click", () => {
    const f = $("paste");
    f.hidden = !f.hidden;
    $("paste-btn").setAttribute("aria-expanded", String(!f.hidden));
    if (!f.hidden) $("paste-text").focus();
  });
  $("paste").addEventListener("submit", async (e) => {
    e.preventDefault();
    stopPlay();
    try {
      const a = await ask({ op: "read", text: $("paste-text").value });
      say("");
      S.game = a.position.game;
      S.number = a.number || "";
      S.known = a.known || null;
      $("game").value = S.game;
      $("number").value = S.number;
      $("paste").hidden = true;
      await setStart(a.position, null);
    } catch (err) {
      fail(err.message);
    }
  });
  $("solve-btn").addEventListener("click", () => runSolve("solve"));
  $("shortest-btn").addEventListener("click", () => runSolve("shortest"));
  $("hint-btn").addEventListener("click", () => runHint(true));
  $("canwin-btn").addEventListener("click", () => runHint(false));
  $("cancel-btn").addEventListener("click", () => {
    search.cancel();
    idle("Cancelled.");
  });
  $("show-down").addEventListener("change", showOrHide);
  $("first-btn").addEventListener("click", () => { stopPlay(); clearError(); go(0); });
  $("prev-btn").addEventListener("click", undo);
  $("undo-btn").addEventListener("click", undo);
  $("next-btn").addEventListener("click", redo);
  $("last-btn").addEventListener("click", () => { stopPlay(); clearError(); go(S.line.length); });
  $("finish-btn").addEventListener("click", finish);
  $("review-btn").addEventListener("click", runReview);
  const am = $("auto-moves");
  try { am.checked = localStorage.getItem("patience.autoMoves") !== "off"; } catch (e) { /* no storage: on */ }
  am.addEventListener("change", () => {
    try { localStorage.setItem("patience.autoMoves", am.checked ? "on" : "off"); } catch (e) { /* not remembered */ }
  });
  $("play-btn").addEventListener("click", togglePlay);
  $("moves").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (b) { stopPlay(); clearError(); go(Number(b.dataset.step)); }
  });
  const board = $("board");
  wireDrag(board);
  board.addEventListener("click", (e) => clickOn(e.target));
  board.addEventListener("dblclick", (e) => toFoundation(e.target));
  board.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.key === "Enter" || e.key === " ") && e.target.closest('[role="button"]')) {
      e.preventDefault();
      e.stopPropagation();
      clickOn(e.target);
      return;
    }
    if ((e.key === "f" || e.key === "F") && e.target.closest(".card")) {
      e.preventDefault();
      toFoundation(e.target);
      return;
    }
    boardKey(e);
  });
  board.addEventListener("focusin", (e) => { const b = e.target.closest('[role="button"]'); if (b) setFocus(b); });
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t.closest && t.closest("input,select,textarea")) return;
    if (e.ctrlKey || e.metaKey) {
      if (e.key === "z") { e.preventDefault(); undo(); }
      else if (e.key === "y" || e.key === "Z") { e.preventDefault(); redo(); }
      return;
    }
    switch (e.key) {
      case "ArrowLeft": e.preventDefault(); undo(); break;
      case "ArrowRight": e.preventDefault(); redo(); break;
      case "Home": e.preventDefault(); stopPlay(); go(0); break;
      case "End": e.preventDefault(); stopPlay(); go(S.line.length); break;
      case " ":
        if (t.closest && t.closest("button")) return;
        e.preventDefault(); togglePlay(); break;
      case "Escape": if (S.selected) { S.selected = null; mark(); announce("Nothing selected."); } break;
    }
  });
  // Our own replaceState does not fire hashchange; a link or a typed
  // address does. Restores run one after another, so the last address
  // given is the one on screen.
  let restoring = Promise.resolve();
  window.addEventListener("hashchange", () => {
    const h = location.hash; // as given: an earlier restore may rewrite it
    restoring = restoring.then(() => restore(h)).catch((e) => fail(e.message));
  });
}

// applyDefaults starts the Samples and Budget settings at the worker's
// defaults (the command line's, from the one place that defines them):
// the HTML holds none of its own.
async function applyDefaults() {
  try {
    const d = await ask({ op: "defaults" });
    choose($("samples"), d.hintSamples);
    choose($("budget"), d.maxNodes);
  } catch (e) {
    fail(e.message);
  }
}

// choose selects the option of sel whose value is v, adding one if none is.
function choose(sel, v) {
  if (![...sel.options].some((o) => Number(o.value) === v)) sel.add(new Option(String(v), String(v)));
  sel.value = String(v);
}

async function main() {
  wire();
  try {
    await quick.ensure();
  } catch (e) {
    return;
  }
  document.body.dataset.workerReady = performance.now().toFixed(0);
  await applyDefaults();
  document.body.dataset.ready = "1";
  if (parseURL(location.hash)) await restore(location.hash);
  else await loadDeal("russian-cell", "617");
  // The searching worker starts once the board is on screen.
  search.ensure().catch(() => {});
  $("number").focus();
}

main();
