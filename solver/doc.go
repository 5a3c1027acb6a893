// Package solver runs external SMT solvers for tandem: one-shot runs of a
// file or script under time and memory limits ([Run]), and long-lived
// incremental sessions ([Session]) that survive crashes and timeouts.
//
// A [Profile] says how to run one solver (binary, arguments per mode, the
// options for models and self-checks, its crash signatures, its model
// quirks); z3, cvc5, cvc4, boolector, bitwuzla and a generic SMT-LIB 2.6 profile are
// built in and a TOML file adds or overrides profiles ([Registry.LoadFile]).
// This follows Murxla's shape: a solver-agnostic core and one adapter (here,
// one data record) per solver.
//
//	reg := solver.NewRegistry()
//	p, _ := reg.Lookup("z3 smt.arith.solver=2")
//	res, err := solver.Run(ctx, p, solver.FileInput("q.smt2"),
//		solver.RunOptions{Limits: solver.Limits{Wall: 10 * time.Second, Memory: 2 << 30}})
//	// res.Status, res.Answers, res.RawResponses (models as text), res.PeakRSS …
//
//	s, _ := solver.StartSession(ctx, p, solver.SessionOptions{Mode: solver.Mode{Models: true}})
//	defer s.Close()
//	s.Exec(ctx, "(declare-const x Int)")
//	s.Assert(ctx, "(> x 2)")
//	r, _ := s.CheckSat(ctx) // r.Status == StatusSat
//	m, _ := s.GetModel(ctx) // m.Raw is the model's s-expression text
//
// Models, get-value pairs and unsat cores are returned as raw s-expression
// text (Result.RawResponses, Reply.Raw); the smtlib package parses them.
//
// Processes: never through a shell; each in its own process group, killed
// as a group on timeout, cancellation and after it exits (so children it
// left behind die too) and always reaped. CPU and address-space limits are
// set with prlimit(2) on the pid right after it starts; see [Limits].
package solver
