package sat

// RestartPolicy chooses when the solver restarts.
type RestartPolicy int

const (
	// RestartEMA restarts when the recent LBD average (fast exponential
	// moving average, α = 1/32) exceeds RestartMargin times the long-term
	// average (α = 1/4096), as in Glucose's dynamic restarts (Audemard and
	// Simon) in CaDiCaL's EMA form. The default.
	RestartEMA RestartPolicy = iota
	// RestartLuby restarts after LubyUnit·luby(i) conflicts (Luby, Sinclair,
	// Zuckerman), as MiniSat does.
	RestartLuby
	// RestartNone never restarts.
	RestartNone
)

// DecisionHeuristic chooses the next decision variable.
type DecisionHeuristic int

const (
	// DecideVSIDS picks the unassigned variable of highest activity
	// (MiniSat's exponential VSIDS: bump by an increment that grows by
	// 1/VarDecay per conflict). The default.
	DecideVSIDS DecisionHeuristic = iota
	// DecideStatic picks the unassigned variable of smallest index, like
	// Sat4j's NaturalStaticOrder; useful to fuzz a solver with few
	// surprises in its search.
	DecideStatic
)

// ModePolicy chooses between the two search modes of modern solvers
// (CaDiCaL, Kissat): focused mode restarts often (Restart, EMA by
// default) and decides saved phases; stable mode restarts rarely
// (Luby·1024 conflicts, "reluctant doubling") and decides the target
// phases, the assignment of the largest conflict-free trail since the
// last restart, which finds the models of satisfiable instances.
type ModePolicy int

const (
	// ModeSwitch alternates focused and stable mode, starting focused,
	// for ModeInterval·k² conflicts in round k. The default.
	ModeSwitch ModePolicy = iota
	// ModeFocused stays in focused mode (the solver before modes).
	ModeFocused
	// ModeStable stays in stable mode.
	ModeStable
)

// PhasePolicy chooses the value given to a decision variable.
type PhasePolicy int

const (
	// PhaseSaved reuses the variable's last value (RSAT phase saving),
	// starting from false, or in stable mode its target value; every
	// RephaseInterval·k conflicts the saved values are reset, in turn, to
	// the best assignment (the largest conflict-free trail since the last
	// reset), all false, the best again and all true (CaDiCaL's
	// rephasing). The default.
	PhaseSaved PhasePolicy = iota
	// PhaseFalse always decides false.
	PhaseFalse
	// PhaseTrue always decides true.
	PhaseTrue
	// PhaseRandom decides by a fair coin from the solver's seeded RNG.
	PhaseRandom
)

// ReducePolicy chooses how learned clauses are forgotten.
type ReducePolicy int

const (
	// ReduceLBD removes, every ReduceInterval conflicts (growing by
	// ReduceIncrement each time), the half of the learned clauses with the
	// highest LBD (Glucose), keeping "glue" clauses of LBD ≤ KeepLBD, the
	// tier-2 clauses of LBD ≤ Tier2LBD used in a conflict since the last
	// reduction (CaDiCaL's tiers) and clauses that are reasons on the
	// trail. The default.
	ReduceLBD ReducePolicy = iota
	// ReduceNone keeps every learned clause.
	ReduceNone
)

// Minimization chooses how learned clauses are shortened.
type Minimization int

const (
	// MinimizeRecursive removes every literal implied by the others through
	// reasons (MiniSat's ccmin-mode 2, Sörensson and Biere). The default.
	MinimizeRecursive Minimization = iota
	// MinimizeLocal removes a literal whose reason's other literals are all
	// in the clause (ccmin-mode 1).
	MinimizeLocal
	// MinimizeNone keeps the first-UIP clause as it is.
	MinimizeNone
)

// UnitPolicy chooses what AddClause does with literals fixed at the root.
type UnitPolicy int

const (
	// UnitsSimplify drops root-falsified literals from added clauses and
	// skips root-satisfied clauses. In the proof the shortened clause is a
	// lemma ('l') followed by the deletion ('d') of the original. The
	// default.
	UnitsSimplify UnitPolicy = iota
	// UnitsKeep stores added clauses as they are.
	UnitsKeep
)

// Options holds every tunable of the solver. The zero value is the default
// configuration; each numeric field uses its default when zero. All of them
// are worth fuzzing: they change the search but never the answers.
type Options struct {
	// Restart is the restart policy (default RestartEMA).
	Restart RestartPolicy
	// LubyUnit is the conflicts per Luby step (default 100, MiniSat's).
	LubyUnit int
	// RestartMargin is the EMA restart margin (default 1.25, i.e. Glucose's
	// K = 0.8 written as 1/K).
	RestartMargin float64
	// RestartMin is the least number of conflicts between EMA restarts
	// (default 50, Glucose's LBD queue size).
	RestartMin int

	// Decision is the decision heuristic (default DecideVSIDS).
	Decision DecisionHeuristic
	// VarDecay is the VSIDS decay (default 0.95, MiniSat's).
	VarDecay float64
	// RandomFreq is the probability of a random decision (default 0).
	RandomFreq float64

	// Phase is the phase policy (default PhaseSaved).
	Phase PhasePolicy
	// Mode is the focused/stable mode policy (default ModeSwitch).
	Mode ModePolicy
	// ModeInterval is the conflicts of the first focused and stable
	// phases (default 1000).
	ModeInterval int
	// RephaseInterval is the conflicts before the first rephasing; the
	// k-th waits k times as long (default 1000).
	RephaseInterval int

	// Reduce is the learned-clause reduction (default ReduceLBD).
	Reduce ReducePolicy
	// ReduceInterval is the number of conflicts before the first reduction
	// (default 2000, Glucose's).
	ReduceInterval int
	// ReduceIncrement is added to the interval after each reduction
	// (default 300, Glucose's).
	ReduceIncrement int
	// KeepLBD is the LBD up to which learned clauses are never removed
	// (default 2: Glucose's glue clauses).
	KeepLBD int
	// Tier2LBD is the LBD up to which a learned clause used in a conflict
	// since the last reduction is kept (default 6, CaDiCaL's tier2).
	Tier2LBD int

	// Minimize is the learned-clause minimization (default
	// MinimizeRecursive).
	Minimize Minimization
	// Units says what AddClause does under root-level units (default
	// UnitsSimplify).
	Units UnitPolicy

	// Seed seeds the RNG of random decisions and random phases.
	Seed int64
	// MaxVar is the largest variable index AddClause and Assume accept
	// (default 1<<24). The solver allocates memory for every variable up to
	// the largest one used, so a stray huge literal would otherwise exhaust
	// memory.
	MaxVar int
	// ConflictLimit bounds the conflicts of one Solve call (0: no bound);
	// Solve returns Unknown when it is reached.
	ConflictLimit int64
}

func (o Options) withDefaults() Options {
	if o.LubyUnit <= 0 {
		o.LubyUnit = 100
	}
	if o.RestartMargin <= 0 {
		o.RestartMargin = 1.25
	}
	if o.RestartMin <= 0 {
		o.RestartMin = 50
	}
	if o.VarDecay <= 0 || o.VarDecay >= 1 {
		o.VarDecay = 0.95
	}
	if o.RandomFreq < 0 || o.RandomFreq > 1 {
		o.RandomFreq = 0
	}
	if o.ReduceInterval <= 0 {
		o.ReduceInterval = 2000
	}
	if o.ReduceIncrement <= 0 {
		o.ReduceIncrement = 300
	}
	if o.MaxVar <= 0 || o.MaxVar > maxVar {
		o.MaxVar = 1 << 24
	}
	if o.ModeInterval <= 0 {
		o.ModeInterval = 1000
	}
	if o.RephaseInterval <= 0 {
		o.RephaseInterval = 1000
	}
	if o.KeepLBD <= 0 {
		o.KeepLBD = 2
	}
	if o.Tier2LBD <= 0 {
		o.Tier2LBD = 6
	}
	return o
}

// Stats counts the work of a solver over all its Solve calls.
type Stats struct {
	Solves       int64 // Solve calls
	Decisions    int64 // decisions, assumptions included
	Propagations int64 // literals propagated
	Conflicts    int64 // conflicts
	Restarts     int64 // restarts
	Switches     int64 // switches between focused and stable mode
	Rephases     int64 // resets of the saved phases
	Learned      int64 // learned clauses (units included)
	Minimized    int64 // literals removed from learned clauses by minimization
	Reductions   int64 // learned-clause reductions
	Deleted      int64 // learned clauses deleted by reductions
	Inputs       int64 // clauses added through AddClause
}
