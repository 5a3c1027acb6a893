// Package campaign is tandem's shared fuzzing harness. DIVER, BanditFuzz and
// the SAT API fuzzer are all loops of generate → run solvers → judge → keep;
// campaign owns what is the same in all of them, so each system is only its
// algorithm (DESIGN.md §3):
//
//   - a budget (iterations, time), Options.Workers iterations at once, and a
//     master seed from which every iteration's seed is derived
//     (IterationSeed, SplitMix64), so one iteration replays from its seed
//     alone (Replay, `tandem replay DIR N`);
//   - a findings store (Store): SQLite in WAL mode in the campaign
//     directory, or PostgreSQL shared by worker processes on many machines
//     (Options.Store, Options.Shard). An iteration's findings are committed
//     in the same transaction that records the iteration as done, before
//     they are announced; inserts are idempotent, so after kill -9 at any
//     moment Resume re-runs exactly the unfinished iterations and the store
//     ends up as if nothing had happened;
//   - dedup: a Signature per finding from the system, the solver with its
//     options and version, the Class and the message normalized as Murxla
//     does (NormalizeMessage), with a count and the smallest trigger kept,
//     and Murxla's fuzzy match on top (ClusterSignatures: messages within
//     5% of each other are probably one bug), which the report counts;
//   - background reduction of every new signature with a Reducer, re-checked
//     with the system's Reproducer;
//   - one directory per signature for a solver developer (ExportSignature):
//     reduced trigger, original, command line, output, versions, README.md;
//   - progress: a status line on a terminal, log lines otherwise, a JSON
//     event stream (Event); and a report (BuildReport, Report.WriteHTML).
//
// A system implements System (Name and Iterate) and registers a Factory:
//
//	func init() { campaign.Register("mysys", func(cfg []byte) (campaign.System, error) { … }) }
//
//	func (s *MySys) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
//		var st campaign.Stats
//		script := s.generate(it.Rand)                  // every random choice from it.Rand
//		res, err := solver.Run(ctx, s.profile, solver.BytesInput(script), s.runOpts)
//		if err != nil {
//			return nil, st, err                        // the system cannot go on
//		}
//		st.Record(res)                                 // counts statuses and solver CPU
//		if res.Status == solver.StatusCrash {
//			return []campaign.Finding{{Class: campaign.Crash, Solver: "z3", Message: res.Signature,
//				Trigger: script, Output: res.Stdout}}, st, nil
//		}
//		return nil, st, nil
//	}
//
// and runs it with Run(ctx, dir, "mysys", configJSON, Options{…}). The
// package tandem/internal/toy has two complete small systems.
package campaign
