package evaltest

import (
	"bytes"
	"strconv"
)

// LetChain is a script whose one assertion is a chain of n nested lets,
// each binding a fresh variable to the previous one plus 1:
//
//	(declare-const x0 Int)
//	(assert (= (let ((x1 (+ x0 1))) (let ((x2 (+ x1 1))) … xn)) n))
//	(check-sat)
//
// It is true exactly when x0 = 0. Its nesting depth is n+2 (parse it with
// smtlib.Options.MaxDepth above that when n approaches 100,000). It is
// the shape of issue 28 item 8, where let expansion and evaluation were
// quadratic in n.
func LetChain(n int) []byte {
	var b bytes.Buffer
	b.Grow(n * 32)
	b.WriteString("(declare-const x0 Int)\n(assert (= ")
	for i := 1; i <= n; i++ {
		b.WriteString("(let ((x")
		b.WriteString(strconv.Itoa(i))
		b.WriteString(" (+ x")
		b.WriteString(strconv.Itoa(i - 1))
		b.WriteString(" 1))) ")
	}
	b.WriteString("x")
	b.WriteString(strconv.Itoa(n))
	b.Write(bytes.Repeat([]byte(")"), n))
	b.WriteString(" ")
	b.WriteString(strconv.Itoa(n))
	b.WriteString("))\n(check-sat)\n")
	return b.Bytes()
}
