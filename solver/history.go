package solver

// MaxHistory bounds the text a session keeps of what it wrote to one
// solver process (Session.History).
const MaxHistory = 4 << 20

// history is the text written to one solver process since it started, up
// to MaxHistory bytes; past that it is dropped whole (over).
type history struct {
	b    []byte
	over bool
}

func (h *history) add(p []byte) {
	if h.over {
		return
	}
	if len(h.b)+len(p) > MaxHistory {
		h.b, h.over = nil, true
		return
	}
	h.b = append(h.b, p...)
}

// History returns every command written to the solver process that served
// the session's last call, from its start (print-success, the replayed
// stack) to that call, as one script: what a fresh process must read to
// reach the same state, for bugs that need the session's past (a crash
// after a reset, say) and show neither one-shot nor in a fresh session.
// ok is false when no process has run or its text passed MaxHistory.
func (s *Session) History() (script []byte, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.lastSent
	if s.cur != nil {
		h = &s.cur.sent
	}
	if h == nil || h.over || len(h.b) == 0 {
		return nil, false
	}
	return append([]byte(nil), h.b...), true
}
