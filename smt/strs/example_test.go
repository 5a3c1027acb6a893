package strs_test

import (
	"fmt"

	"tandem/smt/strs"
	"tandem/smtlib"
)

// Evaluate ground string terms parsed from SMT-LIB, and match a long string
// against a regular language with nested stars.
func Example() {
	sc, err := smtlib.Parse("ex.smt2", []byte(`
		(assert (= (str.replace "ab" "" "X") "Xab"))
		(assert (= (str.indexof "abc" "" 3) (str.to_int "")))
		(assert (str.in_re "abab" (re.* (re.* (re.union (str.to_re "a") (re.* (str.to_re "ab")))))))
		(assert (= (str.replace_re "baab" (re.+ (str.to_re "a")) "X") "bXab"))
		(assert (= (str.replace_re "baab" (re.* (str.to_re "a")) "X") "Xbaab"))`))
	if err != nil {
		fmt.Println(err)
		return
	}
	b := strs.NewBuilder()
	for _, a := range sc.Assertions() {
		if a.NumArgs() == 2 && a.Arg(0).Sort() == a.Arg(1).Sort() {
			a = a.Arg(0) // (= x y): the value of x
		}
		v, err := b.Eval(a)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(a, "=", v)
	}

	// The Builder's automaton makes membership linear in the string.
	r := b.Concat(b.Star(b.AllChar()), b.Str([]rune("needle")), b.All())
	long := make([]rune, 0, 10006)
	for range 5000 {
		long = append(long, 'a', 'b')
	}
	fmt.Println(b.Match(r, long), b.Match(r, append(long, []rune("needle")...)))
	// Output:
	// (str.replace "ab" "" "X") = "Xab"
	// (str.indexof "abc" "" 3) = 3
	// (str.in_re "abab" (re.* (re.* (re.union (str.to_re "a") (re.* (str.to_re "ab")))))) = true
	// (str.replace_re "baab" (re.+ (str.to_re "a")) "X") = "bXab"
	// (str.replace_re "baab" (re.* (str.to_re "a")) "X") = "Xbaab"
	// false true
}
