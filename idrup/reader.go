package idrup

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
)

// Format selects which line types a [Reader] accepts.
type Format int

const (
	// ICNF is the interaction format ("p icnf"): lines i, q (alias a), s, m,
	// v, u and f.
	ICNF Format = iota
	// IDRUP is the proof format ("p idrup"): the iCNF lines plus l, d, w, r.
	IDRUP
)

// String returns the format's name as in its header: "icnf" or "idrup".
func (f Format) String() string {
	if f == IDRUP {
		return "idrup"
	}
	return "icnf"
}

// Status strings of 's' lines.
const (
	Satisfiable   = "SATISFIABLE"
	Unsatisfiable = "UNSATISFIABLE"
	Unknown       = "UNKNOWN"
)

// MaxVar is the largest variable index the readers accept (INT_MAX, as in
// idrup-check, so files written by C tools read back).
const MaxVar = math.MaxInt32 - 1

// Line is one parsed line of an iCNF or IDRUP file.
type Line struct {
	// Type is the line letter: 'p', 'i', 'q', 's', 'm', 'v', 'u', 'f', 'l',
	// 'd', 'w' or 'r'. An 'a' line is reported as 'q'. Type is 0 at end of
	// file.
	Type byte
	// Lits are the literals of the line without the terminating 0. The slice
	// is reused by the next call of [Reader.Next]; copy it to keep it.
	Lits []int
	// Text is the status of an 's' line ("SATISFIABLE", "UNSATISFIABLE",
	// "UNKNOWN") or the format of a 'p' line ("icnf", "idrup").
	Text string
	// Num is the 1-based line number where the line starts.
	Num int
}

// Error is a parse or check error at a line of a named file. It prints as
// "file:line: message", like go/scanner errors; the message uses
// idrup-check's words where idrup-check has them.
type Error struct {
	File  string // name of the file, as given by the caller
	Line  int    // 1-based line number, 0 if unknown
	Parse bool   // a syntax error rather than a failed check
	Msg   string
}

// Error formats the error as "file:line: kind: message".
func (e *Error) Error() string {
	kind := "error"
	if e.Parse {
		kind = "parse error"
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, kind, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, kind, e.Msg)
}

// Reader reads iCNF or IDRUP lines from a stream, one at a time, through a
// bufio.Reader: it never holds more than one line in memory.
//
// In strict mode (the default, as idrup-check) tokens are separated by exactly
// one space, every literal line ends in " 0\n", a carriage return must be
// followed by a new-line and the last line must end with a new-line. Relaxed
// mode accepts any run of spaces and tabs between tokens, leading and
// trailing blanks, CR LF line ends, a missing final new-line and lowercase
// status words. Both modes skip 'c' comment lines and empty lines.
type Reader struct {
	br      *bufio.Reader
	name    string
	format  Format
	relaxed bool
	lineno  int // number of the line being read (1-based)
	start   int // line number of the line being parsed
	peeked  int // -2 none
	lits    []int
	last    int
	err     error
	count   int   // lines parsed, comments and empty lines excluded
	peekErr error // a read error met by fastLine's fill, reported once the buffer is drained
}

// slowOnly turns fastLine off (tests compare the two paths).
var slowOnly = false

// NewReader returns a reader of format f over r. The name appears in errors.
func NewReader(r io.Reader, name string, f Format, relaxed bool) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 1<<16), name: name, format: f, relaxed: relaxed, lineno: 1, peeked: -2}
}

// Name is the file name given to [NewReader].
func (r *Reader) Name() string { return r.name }

func (r *Reader) errorf(format string, args ...any) error {
	line := r.start
	if line == 0 {
		line = r.lineno
	}
	return &Error{File: r.name, Line: line, Parse: true, Msg: fmt.Sprintf(format, args...)}
}

const eof = -1

// readByte returns the next byte or eof; it counts lines.
func (r *Reader) readByte() (int, error) {
	if r.peeked != -2 {
		c := r.peeked
		r.peeked = -2
		return c, nil
	}
	if r.peekErr != nil && r.br.Buffered() == 0 {
		err := r.peekErr
		r.peekErr = nil
		if errors.Is(err, io.EOF) {
			return eof, nil
		}
		return eof, fmt.Errorf("reading %s: %w", r.name, err)
	}
	b, err := r.br.ReadByte()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return eof, nil
		}
		return eof, fmt.Errorf("reading %s: %w", r.name, err)
	}
	if r.last == '\n' {
		r.lineno++
	}
	r.last = int(b)
	return int(b), nil
}

// next returns the next character, folding "\r\n" into '\n'.
func (r *Reader) next() (int, error) {
	c, err := r.readByte()
	if err != nil || c != '\r' {
		return c, err
	}
	c, err = r.readByte()
	if err != nil {
		return c, err
	}
	if c != '\n' {
		return c, &Error{File: r.name, Line: r.lineno, Parse: true, Msg: "expected new-line after carriage return"}
	}
	return c, nil
}

func isBlank(c int) bool { return c == ' ' || c == '\t' }

func (r *Reader) allowed(t int) bool {
	switch t {
	case 'i', 'q', 'a', 's', 'm', 'v', 'u', 'f':
		return true
	case 'l', 'd', 'w', 'r':
		return r.format == IDRUP
	}
	return false
}

// Next reads the next line. At end of input it returns a Line with Type 0
// and a nil error. After an error every further call returns the same error.
func (r *Reader) Next() (Line, error) {
	if r.err != nil {
		return Line{}, r.err
	}
	l, err := r.parseLine()
	if err != nil {
		r.err = err
		return Line{}, err
	}
	return l, nil
}

func (r *Reader) parseLine() (Line, error) {
	if l, ok := r.fastLine(); ok {
		return l, nil
	}
	var c int
	var err error
	for {
		c, err = r.next()
		if err != nil {
			return Line{}, err
		}
		r.start = r.lineno
		if r.relaxed {
			for isBlank(c) {
				if c, err = r.next(); err != nil {
					return Line{}, err
				}
			}
		}
		if c == 'c' {
			for c != '\n' {
				if c, err = r.next(); err != nil {
					return Line{}, err
				}
				if c == eof {
					if r.relaxed {
						return Line{Num: r.start}, nil
					}
					return Line{}, r.errorf("end-of-file in comment")
				}
			}
			continue
		}
		if c == eof {
			return Line{Num: r.start}, nil
		}
		if c == '\n' {
			continue
		}
		break
	}
	r.lits = r.lits[:0]
	r.count++
	line := Line{Num: r.start}
	if c == 'p' {
		return r.parseHeader(line)
	}
	if c < 'a' || c > 'z' {
		if c >= 0x20 && c < 0x7f {
			return line, r.errorf("unexpected character '%c'", c)
		}
		return line, r.errorf("unexpected character code %02x", c)
	}
	if !r.allowed(c) {
		return line, r.errorf("unexpected '%c' line in %s file", c, r.format)
	}
	line.Type = byte(c)
	if c == 'a' {
		line.Type = 'q'
	}
	if c, err = r.next(); err != nil {
		return line, err
	}
	if !isBlank(c) || (!r.relaxed && c != ' ') {
		return line, r.errorf("expected space after '%c'", line.Type)
	}
	if c, err = r.skipBlanks(); err != nil {
		return line, err
	}
	if line.Type == 's' {
		return r.parseStatus(line, c)
	}
	return r.parseLits(line, c)
}

// skipBlanks reads the character after a separator: in relaxed mode it
// skips further blanks.
func (r *Reader) skipBlanks() (int, error) {
	c, err := r.next()
	for err == nil && r.relaxed && isBlank(c) {
		c, err = r.next()
	}
	return c, err
}

// word reads letters starting with c, up to a blank, new-line or eof.
func (r *Reader) word(c int) (string, int, error) {
	var buf []byte
	var err error
	for c != eof && c != '\n' && !isBlank(c) {
		if len(buf) > 64 {
			return "", c, r.errorf("line too long")
		}
		buf = append(buf, byte(c))
		if c, err = r.next(); err != nil {
			return "", c, err
		}
	}
	return string(buf), c, nil
}

// endOfLine checks the rest of a line after its last token: c is the
// character after that token.
func (r *Reader) endOfLine(c int, what string) error {
	var err error
	if r.relaxed {
		for isBlank(c) {
			if c, err = r.next(); err != nil {
				return err
			}
		}
		if c == eof || c == '\n' {
			return nil
		}
	} else if c == '\n' {
		return nil
	}
	if c == eof {
		return r.errorf("unexpected end-of-file (expected new-line after %s)", what)
	}
	return r.errorf("expected new-line after %s", what)
}

func (r *Reader) parseHeader(line Line) (Line, error) {
	line.Type = 'p'
	c, err := r.next()
	if err != nil {
		return line, err
	}
	if !isBlank(c) || (!r.relaxed && c != ' ') {
		return line, r.errorf("invalid 'p' header line")
	}
	if c, err = r.skipBlanks(); err != nil {
		return line, err
	}
	w, c, err := r.word(c)
	if err != nil {
		return line, err
	}
	if w != "icnf" && w != "idrup" {
		return line, r.errorf("invalid 'p' header line")
	}
	line.Text = w
	if err := r.endOfLine(c, "'p "+w+"' header"); err != nil {
		return line, err
	}
	return line, nil
}

func (r *Reader) parseStatus(line Line, c int) (Line, error) {
	w, c, err := r.word(c)
	if err != nil {
		return line, err
	}
	if r.relaxed {
		w = upper(w)
	}
	switch w {
	case Satisfiable, Unsatisfiable, Unknown:
	default:
		return line, r.errorf("invalid status line")
	}
	line.Text = w
	if err := r.endOfLine(c, "status"); err != nil {
		return line, err
	}
	return line, nil
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func (r *Reader) parseLits(line Line, c int) (Line, error) {
	var err error
	for {
		sign := 1
		if c == '-' {
			if c, err = r.next(); err != nil {
				return line, err
			}
			if c == '0' {
				return line, r.errorf("expected non-zero digit after '-'")
			}
			if c < '0' || c > '9' {
				return line, r.errorf("expected digit after '-'")
			}
			sign = -1
		} else if c < '0' || c > '9' {
			if c == '\n' || c == eof {
				return line, r.errorf("expected zero literal '0' before new-line")
			}
			return line, r.errorf("expected digit or '-'")
		}
		idx := c - '0'
		for {
			if c, err = r.next(); err != nil {
				return line, err
			}
			if c < '0' || c > '9' {
				break
			}
			if idx == 0 {
				return line, r.errorf("invalid leading '0' digit")
			}
			idx = idx*10 + (c - '0')
			if idx > MaxVar {
				return line, r.errorf("index too large")
			}
		}
		lit := sign * idx
		if lit == 0 {
			// The terminating zero: the line must end here.
			if err := r.endOfLine(c, "zero literal '0'"); err != nil {
				if c == ' ' || c == '\t' {
					return line, r.errorf("zero literal '0' without new-line")
				}
				return line, err
			}
			line.Lits = r.lits
			return line, nil
		}
		if c == '\n' || c == eof {
			return line, r.errorf("expected zero literal '0' before new-line")
		}
		if !isBlank(c) || (!r.relaxed && c != ' ') {
			return line, r.errorf("expected space or new-line after '%d'", lit)
		}
		r.lits = append(r.lits, lit)
		if c, err = r.skipBlanks(); err != nil {
			return line, err
		}
		if r.relaxed && (c == '\n' || c == eof) {
			return line, r.errorf("expected zero literal '0' before new-line")
		}
	}
}

// fastMin is how many buffered bytes fastLine wants to see before it looks
// for a whole line; a longer line takes the byte-wise path.
const fastMin = 4096

// fastLine parses a well-formed strict literal line ("l 1 -2 0\n") straight
// from the bufio buffer, without reading byte by byte. Anything else (a
// header, status, comment or empty line, relaxed mode, a line not wholly
// buffered, any syntax error) returns false with nothing consumed, and the
// byte-wise parser reads it and reports the error as before.
func (r *Reader) fastLine() (Line, bool) {
	if r.relaxed || r.peeked != -2 || slowOnly {
		return Line{}, false
	}
	if r.br.Buffered() < fastMin && r.peekErr == nil {
		// Fill the buffer. Peek hands over (and forgets) a read error:
		// keep it for readByte.
		if _, err := r.br.Peek(fastMin); err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			r.peekErr = err
		}
	}
	buf, _ := r.br.Peek(r.br.Buffered())
	if len(buf) < 4 || buf[1] != ' ' {
		return Line{}, false
	}
	t := buf[0]
	switch t {
	case 'i', 'q', 'a', 'm', 'v', 'u', 'f':
	case 'l', 'd', 'w', 'r':
		if r.format != IDRUP {
			return Line{}, false
		}
	default:
		return Line{}, false
	}
	lits := r.lits[:0]
	i := 2
	for {
		if i >= len(buf) {
			return Line{}, false
		}
		neg := false
		if buf[i] == '-' {
			neg = true
			i++
			if i >= len(buf) {
				return Line{}, false
			}
		}
		c := buf[i]
		if c < '1' || c > '9' {
			if c == '0' && !neg && i+1 < len(buf) && buf[i+1] == '\n' {
				i += 2
				break
			}
			return Line{}, false
		}
		idx := int(c - '0')
		i++
		for i < len(buf) && '0' <= buf[i] && buf[i] <= '9' {
			idx = idx*10 + int(buf[i]-'0')
			if idx > MaxVar {
				return Line{}, false
			}
			i++
		}
		if i >= len(buf) || buf[i] != ' ' {
			return Line{}, false
		}
		i++
		if neg {
			idx = -idx
		}
		lits = append(lits, idx)
	}
	r.lits = lits
	r.br.Discard(i)
	if r.last == '\n' {
		r.lineno++
	}
	r.last = '\n'
	r.start = r.lineno
	r.count++
	if t == 'a' {
		t = 'q'
	}
	return Line{Type: t, Lits: lits, Num: r.start}, true
}
