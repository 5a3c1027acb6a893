// Package trace is the text format of tandem's SAT API fuzzer: one API call
// of an incremental SAT solver per line, the portable artifact of a finding
// (the Sat4j API-fuzzing thesis, Parruca 2024, §4.1.6, generalized across
// solvers). A trace replays on any target with `tandem satfuzz replay`.
//
// Grammar (tokens separated by exactly one space, no trailing blanks):
//
//	trace   := { line "\n" }
//	line    := [ index " " ] call | "c" [ " " text ] | ""
//	call    := "init"                      first call, exactly once
//	         | "option " key "=" value     a solver option (target's option model)
//	         | "newVar " n                 declare variables 1..n
//	         | "addClause " lit { " " lit } add a clause
//	         | "assuming " lit { " " lit }  solve under these assumptions
//	         | "solve"                     solve without assumptions
//	         | "enumerating"               count all models over 1..maxvar
//	         | "model"                     query the model of the last solve
//	         | "failed"                    query the failed assumptions
//
// index is the optional 1-based call number of the thesis' traces (kept by
// the delta debugger, so reduced traces have gaps); lit is a non-zero decimal
// integer of absolute value at most MaxVar. Option lines come right after
// init; nothing follows enumerating (enumeration changes the formula in most
// solvers). Parse accepts exactly this and nothing else.
package trace

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// MaxVar is the largest variable a trace may use. The generator stays far
// below it; the bound keeps a hostile trace from making a target allocate
// gigabytes.
const MaxVar = 1 << 20

// MaxCalls bounds the number of calls of one trace.
const MaxCalls = 1 << 20

// Op is the kind of an API call.
type Op int

// The API calls of a trace.
const (
	Init Op = iota
	Option
	NewVar
	AddClause
	Assuming
	Solve
	Enumerating
	Model
	Failed
)

var opNames = [...]string{"init", "option", "newVar", "addClause", "assuming", "solve", "enumerating", "model", "failed"}

// String returns the call's name as written in traces.
func (o Op) String() string {
	if o < 0 || int(o) >= len(opNames) {
		return fmt.Sprintf("Op(%d)", int(o))
	}
	return opNames[o]
}

// Call is one API call.
type Call struct {
	// Index is the call's number as written in the trace (0: none).
	Index int
	Op    Op
	// Lits are the literals of addClause and assuming.
	Lits []int
	// N is the argument of newVar.
	N int
	// Key and Value are the option of an option line.
	Key, Value string
}

// IsSolve reports whether the call is a solve (with or without assumptions).
func (c Call) IsSolve() bool { return c.Op == Solve || c.Op == Assuming }

// String formats the call as a trace line, without its index.
func (c Call) String() string {
	switch c.Op {
	case Option:
		return "option " + c.Key + "=" + c.Value
	case NewVar:
		return "newVar " + strconv.Itoa(c.N)
	case AddClause, Assuming:
		var b strings.Builder
		b.WriteString(c.Op.String())
		for _, l := range c.Lits {
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(l))
		}
		return b.String()
	}
	return c.Op.String()
}

// Trace is a parsed trace.
type Trace struct {
	Calls []Call
}

// Bytes formats the trace, with the calls' indices when they have one.
func (t *Trace) Bytes() []byte {
	var b bytes.Buffer
	for _, c := range t.Calls {
		if c.Index > 0 {
			b.WriteString(strconv.Itoa(c.Index))
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Plain formats the trace without indices: what targets' drivers read.
func (t *Trace) Plain() []byte {
	var b bytes.Buffer
	for _, c := range t.Calls {
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Number sets every call's index to its position (1-based), as the
// generator writes traces.
func (t *Trace) Number() {
	for i := range t.Calls {
		t.Calls[i].Index = i + 1
	}
}

// MaxVar returns the largest variable of the trace: the largest newVar
// argument or literal.
func (t *Trace) MaxVar() int {
	m := 0
	for _, c := range t.Calls {
		if c.Op == NewVar && c.N > m {
			m = c.N
		}
		for _, l := range c.Lits {
			if l < 0 {
				l = -l
			}
			if l > m {
				m = l
			}
		}
	}
	return m
}

// Undeclared returns the position of the first call that uses a variable
// above every count the newVar calls before it declared, or -1. A trace
// without newVar calls declares its variables by using them; a trace with
// one must declare before use, as the generator's traces do (Sat4j, for
// one, leaves variables above its declared count out of its models).
func (t *Trace) Undeclared() int {
	hasNewVar := false
	for _, c := range t.Calls {
		if c.Op == NewVar {
			hasNewVar = true
			break
		}
	}
	if !hasNewVar {
		return -1
	}
	declared := 0
	for i, c := range t.Calls {
		if c.Op == NewVar && c.N > declared {
			declared = c.N
		}
		for _, l := range c.Lits {
			if l > declared || -l > declared {
				return i
			}
		}
	}
	return -1
}

// Options returns the option lines' keys and values, in order.
func (t *Trace) Options() [][2]string {
	var o [][2]string
	for _, c := range t.Calls {
		if c.Op == Option {
			o = append(o, [2]string{c.Key, c.Value})
		}
	}
	return o
}

// Error is a parse error at a line.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("trace:%d: %s", e.Line, e.Msg) }

// Parse reads a trace strictly (see the package documentation): any
// deviation from the grammar or the call order is an *Error.
func Parse(data []byte) (*Trace, error) {
	t := &Trace{}
	lines := bytes.Split(data, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	sawInit, sawCall, sawEnum := false, false, false
	lastIndex := 0
	for i, raw := range lines {
		ln := i + 1
		line := string(raw)
		if line == "" || line == "c" || strings.HasPrefix(line, "c ") {
			continue
		}
		if len(t.Calls) >= MaxCalls {
			return nil, &Error{ln, "too many calls"}
		}
		toks := strings.Split(line, " ")
		for _, tk := range toks {
			if tk == "" {
				return nil, &Error{ln, "empty token (blanks must be single spaces)"}
			}
		}
		c := Call{}
		if toks[0][0] >= '0' && toks[0][0] <= '9' {
			n, err := strconv.Atoi(toks[0])
			if err != nil || n <= 0 || n > 1<<30 || strconv.Itoa(n) != toks[0] {
				return nil, &Error{ln, fmt.Sprintf("bad call index %q", toks[0])}
			}
			if n <= lastIndex {
				return nil, &Error{ln, fmt.Sprintf("call index %d not increasing", n)}
			}
			lastIndex = n
			c.Index = n
			toks = toks[1:]
			if len(toks) == 0 {
				return nil, &Error{ln, "index without call"}
			}
		}
		name, args := toks[0], toks[1:]
		op := -1
		for k, s := range opNames {
			if s == name {
				op = k
			}
		}
		if op < 0 {
			return nil, &Error{ln, fmt.Sprintf("unknown call %q", name)}
		}
		c.Op = Op(op)
		if sawEnum {
			return nil, &Error{ln, "no call may follow enumerating"}
		}
		switch c.Op {
		case Init:
			if sawInit || len(t.Calls) > 0 {
				return nil, &Error{ln, "init must be the first call, once"}
			}
			sawInit = true
		case Option:
			if sawCall {
				return nil, &Error{ln, "option after a solver call"}
			}
			if len(args) != 1 {
				return nil, &Error{ln, "option takes one key=value"}
			}
			k, v, ok := strings.Cut(args[0], "=")
			if !ok || !validKey(k) || !validValue(v) {
				return nil, &Error{ln, fmt.Sprintf("bad option %q", args[0])}
			}
			c.Key, c.Value = k, v
		case NewVar:
			if len(args) != 1 {
				return nil, &Error{ln, "newVar takes one number"}
			}
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 0 || n > MaxVar || strconv.Itoa(n) != args[0] {
				return nil, &Error{ln, fmt.Sprintf("bad variable count %q", args[0])}
			}
			c.N = n
		case AddClause, Assuming:
			if len(args) == 0 {
				return nil, &Error{ln, c.Op.String() + " needs literals"}
			}
			c.Lits = make([]int, len(args))
			for k, a := range args {
				v, err := strconv.Atoi(a)
				if err != nil || v == 0 || v > MaxVar || v < -MaxVar || strconv.Itoa(v) != a {
					return nil, &Error{ln, fmt.Sprintf("bad literal %q", a)}
				}
				c.Lits[k] = v
			}
		default:
			if len(args) != 0 {
				return nil, &Error{ln, c.Op.String() + " takes no arguments"}
			}
		}
		if c.Op == Enumerating {
			sawEnum = true
		}
		if c.Op != Init && c.Op != Option {
			sawCall = true
		}
		if !sawInit {
			return nil, &Error{ln, "the first call must be init"}
		}
		t.Calls = append(t.Calls, c)
	}
	if !sawInit {
		return nil, &Error{0, "no init call"}
	}
	return t, nil
}

func validKey(k string) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for _, r := range k {
		if !(r == '_' || r == '-' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func validValue(v string) bool {
	if v == "" || len(v) > 64 {
		return false
	}
	for _, r := range v {
		if !(r == '_' || r == '-' || r == '+' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
