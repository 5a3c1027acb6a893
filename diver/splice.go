package diver

import (
	"strings"

	"tandem/smt"
)

// assertEdit says how a mutant's changed assertion comes from its
// parent's: to is from with the subterm at path (argument indices from
// the assertion down) replaced by repl. It is a fact about hash-consed
// terms, true whenever it is used; assertTexts uses it to print to by
// splicing repl's text into from's instead of printing all of to (for
// QF_LRA the Real literals' decimal printing was most of tandem's printing
// cost, bench/diver/README.md "Fourth pass").
type assertEdit struct {
	from, to, repl *smt.Term
	path           []int
}

// newEdit is the edit of the assertion holding node p of f when p is
// replaced by repl and root is the new formula's root (f's root with the
// replacement, smt.Formula.Replace); nil when p is not inside an
// assertion (a virtual root).
func newEdit(f *Formula, p *Node, repl, root *smt.Term) *assertEdit {
	n, depth := p, 0
	for ; n.Parent != nil && !(f.Virtual && n.Parent.Parent == nil); n = n.Parent {
		depth++
	}
	to := root
	if f.Virtual {
		if n.Parent == nil || n.Index >= root.NumArgs() {
			return nil
		}
		to = root.Arg(n.Index)
	}
	path := make([]int, depth)
	for m := p; m != n; m = m.Parent {
		depth--
		path[depth] = m.Index
	}
	return &assertEdit{from: n.Term, to: to, repl: repl, path: path}
}

// spliceAssert is the (assert …) text of e.to from fromText, the text of
// (assert e.from), and replText, the printed e.repl. smt's printer writes
// an application as "(" head " " arg1 " " … argN ")" (root-obj with its
// index after the argument) with no other spacing, whatever its context,
// so the argument at each step of the path is found by skipping the head
// and the arguments before it as S-expressions. ok is false when fromText
// does not have that shape (the caller prints).
func spliceAssert(fromText string, e *assertEdit, replText string) (string, bool) {
	const open = "(assert "
	if !strings.HasPrefix(fromText, open) {
		return "", false
	}
	pos := len(open)
	for _, idx := range e.path {
		if pos >= len(fromText) || fromText[pos] != '(' {
			return "", false
		}
		pos = sexpEnd(fromText, pos+1) // the head
		for j := 0; j <= idx; j++ {
			if pos < 0 || pos >= len(fromText) || fromText[pos] != ' ' {
				return "", false
			}
			pos++
			if j < idx {
				pos = sexpEnd(fromText, pos)
			}
		}
	}
	end := sexpEnd(fromText, pos)
	if end < 0 {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(fromText) - (end - pos) + len(replText))
	b.WriteString(fromText[:pos])
	b.WriteString(replText)
	b.WriteString(fromText[end:])
	return b.String(), true
}

// sexpEnd is the end of the S-expression that starts at s[i]: a balanced
// list, a string literal ("" inside is a quote), a |quoted symbol| or an
// atom (up to white space or a parenthesis); -1 when there is none.
func sexpEnd(s string, i int) int {
	if i < 0 || i >= len(s) {
		return -1
	}
	depth := 0
	for i < len(s) {
		switch c := s[i]; c {
		case '(':
			depth++
			i++
		case ')':
			if depth == 0 {
				return -1 // no expression here
			}
			depth--
			i++
		case '"':
			for i++; ; i++ {
				if i >= len(s) {
					return -1
				}
				if s[i] == '"' {
					if i+1 < len(s) && s[i+1] == '"' {
						i++
						continue
					}
					break
				}
			}
			i++
		case '|':
			j := strings.IndexByte(s[i+1:], '|')
			if j < 0 {
				return -1
			}
			i += j + 2
		case ' ', '\t', '\n', '\r':
			if depth == 0 {
				return -1
			}
			i++
		default:
			for i < len(s) && !isSexpDelim(s[i]) {
				i++
			}
		}
		if depth == 0 {
			// an expression ends at white space, a closing parenthesis
			// or the end: `||0` or `"a"b` is no expression the printer
			// writes, and splicing into it would not be stable
			if i < len(s) && !isSexpEnd(s[i]) {
				return -1
			}
			return i
		}
	}
	return -1
}

func isSexpEnd(c byte) bool {
	switch c {
	case ')', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

func isSexpDelim(c byte) bool {
	switch c {
	case '(', ')', ' ', '\t', '\n', '\r', '"', '|':
		return true
	}
	return false
}
