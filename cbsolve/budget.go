package cbsolve

import (
	"time"

	"tandem/internal/proc"
)

// budget bounds a step of CDFL (a table's construction, a learning round,
// the time between rounds) by the CPU time of tandem's process tree (its
// in-process boxes, an exec box, the SMT engine: proc.SelfTreeCPU) since
// the step began, so that what CDFL decides to do does not depend on the
// machine's load (issue 25 §1). wall, when set, is a cap in wall time
// besides, for boxes that wait without using CPU. The zero budget is no
// limit.
type budget struct {
	limit, wall time.Duration
	t0          time.Time
	used        func() time.Duration // CPU used since the step began
}

// cpuBudget starts a budget of limit CPU time (0 or negative: none) and
// wall time.
func cpuBudget(limit, wall time.Duration) budget {
	if limit <= 0 {
		return budget{}
	}
	c0 := proc.SelfTreeCPU()
	return budget{limit: limit, wall: wall, t0: time.Now(), used: func() time.Duration { return proc.SelfTreeCPU() - c0 }}
}

// spent says the budget is used up.
func (b budget) spent() bool { return b.projected(1, 1) }

// projected says the budget is used up, or that at the rate so far the
// whole work (done of total units) would use it up.
func (b budget) projected(done, total uint64) bool {
	if b.used == nil || done == 0 {
		return false
	}
	over := func(u, limit time.Duration) bool {
		return limit > 0 && (u >= limit || time.Duration(float64(u)*float64(total)/float64(done)) > limit)
	}
	return over(b.used(), b.limit) || (!b.t0.IsZero() && over(time.Since(b.t0), b.wall))
}
