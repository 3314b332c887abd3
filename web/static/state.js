// @ts-check
// The state of the page: the game on screen, its line of moves and the
// step shown. Other modules read S; they change it only through the
// functions below, each named for what happens in the game.

// The line is every move from the start: the first S.fixed are the moves
// played by hand (or kept), the rest a solution found from there. S.cur is
// the step on screen: S.positions[S.cur] is drawn.

/**
 * @typedef {import("./api.js").Position} Position
 * @typedef {import("./api.js").Move} Move
 * @typedef {import("./api.js").Line} Line
 * @typedef {import("./api.js").Known} Known
 *
 * @typedef {object} Tally a game, for Your games (stats.js)
 * @property {string} id  the game's own, among those kept
 * @property {string[]} keys  the rows it counts under
 * @property {boolean} played
 * @property {boolean} won
 * @property {boolean} assisted
 * @property {number} [hints]  the hints shown for it (stats.js: hinted)
 * @property {boolean} [over]  ended unwon: given up, left for another deal, or won with help
 * @property {boolean} [left]  left for another deal
 * @property {number} [ms]  the time on its clock, in ms, until since
 * @property {number} [since]  ms since the epoch, when its clock started running again; none while it stands
 *
 * @typedef {{ card: string, from: string, cards: string[] }} Selected
 * @typedef {{ from: number, line: Line, decides?: boolean }} Finish
 * @typedef {{ lostAt: number, move: Move | null, judgement: string }} Review
 * @typedef {{ at: number, why: string, words?: string }} Over  words: what the page said of a game over by game.Over (not given up), which "Can I still win?" says too
 * @typedef {{ key: string, loc: string }} Focus
 * @typedef {"" | "solve" | "shortest"} Solved
 *
 * @typedef {object} State the type of S: its fields are said below
 * @property {string} game
 * @property {string} number
 * @property {Known | null} known
 * @property {string} daily
 * @property {Tally | null} tally
 * @property {Position | null} start
 * @property {Position[]} positions
 * @property {Move[]} line
 * @property {number} cur
 * @property {number} fixed
 * @property {Solved} solved
 * @property {Selected | null} selected
 * @property {Move | null} hintMove
 * @property {Move[] | null} legal
 * @property {number | null} playing
 * @property {Finish | null} finish
 * @property {number | null} wonAt
 * @property {Position | null} drawn
 * @property {string} urlDeal
 * @property {Review | null} review
 * @property {Over | null} over
 * @property {Focus | null} focus
 * @property {boolean} restoring
 * @property {Promise<void> | null} reshowing
 */

/** @type {State} */
export const S = {
  game: "russian-cell",
  number: "",        // canonical deal number, or "" for a pasted position
  known: null,       // {verdict, from, difficulty}: what the catalogue knows of the deal, or null
  daily: "",         // the date (YYYY-MM-DD) whose deal of the day is on screen, or ""
  tally: null,       // {id, keys, played, won, assisted, over, left, ms, since}: the game, for Your games; null for a pasted position
  start: null,       // the start position (position JSON)
  positions: [],
  line: [],
  cur: 0,            // the step on screen: positions[cur] is drawn
  fixed: 0,
  solved: "",        // "", "solve" or "shortest": the line past fixed is the solver's
  selected: null,    // {card, from, cards}
  hintMove: null,
  legal: null,       // legal moves of the position on screen, when asked
  playing: null,
  finish: null,      // {from, line}: a won line from step from, all cards face up
  wonAt: null,       // the step whose position is won, as the worker's answer says (the won of the line it replayed), or null
  drawn: null,       // the start position last drawn (cards slide only within one deal)
  urlDeal: "",       // the deal the address names: a new deal is a new history entry
  review: null,      // {lostAt, move, judgement}: where the hand-played game was lost
  over: null,        // {at, why}: the game is over at step at, for the player (game.Over)
  focus: null,       // {key, loc}: the board's button that has the focus (rove)
  restoring: false,  // a link is being read: the address is not written meanwhile
  reshowing: null,   // the face-down cards being shown or hidden: a hint asked meanwhile waits for it
};

export function pos() { return S.positions[S.cur]; }

// viewChanging says the positions are being redrawn with the face-down
// cards shown or hidden (p, until it settles), so that a hint asked
// meanwhile asks of the view that follows, not of one about to go.
/** @param {Promise<void> | null} p */
export function viewChanging(p) { S.reshowing = p; }

// wonOnScreen says the position on screen is won. The worker's answer is
// the one judge of that (the won of a line it replayed: S.wonAt), not a
// count of the cards on the foundations here.
export function wonOnScreen() { return S.wonAt !== null && S.wonAt === S.cur; }

// wonAfter is S.wonAt once the line past step from is replaced by one
// that ends at step end, won or not by the worker's word: a win within
// the steps kept stays.
/** @param {number} from @param {number} end @param {boolean} won @returns {number | null} */
function wonAfter(from, end, won) {
  if (won) return end;
  return S.wonAt !== null && S.wonAt <= from ? S.wonAt : null;
}

// setDeal names the deal on screen: its game, its number ("" for a pasted
// position), what the catalogue knows of it, and the date it is the deal
// of the day of, when it was dealt as that ("" otherwise).
/** @param {string} game @param {string} [number] @param {Known | null} [known] @param {string} [daily] */
export function setDeal(game, number, known, daily) {
  S.game = game;
  S.number = number || "";
  S.known = known || null;
  S.daily = daily || "";
}

// newGame puts start on screen as a new game with no move played; tally
// is its record for Your games, or null.
/** @param {Position} start @param {Tally | null} tally */
export function newGame(start, tally) {
  S.tally = tally;
  S.start = start;
  S.positions = [start];
  S.line = [];
  S.fixed = 0;
  S.cur = 0;
  S.solved = "";
  S.finish = null;
  S.wonAt = null;
  S.review = null;
  S.over = null;
  unselect();
}

// startWon notes that the start position is won, by the worker's word on
// it (a pasted position may be).
export function startWon() { S.wonAt = 0; }

// keepLine makes a line replayed from the start (a link's moves) the
// moves played, and shows its end; won is the worker's word on its end.
/** @param {Position[]} positions @param {Move[]} moves @param {boolean} won */
export function keepLine(positions, moves, won) {
  S.positions = positions;
  S.line = moves;
  S.fixed = moves.length;
  S.cur = S.fixed;
  S.wonAt = won ? S.fixed : null;
}

// playAt replaces what follows step from with the moves of line l (a hand
// move and the automatic moves after it, or a finish), all played.
/** @param {number} from @param {Line} l */
export function playAt(from, l) {
  S.line = S.line.slice(0, from).concat(l.moves);
  S.positions = S.positions.slice(0, from + 1).concat(l.positions.slice(1));
  S.wonAt = wonAfter(from, S.line.length, l.won);
  S.fixed = S.line.length;
  S.solved = "";
  S.finish = null;
  S.over = null;
}

// dropReviewAfter forgets the review when a move at step from replaced its
// losing move, and says whether it did.
/** @param {number} from */
export function dropReviewAfter(from) {
  if (S.review && from < S.review.lostAt) {
    S.review = null;
    return true;
  }
  return false;
}

// solvedFrom replaces what follows step from with the solver's line (kind
// "solve" or "shortest"; none when the search found no win), and shows
// step from.
/** @param {number} from @param {Solved} kind @param {Line} [line] */
export function solvedFrom(from, kind, line) {
  S.line = S.line.slice(0, from);
  S.positions = S.positions.slice(0, from + 1);
  S.fixed = from;
  S.solved = kind;
  if (line) {
    S.line = S.line.concat(line.moves);
    S.positions = S.positions.concat(line.positions.slice(1));
  }
  S.wonAt = wonAfter(from, S.line.length, !!line && line.won);
  S.cur = from;
}

// showStep shows step step of the line, with nothing selected.
/** @param {number} step */
export function showStep(step) {
  S.cur = step;
  unselect();
}

// reshow puts the positions of the line drawn again (the face-down cards
// shown or hidden); a numbered deal's start goes with them, a pasted one
// stays as pasted, for the link.
/** @param {Position[]} positions @param {Position} start */
export function reshow(positions, start) {
  S.positions = positions;
  if (S.number) S.start = S.drawn = start;
  S.finish = null;
}

// selectCard selects the card of sel ({card, from, cards}), deselect
// clears the selection, and unselect clears it with the hint's move and
// the legal moves asked.
/** @param {Selected} sel */
export function selectCard(sel) { S.selected = sel; }
export function deselect() { S.selected = null; }
export function unselect() { S.selected = S.hintMove = S.legal = null; }

// setLegal keeps the legal moves of the position on screen.
/** @param {Move[]} moves */
export function setLegal(moves) { S.legal = moves; }

// setHintMove keeps the move a hint advises, or null.
/** @param {Move | null} [m] */
export function setHintMove(m) { S.hintMove = m || null; }

// setFinish keeps a won line from step from ({from, line}), or clears it.
/** @param {Finish | null} f */
export function setFinish(f) { S.finish = f; }

// setReview keeps where the hand-played game was lost, or clears it.
/** @param {Review | null} r */
export function setReview(r) { S.review = r; }

// setOver notes that the game is over at step at, and why ({at, why}), or
// clears it.
/** @param {Over | null} o */
export function setOver(o) { S.over = o; }

// setPlaying keeps the timer of the line played on by itself, or null.
/** @param {number | null} t */
export function setPlaying(t) { S.playing = t; }

// setTally keeps the game's record for Your games, or null once counted.
/** @param {Tally | null} t */
export function setTally(t) { S.tally = t; }


// setDrawn notes the start position last drawn.
/** @param {Position | null} p */
export function setDrawn(p) { S.drawn = p; }

// setFocusKey notes the board's button that has the focus.
/** @param {Focus | null} f */
export function setFocusKey(f) { S.focus = f; }

// setURLDeal notes the deal the address names.
/** @param {string} d */
export function setURLDeal(d) { S.urlDeal = d; }

// setRestoring says whether a link is being read.
/** @param {boolean} b */
export function setRestoring(b) { S.restoring = b; }
