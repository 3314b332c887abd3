// The state of the page: the game on screen, its line of moves and the
// step shown.


// ---------- state ----------

// The line is every move from the start: the first S.fixed are the moves
// played by hand (or kept), the rest a solution found from there. S.cur is
// the step on screen: S.positions[S.cur] is drawn.
export const S = {
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

export function pos() { return S.positions[S.cur]; }
