package smtlib

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"tandem/smt"
)

// Pos is a position in an input: 1-based line and column (in bytes), and
// the 0-based byte offset.
type Pos struct {
	Line, Col int
	Offset    int64
}

// String prints line:col.
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

type tokKind uint8

const (
	tEOF tokKind = iota
	tLParen
	tRParen
	tSymbol
	tKeyword
	tNumeral
	tDecimal
	tHex
	tBinary
	tString
	tRational
	tBad
)

var tokNames = [...]string{"end of input", "'('", "')'", "symbol", "keyword", "numeral", "decimal", "hexadecimal", "binary", "string", "rational", "invalid token"}

func (k tokKind) String() string { return tokNames[k] }

// lexer turns a byte stream into SMT-LIB tokens. It reads through a
// bounded buffer, so memory does not grow with the input.
type lexer struct {
	// warn, when set (the z3 dialect), makes the lexer accept z3's
	// leniencies, reporting each at the token's position.
	warn func(pos Pos, msg string)

	r    io.Reader
	buf  []byte
	pos  int
	end  int
	eof  bool
	rerr error

	line, col int
	off       int64

	// the current token
	kind   tokKind
	text   []byte // token text (without bars or quotes for symbols/strings), valid until the next token
	tpos   Pos
	quoted bool // symbol written between bars
	badMsg string
	badErr error // the typed cause of badMsg, if any

	depth int // parentheses open

	// recording: bytes consumed while rec is on are appended to recBuf
	rec    bool
	recBuf []byte

	names map[string]string
}

const lexBufSize = 64 << 10

func newLexer(r io.Reader) *lexer {
	return &lexer{r: r, buf: make([]byte, lexBufSize), line: 1, col: 1, names: make(map[string]string)}
}

func newLexerBytes(src []byte) *lexer {
	return &lexer{buf: src, end: len(src), eof: true, line: 1, col: 1, names: make(map[string]string)}
}

// fill reads more input; it reports whether at least one byte is available.
func (l *lexer) fill() bool {
	if l.pos < l.end {
		return true
	}
	if l.eof {
		return false
	}
	l.pos, l.end = 0, 0
	for l.end == 0 {
		n, err := l.r.Read(l.buf)
		l.end = n
		if err != nil {
			l.eof = true
			if err != io.EOF {
				l.rerr = err
			}
			break
		}
	}
	return l.end > 0
}

// rest consumes and returns the unread input (within the reader's size
// limit).
func (l *lexer) rest() []byte {
	out := append([]byte(nil), l.buf[l.pos:l.end]...)
	l.pos = l.end
	if !l.eof && l.r != nil {
		more, err := io.ReadAll(l.r)
		out = append(out, more...)
		if err != nil {
			l.rerr = err
		}
	}
	l.eof = true
	return out
}

// peek returns the next byte without consuming it, or -1 at the end.
func (l *lexer) peek() int {
	if l.pos >= l.end && !l.fill() {
		return -1
	}
	return int(l.buf[l.pos])
}

// advance consumes one byte.
func (l *lexer) advance() byte {
	c := l.buf[l.pos]
	l.pos++
	l.off++
	if c == '\n' {
		l.line++
		l.col = 1
	} else {
		l.col++
	}
	if l.rec {
		l.recBuf = append(l.recBuf, c)
	}
	return c
}

func (l *lexer) here() Pos { return Pos{l.line, l.col, l.off} }

// next reads the next token.
func (l *lexer) next() {
	l.text = l.text[:0]
	l.quoted = false
	for {
		c := l.peek()
		switch {
		case c < 0:
			l.tpos = l.here()
			l.kind = tEOF
			return
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			l.advance()
			continue
		case c == ';':
			for c := l.peek(); c >= 0 && c != '\n'; c = l.peek() {
				l.advance()
			}
			continue
		}
		break
	}
	l.tpos = l.here()
	c := l.peek()
	switch {
	case c == '(':
		l.advance()
		l.depth++
		l.kind = tLParen
	case c == ')':
		l.advance()
		l.depth--
		l.kind = tRParen
	case c == '|':
		l.advance()
		l.kind = tSymbol
		l.quoted = true
		for {
			c := l.peek()
			if c < 0 {
				l.bad("unterminated |quoted symbol|")
				return
			}
			l.advance()
			if c == '|' {
				return
			}
			l.text = append(l.text, byte(c))
		}
	case c == '"':
		l.advance()
		l.kind = tString
		for {
			c := l.peek()
			if c < 0 {
				l.bad("unterminated string literal")
				return
			}
			l.advance()
			if c == '"' {
				if l.peek() == '"' {
					l.advance()
					l.text = append(l.text, '"')
					continue
				}
				return
			}
			l.text = append(l.text, byte(c))
		}
	case c == '#':
		l.advance()
		switch l.peek() {
		case 'x':
			l.advance()
			l.kind = tHex
			l.run(isHex)
		case 'b':
			l.advance()
			l.kind = tBinary
			l.run(func(c byte) bool { return c == '0' || c == '1' })
		case 'f':
			l.run(smt.IsSymbolChar)
			l.badCause(&UnsupportedTheoryError{Theory: "finite fields", Symbol: "the literal #" + string(l.text)})
			return
		default:
			l.bad("'#' must start #x or #b")
			return
		}
		if len(l.text) == 0 {
			l.bad("empty bit-vector literal")
			return
		}
		if c := l.peek(); c >= 0 && smt.IsSymbolChar(byte(c)) {
			l.bad(fmt.Sprintf("invalid digit %q in bit-vector literal", rune(c)))
		}
	case c >= '0' && c <= '9':
		l.kind = tNumeral
		l.run(isDigit)
		if l.peek() == '.' {
			l.advance()
			l.text = append(l.text, '.')
			l.kind = tDecimal
			n := len(l.text)
			l.run(isDigit)
			if len(l.text) == n && l.warn != nil {
				l.text = append(l.text, '0')
				l.warn(l.tpos, "z3 dialect: "+string(l.text[:n])+" read as the decimal "+string(l.text))
			}
			if len(l.text) == n {
				l.bad("a decimal needs digits after the point")
				return
			}
		}
		if l.kind == tNumeral && l.peek() == '/' {
			// cvc5 reads p/q as a rational constant.
			l.advance()
			l.text = append(l.text, '/')
			n := len(l.text)
			l.run(isDigit)
			if len(l.text) == n {
				l.bad("a rational p/q needs digits after '/'")
				return
			}
			l.kind = tRational
		}
		if c := l.peek(); c >= 0 && smt.IsSymbolChar(byte(c)) {
			// e.g. 12abc: not a numeral; read it as a symbol for a clear error
			l.run(smt.IsSymbolChar)
			l.bad(fmt.Sprintf("%q is neither a numeral nor a symbol (symbols cannot start with a digit)", l.text))
			return
		}
		if l.kind == tNumeral && len(l.text) > 1 && l.text[0] == '0' {
			l.bad("a numeral cannot have leading zeros")
		}
	case c == ':':
		l.advance()
		l.kind = tKeyword
		l.text = append(l.text, ':')
		l.run(smt.IsSymbolChar)
	case smt.IsSymbolChar(byte(c)):
		l.kind = tSymbol
		l.run(smt.IsSymbolChar)
	default:
		l.advance()
		if c >= 0x80 {
			l.bad("non-ASCII character outside a string or |quoted symbol|")
		} else {
			l.bad(fmt.Sprintf("unexpected character %q", rune(c)))
		}
	}
}

func (l *lexer) bad(msg string) {
	l.kind = tBad
	l.badMsg, l.badErr = msg, nil
}

// badCause is bad with a typed cause.
func (l *lexer) badCause(err error) {
	l.bad(err.Error())
	l.badErr = err
}

func (l *lexer) run(ok func(byte) bool) {
	for {
		if l.pos >= l.end && !l.fill() {
			return
		}
		start := l.pos
		for l.pos < l.end && ok(l.buf[l.pos]) {
			l.pos++
		}
		n := l.pos - start
		if n > 0 {
			l.text = append(l.text, l.buf[start:l.pos]...)
			if l.rec {
				l.recBuf = append(l.recBuf, l.buf[start:l.pos]...)
			}
			l.off += int64(n)
			l.col += n
		}
		if l.pos < l.end {
			return
		}
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// name returns the token text as an interned string.
func (l *lexer) name() string {
	if s, ok := l.names[string(l.text)]; ok {
		return s
	}
	s := string(l.text)
	if len(l.names) < 1<<20 {
		l.names[s] = s
	}
	return s
}

// is reports whether the current token is the unquoted symbol s.
func (l *lexer) is(s string) bool {
	return l.kind == tSymbol && !l.quoted && string(l.text) == s
}

// tokenText prints the current token as it appeared (for messages).
func (l *lexer) tokenText() string {
	switch l.kind {
	case tEOF:
		return "end of input"
	case tLParen:
		return "'('"
	case tRParen:
		return "')'"
	case tString:
		return fmt.Sprintf("string %q", l.text)
	case tHex:
		return "#x" + string(l.text)
	case tBinary:
		return "#b" + string(l.text)
	case tSymbol:
		if l.quoted {
			return "|" + string(l.text) + "|"
		}
	}
	return "'" + string(l.text) + "'"
}

// unescapeString turns the body of an SMT-LIB 2.6 string literal (with ""
// already reduced) into code points: \ud₃d₂d₁d₀ and \u{d…} (1 to 5 hex
// digits, at most 2FFFF) are escapes; any other backslash is literal.
// Non-ASCII bytes are decoded as UTF-8.
func unescapeString(b []byte) ([]rune, error) {
	out := make([]rune, 0, len(b))
	for i := 0; i < len(b); {
		c := b[i]
		if c == '\\' && i+1 < len(b) && b[i+1] == 'u' {
			if i+2 < len(b) && b[i+2] == '{' {
				j := bytes.IndexByte(b[i+3:], '}')
				// Only \u{…} of at most 2FFFF is an escape; anything else is
				// literal text (SMT-LIB 2.6 §3.1, and what cvc5 does).
				if j >= 1 && j <= 5 && allHex(b[i+3:i+3+j]) && hexVal(b[i+3:i+3+j]) <= smt.MaxCodePoint {
					out = append(out, rune(hexVal(b[i+3:i+3+j])))
					i += 3 + j + 1
					continue
				}
			} else if i+6 <= len(b) && allHex(b[i+2:i+6]) {
				out = append(out, rune(hexVal(b[i+2:i+6])))
				i += 6
				continue
			}
		}
		if c < 0x80 {
			out = append(out, rune(c))
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return nil, fmt.Errorf("invalid UTF-8 byte %#x in string literal", c)
		}
		if r > smt.MaxCodePoint {
			return nil, fmt.Errorf("character U+%X is above the largest SMT-LIB code point 2FFFF", r)
		}
		out = append(out, r)
		i += n
	}
	return out, nil
}

func allHex(b []byte) bool {
	for _, c := range b {
		if !isHex(c) {
			return false
		}
	}
	return true
}

func hexVal(b []byte) int {
	v := 0
	for _, c := range b {
		v <<= 4
		switch {
		case c >= '0' && c <= '9':
			v |= int(c - '0')
		case c >= 'a' && c <= 'f':
			v |= int(c-'a') + 10
		default:
			v |= int(c-'A') + 10
		}
	}
	return v
}
