package solver

// resetTable empties the table for a search by n workers, sized for at
// least size positions where that is known.
func (s *rcSearch) resetTable(n, size int) {
	switch {
	case s.ct != nil:
		s.ct.start(n, size)
		for _, w := range s.workers {
			w.ctPending = 0
		}
	case s.tt != nil:
		s.tt.reset()
	default:
		s.tt3.reset()
	}
}

// releaseTable empties the table and gives its memory back.
func (s *rcSearch) releaseTable() {
	switch {
	case s.ct != nil:
		s.resetTable(1, 0)
	case s.tt != nil:
		s.tt.release()
	default:
		s.tt3.release()
	}
}
