package smtlib_test

import (
	"errors"
	"fmt"
	"os"

	"tandem/smtlib"
)

// Parse a script, walk its commands, and print it back: one command per
// line, the SMT-LIB 2.5 name str.in.re under its 2.6 name, an unknown
// command kept as written.
func Example() {
	sc, err := smtlib.Parse("ex.smt2", []byte(`
(set-logic QF_SLIA)
(declare-const x (_ BitVec 8))
(declare-fun s () String)
(assert (let ((y (bvadd x #x01))) (bvult y x)))
(assert (str.in.re s (re.+ (str.to.re "ab"))))
(frobnicate 1 2)
(check-sat)`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range sc.Commands {
		switch c.Kind {
		case smtlib.CmdDeclareConst, smtlib.CmdDeclareFun:
			f := c.Funcs[0]
			fmt.Printf("%s: %s declares %s of sort %s\n", c.Pos, c.Kind, f.Name, f.Result)
		case smtlib.CmdAssert:
			fmt.Printf("%s: assert %s\n", c.Pos, c.Term)
		case smtlib.CmdUnknown:
			fmt.Printf("%s: unknown command %s, kept as %q\n", c.Pos, c.Name, c.Raw)
		default:
			fmt.Printf("%s: %s\n", c.Pos, c.Kind)
		}
	}
	fmt.Println("logic", sc.Logic(), "with", len(sc.Assertions()), "assertions")
	if err := smtlib.Write(os.Stdout, sc); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 2:1: set-logic
	// 3:1: declare-const declares x of sort (_ BitVec 8)
	// 4:1: declare-fun declares s of sort String
	// 5:1: assert (let ((y (bvadd x #x01))) (bvult y x))
	// 6:1: assert (str.in_re s (re.+ (str.to_re "ab")))
	// 7:1: unknown command frobnicate, kept as "(frobnicate 1 2)"
	// 8:1: check-sat
	// logic QF_SLIA with 2 assertions
	// (set-logic QF_SLIA)
	// (declare-const x (_ BitVec 8))
	// (declare-fun s () String)
	// (assert (let ((y (bvadd x #x01))) (bvult y x)))
	// (assert (str.in_re s (re.+ (str.to_re "ab"))))
	// (frobnicate 1 2)
	// (check-sat)
}

// A broken script: every problem is reported, in file order, each at its
// line and column; the good commands are kept.
func ExampleParse_errors() {
	sc, err := smtlib.Parse("bad.smt2", []byte(`(declare-const x Int)
(assert (> x true))
(assert (= y 1))
(check-sat)`))
	var list smtlib.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Println(e.Filename, e.Pos)
		}
	}
	fmt.Println(len(sc.Commands), "commands kept")
	// Output:
	// bad.smt2 2:9
	// bad.smt2 3:12
	// 2 commands kept
}
