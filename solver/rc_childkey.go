package solver

// Child keys: the key of the position after a move, worked out without
// playing it, so that expand looks children up before it plays them.

// childStatus says what looking a child up found (see probeChildren).
const (
	childUnknown  = iota // not probed: the move may set off a card going home
	childNew             // entered into the table by the probe
	childSeen            // in the table or on the path: skip it
	childNewAuto         // the same two, for a move that sets off foundation
	childSeenAuto        // moves (see autoKey)
)

// probeChildren fills status for moves: for each move whose child key is
// known in advance (see childKey), whether the child is new (and now
// entered) or was seen; a sleeping move's child counts as seen without a
// lookup.
func (w *rcWorker) probeChildren(moves []rcMove, status []uint8) []uint8 {
	if w.s.tab.ordered() || !w.s.cfg.Pruning.AutoFoundation {
		for range moves {
			status = append(status, childUnknown)
		}
		return status
	}
	for _, m := range moves {
		st := uint8(childUnknown)
		if w.asleep(m) {
			st = childSeen
		} else if k, ok := w.b.childKey(m); ok {
			st = w.probe(k, childNew, childSeen)
		} else if k, ok := w.b.autoKey(m); ok {
			if verifyAutoKeys {
				w.verifyAutoKey(m, k)
			}
			st = w.probe(k, childNewAuto, childSeenAuto)
		}
		status = append(status, st)
	}
	return status
}

// probe enters key k into the table and the path set and returns isNew, or
// returns isSeen if it was in either already.
func (w *rcWorker) probe(k rcKey, isNew, isSeen uint8) uint8 {
	if w.enter(k, k.hash()) {
		return isSeen
	}
	return isNew
}

// childKey returns the key of the position after m without playing it, when
// no automatic foundation move can follow m: then m changes only the moved
// card's code. The only card m can make available is the one it uncovers in
// its source column (a moved card that was available and next on its
// foundation would already have gone there). TestRCChildKeyAndFoundation
// checks it against make (rc_state.go) on positions of random games.
func (b *rcBoard) childKey(m rcMove) (rcKey, bool) {
	if m.to >= locF || m.from == locF {
		return rcKey{}, false
	}
	home := b.cellHome
	if m.from < rcCols {
		if start := b.idx[m.card]; start > 0 {
			u := b.col[m.from][start-1]
			if b.found[u/13] == u%13 {
				return rcKey{}, false
			}
			// Does the uncovered card call a cell card home
			// (CellHome, prune_cellhome.go)?
			if home && u%13 != 0 && (b.loc[u-1]-locCell < 2 || (u-1 == m.card && m.to >= locCell)) {
				return rcKey{}, false
			}
		}
	} else if home && m.to < rcCols && m.card%13 != 0 && b.loc[m.card-1]-locCell < 2 {
		return rcKey{}, false // the card's predecessor is in the other cell
	}
	// Does the move empty a column while a King is in a cell (KingHome,
	// prune_kinghome.go)?
	if b.kingHome && m.from < rcCols && b.idx[m.card] == 0 {
		if (m.to >= locCell && m.card%13 == 12) || b.kingInCell() {
			return rcKey{}, false
		}
	}
	var code uint8 = codeCell
	if m.to < rcCols {
		t := uint8(none)
		if n := b.n[m.to]; n > 0 {
			t = b.col[m.to][n-1]
		}
		code = b.landCode(m.card, t)
	}
	save := b.key
	b.setCode(m.card, code)
	k := b.key
	b.key = save
	return k, true
}

// waitingKey returns the key of the child of move m, of status st, when a
// lookup entered it (st is childNew or childNewAuto): the key it was
// entered under.
func (b *rcBoard) waitingKey(m rcMove, st uint8) (rcKey, bool) {
	switch st {
	case childNew:
		return b.childKey(m)
	case childNewAuto:
		return b.autoKey(m)
	}
	return rcKey{}, false
}
