package idrup

import (
	"bufio"
	"fmt"
	"io"
)

// DIMACSReader reads a DIMACS CNF file ("p cnf V C", then clauses of
// non-zero literals each ended by 0) one clause at a time.
//
// Clauses may span lines and share lines, as DIMACS allows. In strict mode
// the header is required, comes before the first clause, every literal's
// variable is at most V, the file holds exactly C clauses and the last
// clause is ended by 0. Relaxed mode drops those four requirements and also
// stops at a '%' line (the SATLIB end marker).
type DIMACSReader struct {
	br       *bufio.Reader
	name     string
	relaxed  bool
	line     int
	last     byte
	header   bool
	vars     int
	clauses  int
	read     int
	maxVar   int
	lits     []int
	done     bool
	err      error
	clauseAt int
}

// NewDIMACSReader returns a DIMACS reader over r; name appears in errors.
func NewDIMACSReader(r io.Reader, name string, relaxed bool) *DIMACSReader {
	return &DIMACSReader{br: bufio.NewReaderSize(r, 1<<16), name: name, relaxed: relaxed, line: 1}
}

// Header returns the variable and clause counts of the "p cnf" line, and
// whether one has been read.
func (d *DIMACSReader) Header() (vars, clauses int, ok bool) {
	return d.vars, d.clauses, d.header
}

// MaxVar is the largest variable seen so far in a clause.
func (d *DIMACSReader) MaxVar() int { return d.maxVar }

func (d *DIMACSReader) errorf(line int, format string, args ...any) error {
	return &Error{File: d.name, Line: line, Parse: true, Msg: fmt.Sprintf(format, args...)}
}

func (d *DIMACSReader) getc() (int, error) {
	b, err := d.br.ReadByte()
	if err != nil {
		if err == io.EOF {
			return eof, nil
		}
		return eof, fmt.Errorf("reading %s: %w", d.name, err)
	}
	if d.last == '\n' {
		d.line++
	}
	d.last = b
	return int(b), nil
}

func (d *DIMACSReader) ungetc() {
	_ = d.br.UnreadByte()
	if d.last == '\n' {
		// the byte will be read again; do not count the line twice
		d.last = 0
	}
}

func isSpace(c int) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}

// skipLine consumes up to and including the next new-line.
func (d *DIMACSReader) skipLine() error {
	for {
		c, err := d.getc()
		if err != nil {
			return err
		}
		if c == '\n' || c == eof {
			return nil
		}
	}
}

// Next returns the next clause (reused by the following call) or nil at the
// end of the file. After an error every call returns the same error.
func (d *DIMACSReader) Next() ([]int, error) {
	if d.err != nil {
		return nil, d.err
	}
	if d.done {
		return nil, nil
	}
	c, err := d.next()
	if err != nil {
		d.err = err
	}
	return c, err
}

func (d *DIMACSReader) next() ([]int, error) {
	d.lits = d.lits[:0]
	atLineStart := d.last == 0 || d.last == '\n'
	for {
		c, err := d.getc()
		if err != nil {
			return nil, err
		}
		switch {
		case c == eof:
			d.done = true
			if len(d.lits) > 0 {
				if !d.relaxed {
					return nil, d.errorf(d.line, "last clause not terminated by '0'")
				}
				return d.finish()
			}
			if !d.relaxed {
				if !d.header {
					return nil, d.errorf(d.line, "missing 'p cnf' header")
				}
				if d.read != d.clauses {
					return nil, d.errorf(d.line, "found %d clauses but the header says %d (use relaxed mode to accept)", d.read, d.clauses)
				}
			}
			return nil, nil
		case c == '\n':
			atLineStart = true
			continue
		case isSpace(c):
			continue
		case c == 'c' && atLineStart:
			if err := d.skipLine(); err != nil {
				return nil, err
			}
			continue
		case c == '%' && atLineStart && d.relaxed:
			d.done = true
			if len(d.lits) > 0 {
				return d.finish()
			}
			return nil, nil
		case c == 'p' && atLineStart:
			if err := d.parseHeader(); err != nil {
				return nil, err
			}
			atLineStart = true
			continue
		case c == '-' || (c >= '0' && c <= '9'):
			atLineStart = false
			if len(d.lits) == 0 {
				d.clauseAt = d.line
			}
			lit, err := d.number(c)
			if err != nil {
				return nil, err
			}
			if lit == 0 {
				return d.finish()
			}
			v := lit
			if v < 0 {
				v = -v
			}
			if !d.relaxed {
				if !d.header {
					return nil, d.errorf(d.line, "clause before 'p cnf' header")
				}
				if v > d.vars {
					return nil, d.errorf(d.line, "literal %d exceeds the maximum variable %d of the header", lit, d.vars)
				}
			}
			if v > d.maxVar {
				d.maxVar = v
			}
			d.lits = append(d.lits, lit)
		default:
			if c >= 0x20 && c < 0x7f {
				return nil, d.errorf(d.line, "unexpected character '%c'", c)
			}
			return nil, d.errorf(d.line, "unexpected character code %02x", c)
		}
	}
}

func (d *DIMACSReader) finish() ([]int, error) {
	d.read++
	if !d.relaxed && d.read > d.clauses {
		return nil, d.errorf(d.clauseAt, "more clauses than the %d of the header (use relaxed mode to accept)", d.clauses)
	}
	return d.lits, nil
}

// number reads an integer whose first character is c, and the character
// after it, which must be white space or the end of the file.
func (d *DIMACSReader) number(c int) (int, error) {
	line := d.line
	sign := 1
	var err error
	if c == '-' {
		sign = -1
		if c, err = d.getc(); err != nil {
			return 0, err
		}
		if c < '0' || c > '9' {
			return 0, d.errorf(line, "expected digit after '-'")
		}
	}
	n := 0
	for c >= '0' && c <= '9' {
		n = n*10 + (c - '0')
		if n > MaxVar {
			return 0, d.errorf(line, "index too large")
		}
		if c, err = d.getc(); err != nil {
			return 0, err
		}
	}
	if c != eof && !isSpace(c) {
		return 0, d.errorf(line, "expected white space after number")
	}
	if c == '\n' {
		d.ungetc()
	}
	return sign * n, nil
}

func (d *DIMACSReader) parseHeader() error {
	line := d.line
	if d.header {
		return d.errorf(line, "second 'p cnf' header")
	}
	if !d.relaxed && (d.read > 0 || len(d.lits) > 0) {
		return d.errorf(line, "'p cnf' header after clauses")
	}
	var buf []byte
	for {
		c, err := d.getc()
		if err != nil {
			return err
		}
		if c == '\n' || c == eof {
			break
		}
		if len(buf) > 200 {
			return d.errorf(line, "invalid 'p cnf' header line")
		}
		buf = append(buf, byte(c))
	}
	var v, n int
	var extra string
	k, _ := fmt.Sscanf(string(buf), " cnf %d %d %s", &v, &n, &extra)
	if k != 2 || v < 0 || n < 0 || v > MaxVar {
		return d.errorf(line, "invalid 'p cnf' header line (expected 'p cnf <variables> <clauses>')")
	}
	d.header, d.vars, d.clauses = true, v, n
	return nil
}

// ReadDIMACS reads a whole DIMACS file into a slice of clauses; use
// [DIMACSReader] to stream large files instead.
func ReadDIMACS(r io.Reader, name string, relaxed bool) (clauses [][]int, vars int, err error) {
	d := NewDIMACSReader(r, name, relaxed)
	for {
		c, err := d.Next()
		if err != nil {
			return nil, 0, err
		}
		if c == nil {
			break
		}
		clauses = append(clauses, append([]int(nil), c...))
	}
	vars = d.MaxVar()
	if hv, _, ok := d.Header(); ok && hv > vars {
		vars = hv
	}
	return clauses, vars, nil
}
