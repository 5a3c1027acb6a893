package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"tandem/cbsolve"
	"tandem/internal/cli"
)

var solveFlags cbsolve.FileFlags

var solveCmd = &cobra.Command{
	Use:   "solve FILE.smt2 [--cb NAME=IMPL]…",
	Short: "SMT modulo closed-box functions (SADHAK's conflict-driven fuzz loop)",
	Long: `solve decides SMT-LIB formulas that call closed-box functions: functions
declared with (declare-cb NAME (ArgSort*) RetSort) (or Delphi's
declare-oracle-fun) whose meaning is code that can be run but not reasoned about.
A fuzzer runs the closed boxes, an SMT engine (z3 or cvc5) solves the theory
part with the closed boxes read as uninterpreted functions, and the two trade
constraints until they agree (SADHAK, OOPSLA'22).

Each closed box needs an implementation, --cb NAME=IMPL:
  NAME=f.c[:SYMBOL]     a C function (freestanding, unsigned parameter types),
                        compiled to WebAssembly with clang and wasm-ld and run
                        in-process in a sandbox (wazero)
  NAME=f.wasm[:EXPORT]  a WebAssembly module
  NAME=exec:CMD ARG…    a program kept alive across calls: it reads lines
                        "NAME ARG1 ARG2…" (bit-vectors as unsigned decimal,
                        Bool as true/false) and answers one value per line
--cb-from-define NAME makes a define-fun of the file a closed box: its body is
hidden from the SMT engine and run by tandem's evaluator. --oracle-dir DIR
finds Delphi oracles as DIR/BINARY.c or DIR/BINARY.wasm (BINARY's base name).

Modes: cdfl (default, the conflict-driven fuzz loop), fuzz-only (fuzz the whole
formula, as JFS does) and active-learning (solve with closed boxes as
uninterpreted functions, run them on the model, add the input/output facts,
repeat: Delphi's strategy).

Verdicts: sat only after every closed box has been run on the final model and
every assertion evaluates to true (the model is printed); unsat only when the
formula with closed boxes read as uninterpreted functions, plus facts learned by
running them, is unsat; otherwise unknown, with the reason on stderr. A closed
box that traps, loops or exhausts its memory makes that call fail; it never
takes tandem down or past its timeout.

Exit status: 0 for any verdict, 2 on bad input or a setup failure.`,
	Example: `  tandem solve motivating.smt2 --cb f=f.c --stats
  tandem solve q.smt2 --cb hash=hash.wasm --mode fuzz-only --timeout 10s
  tandem solve bench.smt2 --cb-from-define popcount --smt cvc5
  tandem solve delphi.smt2 --oracle-dir bench/cb/delphi`,
	Args: cobra.ExactArgs(1),
	RunE: runSolve,
}

func runSolve(cmd *cobra.Command, args []string) error {
	fl := &solveFlags
	o, err := fl.FileOptions(os.Stderr)
	if err != nil {
		return err
	}
	sc, res, err := cbsolve.SolveFile(cmd.Context(), args[0], o)
	if err != nil {
		return cli.NameFlags(err, cbsolve.FlagNames)
	}
	if cmd.Context().Err() != nil && res.Status == cbsolve.Unknown {
		res.Reason = "interrupted by a signal; " + strings.TrimPrefix(res.Reason, "cancelled ")
	}
	if fl.JSON {
		return res.WriteJSON(os.Stdout, sc)
	}
	res.WriteText(os.Stdout, sc)
	if res.Status != cbsolve.Sat && res.Reason != "" {
		fmt.Fprintf(os.Stderr, "tandem: solve: %s: %s\n", res.Status, res.Reason)
	}
	if fl.ShowStats {
		res.Stats.Write(os.Stderr)
	}
	return nil
}

func init() {
	solveFlags.Register(solveCmd.Flags())
	rootCmd.AddCommand(solveCmd)
}
