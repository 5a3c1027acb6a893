package strs

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Quote prints s as an SMT-LIB 2.6 string literal that every reader
// decodes the same way: printable ASCII stands for itself, a double quote
// is doubled, and everything else — the backslash included, so that no
// \u in the output can be misread — is a \u{…} escape.
func Quote(s []rune) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"':
			b.WriteString(`""`)
		case c >= 0x20 && c <= 0x7e && c != '\\':
			b.WriteRune(c)
		default:
			fmt.Fprintf(&b, `\u{%x}`, c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Unquote reads an SMT-LIB 2.6 string literal, quotes included: "" inside
// stands for one double quote; \ud₃d₂d₁d₀ (four hex digits) and \u{d…}
// (one to five hex digits, at most 2FFFF) are escapes; every other
// backslash is an ordinary character. Bytes outside ASCII are read as
// UTF-8, as the tandem/smtlib reader does.
func Unquote(lit string) ([]rune, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, fmt.Errorf("string literal %q is not in double quotes", lit)
	}
	body := lit[1 : len(lit)-1]
	// The SMT-LIB front end's own escape comes first: "" is one quote, and
	// a lone quote cannot occur inside.
	var raw strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '"' {
			if i+1 >= len(body) || body[i+1] != '"' {
				return nil, fmt.Errorf("string literal %q has a lone double quote", lit)
			}
			i++
		}
		raw.WriteByte(body[i])
	}
	return unescape(raw.String())
}

// unescape applies the Strings theory's escapes to a literal's text.
func unescape(s string) ([]rune, error) {
	out := make([]rune, 0, len(s))
	for i := 0; i < len(s); {
		if s[i] == '\\' && strings.HasPrefix(s[i+1:], "u") {
			if c, n, ok := escape(s[i+2:]); ok {
				out = append(out, c)
				i += 2 + n
				continue
			}
		}
		c, n := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && n <= 1 {
			return nil, fmt.Errorf("invalid UTF-8 byte %#x in string literal", s[i])
		}
		if c > MaxChar {
			return nil, fmt.Errorf("character U+%X is above the largest SMT-LIB character 2FFFF", c)
		}
		out = append(out, c)
		i += n
	}
	return out, nil
}

// escape reads the part of an escape after \u: it returns the character
// and how many bytes it took.
func escape(s string) (rune, int, bool) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 2 || end > 6 || !isHex(s[1:end]) {
			return 0, 0, false
		}
		v, _ := strconv.ParseUint(s[1:end], 16, 32)
		if v > uint64(MaxChar) {
			return 0, 0, false
		}
		return rune(v), end + 1, true
	}
	if len(s) < 4 || !isHex(s[:4]) {
		return 0, 0, false
	}
	v, _ := strconv.ParseUint(s[:4], 16, 32)
	return rune(v), 4, true
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
