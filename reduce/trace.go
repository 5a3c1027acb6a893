package reduce

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// TraceOptions describe the line-based API traces that [TracePasses]
// reduce: one call per line, optionally preceded by integer indices (the
// Sat4j fuzzer numbers its calls, and the numbers stay when lines go),
// then a call name and its arguments; integers as literals (−v for the
// negation of variable v); clauses and assumption lists may end with 0.
// A line made only of integers is a DIMACS clause.
type TraceOptions struct {
	// LiteralCalls are the calls whose integer arguments are literals:
	// literals are removed from them one by one and their variables are
	// renamed. Default: add, addClause, add_clause, clause, assume,
	// assuming, assumptions, solve, i, q, a (iCNF/IDRUP lines) and
	// DIMACS clause lines.
	LiteralCalls []string
	// KeepCalls are calls whose lines are never removed (default: init
	// and the p header), as the thesis's reducer never drops init.
	KeepCalls []string
}

// DefaultLiteralCalls and DefaultKeepCalls are the defaults of
// [TraceOptions].
var (
	DefaultLiteralCalls = []string{"add", "addClause", "add_clause", "clause", "assume", "assuming", "assumptions", "solve", "i", "q", "a"}
	DefaultKeepCalls    = []string{"init", "p"}
)

// TracePasses are the reducer of the Sat4j API-fuzzing thesis (Parruca
// 2024, Algorithm 6, §2.10 of the digest), over generic text traces: line
// removal by ddmin, literal removal inside clause and assumption lines,
// and renaming of variables to the smallest free index.
func TracePasses(opts TraceOptions) []Pass {
	if opts.LiteralCalls == nil {
		opts.LiteralCalls = DefaultLiteralCalls
	}
	if opts.KeepCalls == nil {
		opts.KeepCalls = DefaultKeepCalls
	}
	return []Pass{
		NewPass("trace-lines", opts.lines),
		NewPass("trace-literals", opts.literals),
		NewPass("trace-rename", opts.rename),
	}
}

// traceLine is one line split into tokens: lead integer indices, the call
// (its first non-integer token and the rest of the text up to the first
// literal), and literals.
type traceLine struct {
	text    string
	fields  []string
	call    string
	litIdx  []int // indices into fields of literal tokens (non-zero integers)
	literal bool
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func (o TraceOptions) parseLine(text string) traceLine {
	l := traceLine{text: text, fields: strings.Fields(text)}
	callAt := -1
	for i, f := range l.fields {
		if !isInt(f) {
			callAt = i
			l.call = f
			break
		}
	}
	if callAt < 0 {
		l.literal = len(l.fields) > 0 // a DIMACS clause
	} else {
		l.literal = slices.Contains(o.LiteralCalls, l.call)
	}
	if l.literal {
		for i := callAt + 1; i < len(l.fields); i++ {
			if isInt(l.fields[i]) && l.fields[i] != "0" {
				l.litIdx = append(l.litIdx, i)
			}
		}
	}
	return l
}

func splitLines(cur []byte) []string {
	s := strings.TrimSuffix(string(cur), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func joinLines(lines []string) []byte {
	if len(lines) == 0 {
		return nil
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}

func (o TraceOptions) lines(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	lines := splitLines(cur)
	var fixed []bool
	var items []int
	for i, ln := range lines {
		l := o.parseLine(ln)
		keep := strings.TrimSpace(ln) != "" && slices.Contains(o.KeepCalls, l.call)
		fixed = append(fixed, keep)
		if !keep && strings.TrimSpace(ln) != "" {
			items = append(items, i)
		}
	}
	build := func(keep []int) ([]byte, bool) {
		var out []string
		k := 0
		for i, ln := range lines {
			for k < len(keep) && items[keep[k]] < i {
				k++
			}
			if fixed[i] || (k < len(keep) && items[keep[k]] == i) {
				out = append(out, ln)
			}
		}
		return joinLines(out), true
	}
	// Start from the rendering of all items, which drops blank lines.
	if all, _ := build(allIndices(len(items))); Smaller(all, cur) {
		if ok, err := s.Try(ctx, all); err != nil {
			return cur, err
		} else if ok {
			cur = all
		}
	}
	_, out, err := DDMin(ctx, s, len(items), cur, build)
	return out, err
}

func allIndices(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

type litEdits struct {
	lines []string
	pos   [][2]int // line, literal field index
	o     TraceOptions
}

func (e *litEdits) Len() int { return len(e.pos) }
func (e *litEdits) Candidate(i int) ([]byte, bool) {
	li, fi := e.pos[i][0], e.pos[i][1]
	l := e.o.parseLine(e.lines[li])
	f := append(append([]string(nil), l.fields[:fi]...), l.fields[fi+1:]...)
	out := slices.Clone(e.lines)
	out[li] = strings.Join(f, " ")
	return joinLines(out), true
}

func (o TraceOptions) literals(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	return Greedy(ctx, s, cur, false, func(cur []byte) (Edits, error) {
		e := &litEdits{lines: splitLines(cur), o: o}
		for i, ln := range e.lines {
			for _, fi := range o.parseLine(ln).litIdx {
				e.pos = append(e.pos, [2]int{i, fi})
			}
		}
		return e, nil
	})
}

type renameEdits struct {
	lines  []string
	parsed []traceLine
	free   int   // smallest unused variable
	vars   []int // used variables above free, increasing
}

func (e *renameEdits) Len() int { return len(e.vars) }
func (e *renameEdits) Candidate(i int) ([]byte, bool) {
	from, to := e.vars[i], e.free
	out := slices.Clone(e.lines)
	for li, l := range e.parsed {
		changed := false
		f := slices.Clone(l.fields)
		for _, fi := range l.litIdx {
			v, _ := strconv.Atoi(f[fi])
			switch v {
			case from:
				f[fi], changed = strconv.Itoa(to), true
			case -from:
				f[fi], changed = strconv.Itoa(-to), true
			}
		}
		if changed {
			out[li] = strings.Join(f, " ")
		}
	}
	return joinLines(out), true
}

func (o TraceOptions) rename(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	return Greedy(ctx, s, cur, false, func(cur []byte) (Edits, error) {
		e := &renameEdits{lines: splitLines(cur)}
		used := map[int]bool{}
		for _, ln := range e.lines {
			l := o.parseLine(ln)
			e.parsed = append(e.parsed, l)
			for _, fi := range l.litIdx {
				v, _ := strconv.Atoi(l.fields[fi])
				if v < 0 {
					v = -v
				}
				if v > 0 {
					used[v] = true
				}
			}
		}
		e.free = 1
		for used[e.free] {
			e.free++
		}
		for v := range used {
			if v > e.free {
				e.vars = append(e.vars, v)
			}
		}
		slices.Sort(e.vars)
		return e, nil
	})
}

// LinePasses reduce any text by ddmin over its lines; tandem reduce uses
// them for inputs that do not parse as SMT-LIB.
func LinePasses() []Pass {
	o := TraceOptions{LiteralCalls: []string{}, KeepCalls: []string{}}
	return []Pass{NewPass("lines", o.lines)}
}
