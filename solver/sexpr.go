package solver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// errFrameTooLarge is returned by [frameReader.next] when one response is
// larger than the reader's limit.
var errFrameTooLarge = errors.New("solver response exceeds the size limit")

// errUnterminated is returned when the input ends inside an s-expression,
// string literal or quoted symbol.
var errUnterminated = errors.New("solver output ends inside an s-expression (truncated response)")

// frameReader splits a solver's output into top-level responses: either an
// atom (sat, unsat, success, a stray word) or one balanced s-expression. It
// tracks parentheses, string literals "..." with "" escapes, |quoted|
// symbols and ; line comments, so a response is complete exactly when its
// closing parenthesis arrives: no timing guesses.
//
// Comments outside any s-expression are skipped; inside a list they are kept
// verbatim in the response text.
type frameReader struct {
	r   *bufio.Reader
	max int // largest response kept, in bytes; 0 means no limit
	buf []byte
	// line counts the newlines read; startLine is its value where the
	// last response returned began (the 0-based line of its first byte).
	line, startLine int
}

func newFrameReader(r io.Reader, max int) *frameReader {
	return &frameReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// newBytesFrameReader reads the responses in out, with a buffer no larger
// than out: a one-shot run's output is often a few bytes, and a 64 KiB
// buffer per run was most of what a campaign allocated.
func newBytesFrameReader(out []byte) *frameReader {
	return &frameReader{r: bufio.NewReaderSize(bytes.NewReader(out), min(len(out), 64<<10))}
}

// next returns the next top-level response. At a clean end of input it
// returns io.EOF; in the middle of a response it returns errUnterminated
// (with the partial text).
func (f *frameReader) next() (string, error) {
	f.buf = f.buf[:0]
	depth := 0
	inStr, inQuote, inComment := false, false, false
	started := false
	for {
		c, err := f.r.ReadByte()
		if c == '\n' && err == nil {
			f.line++
		}
		if err != nil {
			if err == io.EOF {
				if started {
					if depth == 0 && !inStr && !inQuote {
						return string(f.buf), nil // atom ended by EOF
					}
					return string(f.buf), errUnterminated
				}
				return "", io.EOF
			}
			return string(f.buf), err
		}
		switch {
		case inComment:
			if c == '\n' {
				inComment = false
			}
			if started {
				f.buf = append(f.buf, c)
			}
			continue
		case inStr:
			f.buf = append(f.buf, c)
			if c == '"' {
				// "" is an escaped quote: peek at the next byte.
				if b, err := f.r.Peek(1); err == nil && b[0] == '"' {
					f.r.ReadByte()
					f.buf = append(f.buf, '"')
				} else {
					inStr = false
					if depth == 0 {
						return string(f.buf), nil
					}
				}
			}
		case inQuote:
			f.buf = append(f.buf, c)
			if c == '|' {
				inQuote = false
				if depth == 0 && atomEnds(f.r) {
					return string(f.buf), nil
				}
			}
		default:
			switch c {
			case ';':
				inComment = true
				if started {
					f.buf = append(f.buf, c)
				}
				continue
			case '(':
				if started && depth == 0 {
					// An atom directly followed by '(' ends the atom.
					f.r.UnreadByte()
					return string(f.buf), nil
				}
				if !started {
					started, f.startLine = true, f.line
				}
				depth++
				f.buf = append(f.buf, c)
			case ')':
				if depth == 0 {
					if started {
						f.r.UnreadByte()
						return string(f.buf), nil
					}
					continue // a stray ')' at top level: skip it
				}
				depth--
				f.buf = append(f.buf, c)
				if depth == 0 {
					return string(f.buf), nil
				}
			case '"', '|':
				if started && depth == 0 {
					// A string or quoted symbol right after an atom ends it.
					f.r.UnreadByte()
					return string(f.buf), nil
				}
				if !started {
					started, f.startLine = true, f.line
				}
				inStr, inQuote = c == '"', c == '|'
				f.buf = append(f.buf, c)
			case ' ', '\t', '\n', '\r', '\f', '\v':
				if !started {
					continue
				}
				if depth == 0 {
					return string(f.buf), nil
				}
				f.buf = append(f.buf, c)
			default:
				if !started {
					started, f.startLine = true, f.line
				}
				f.buf = append(f.buf, c)
			}
		}
		if f.max > 0 && len(f.buf) > f.max {
			return "", fmt.Errorf("%w (%d bytes)", errFrameTooLarge, f.max)
		}
	}
}

// atomEnds reports whether the byte after a closing | ends a top-level atom.
func atomEnds(r *bufio.Reader) bool {
	b, err := r.Peek(1)
	if err != nil {
		return true
	}
	switch b[0] {
	case ' ', '\t', '\n', '\r', '(', ')', ';':
		return true
	}
	return false
}
