// Command fakesolver is a "solver" with a planted bug, for testing tandem
// reduce: given -bug nest:OUTER/INNER it crashes (exit 134, an assertion
// message on stderr) when an application of INNER occurs inside one of
// OUTER; given -bug pair:A,B it answers unsat when one assertion contains A
// and another contains B. Otherwise it answers sat. Input it cannot parse
// gets an (error …) and exit 1, as a solver would.
//
//	fakesolver -bug nest:bvadd/bvudiv FILE
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"tandem/internal/reducesuite"
	"tandem/smtlib"
)

func main() {
	spec := flag.String("bug", "", "the planted bug: nest:OUTER/INNER or pair:A,B")
	delay := flag.Duration("delay", 0, "sleep this long first (to test interrupting a reduction)")
	flag.Parse()
	b, err := reducesuite.ParseBug(*spec)
	if err != nil || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: fakesolver -bug nest:OUTER/INNER|pair:A,B FILE")
		os.Exit(2)
	}
	time.Sleep(*delay)
	sc, err := smtlib.ParseFile(flag.Arg(0))
	if err != nil {
		fmt.Printf("(error %q)\n", "parse error")
		os.Exit(1)
	}
	if reducesuite.Triggers(sc, b) {
		if b.Kind == "nest" {
			fmt.Fprintf(os.Stderr, "fakesolver: ASSERTION VIOLATION: %s under %s\n", b.Inner, b.Outer)
			os.Exit(134)
		}
		fmt.Println("unsat")
		return
	}
	fmt.Println("sat")
}
