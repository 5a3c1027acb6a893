package solver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
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
	// st is the state of a response that a read deadline cut short
	// (os.ErrDeadlineExceeded from the underlying reader, see
	// Session.readReply); resume says the next call goes on with it.
	st     frameState
	resume bool
}

// frameState is where frameReader.next is inside a response.
type frameState struct {
	depth                              int
	inStr, inQuote, inComment, started bool
	// peek is a look at the next byte that a deadline interrupted:
	// peekStr after a '"' inside a string literal ("" escapes it),
	// peekQuote after the '|' closing a top-level quoted symbol.
	peekStr, peekQuote bool
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

// isDeadline says err is a read deadline passing (not an end of input).
func isDeadline(err error) bool { return errors.Is(err, os.ErrDeadlineExceeded) }

// next returns the next top-level response. At a clean end of input it
// returns io.EOF; in the middle of a response it returns errUnterminated
// (with the partial text). When the underlying reader's deadline passes
// it returns os.ErrDeadlineExceeded and keeps what it has read, so the
// next call resumes the response.
func (f *frameReader) next() (string, error) {
	s := f.st
	if !f.resume {
		f.buf = f.buf[:0]
		s = frameState{}
	}
	f.resume = false
	suspend := func(err error) (string, error) {
		f.st, f.resume = s, true
		return "", err
	}
	for {
		if s.peekStr || s.peekQuote {
			b, err := f.r.Peek(1)
			if isDeadline(err) {
				return suspend(err)
			}
			if s.peekStr {
				// "" is an escaped quote
				s.peekStr = false
				if err == nil && b[0] == '"' {
					f.r.ReadByte()
					f.buf = append(f.buf, '"')
					continue
				}
				s.inStr = false
				if s.depth == 0 {
					return string(f.buf), nil
				}
				continue
			}
			s.peekQuote = false
			if err != nil || atomEnd(b[0]) {
				return string(f.buf), nil
			}
			continue
		}
		c, err := f.r.ReadByte()
		if c == '\n' && err == nil {
			f.line++
		}
		if err != nil {
			if isDeadline(err) {
				return suspend(err)
			}
			if err == io.EOF {
				if s.started {
					if s.depth == 0 && !s.inStr && !s.inQuote {
						return string(f.buf), nil // atom ended by EOF
					}
					return string(f.buf), errUnterminated
				}
				return "", io.EOF
			}
			return string(f.buf), err
		}
		switch {
		case s.inComment:
			if c == '\n' {
				s.inComment = false
			}
			if s.started {
				f.buf = append(f.buf, c)
			}
			continue
		case s.inStr:
			f.buf = append(f.buf, c)
			s.peekStr = c == '"'
		case s.inQuote:
			f.buf = append(f.buf, c)
			if c == '|' {
				s.inQuote = false
				s.peekQuote = s.depth == 0
			}
		default:
			switch c {
			case ';':
				s.inComment = true
				if s.started {
					f.buf = append(f.buf, c)
				}
				continue
			case '(':
				if s.started && s.depth == 0 {
					// An atom directly followed by '(' ends the atom.
					f.r.UnreadByte()
					return string(f.buf), nil
				}
				if !s.started {
					s.started, f.startLine = true, f.line
				}
				s.depth++
				f.buf = append(f.buf, c)
			case ')':
				if s.depth == 0 {
					if s.started {
						f.r.UnreadByte()
						return string(f.buf), nil
					}
					continue // a stray ')' at top level: skip it
				}
				s.depth--
				f.buf = append(f.buf, c)
				if s.depth == 0 {
					return string(f.buf), nil
				}
			case '"', '|':
				if s.started && s.depth == 0 {
					// A string or quoted symbol right after an atom ends it.
					f.r.UnreadByte()
					return string(f.buf), nil
				}
				if !s.started {
					s.started, f.startLine = true, f.line
				}
				s.inStr, s.inQuote = c == '"', c == '|'
				f.buf = append(f.buf, c)
			case ' ', '\t', '\n', '\r', '\f', '\v':
				if !s.started {
					continue
				}
				if s.depth == 0 {
					return string(f.buf), nil
				}
				f.buf = append(f.buf, c)
			default:
				if !s.started {
					s.started, f.startLine = true, f.line
				}
				f.buf = append(f.buf, c)
			}
		}
		if f.max > 0 && len(f.buf) > f.max {
			return "", fmt.Errorf("%w (%d bytes)", errFrameTooLarge, f.max)
		}
	}
}

// atomEnd reports whether byte b after a closing | ends a top-level atom.
func atomEnd(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', '(', ')', ';':
		return true
	}
	return false
}
