package solver

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// checkCommandFrames is the reference checkCommand: text read with a
// frameReader must give one frame, starting with '(', then the end.
func checkCommandFrames(text string) bool {
	fr := &frameReader{r: bufio.NewReaderSize(strings.NewReader(text), 16)}
	first, err := fr.next()
	if err != nil || !strings.HasPrefix(first, "(") {
		return false
	}
	_, err = fr.next()
	return err == io.EOF
}

var checkCommandCases = []string{
	"(assert x)", " (assert x) ", "(assert x))", ")(assert x)", "; c\n(assert x) ; d", "(assert x) ; d\n",
	"(assert x)(assert y)", "(assert x) y", "x", "", " ", "(", ")", "(assert (> x 1)", `(echo "a""b")`,
	`(echo "a)")`, `(echo "a"`, `(echo "a""`, "(assert |a)b|)", "(assert |a", "(assert x ; )\n)", "(assert x ; )",
	`"s"`, "|q|", "(a) \"s\"", "(a) |q|", "(a) ;", "(a)\n;x\n)", "((a)(b))", "(a))(b)", "(a |x\"y| \"|\")",
}

// TestCheckCommandMatchesFrames: the one-pass checkCommand accepts
// exactly what reading the text with a frameReader accepts, on edge
// cases and on random texts over the characters that matter.
func TestCheckCommandMatchesFrames(t *testing.T) {
	for _, c := range checkCommandCases {
		if got, want := checkCommand(c) == nil, checkCommandFrames(c); got != want {
			t.Errorf("%q: checkCommand accepts %v, frames %v", c, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "()\"|; \n\tax"
	accepted := 0
	for range 200000 {
		b := make([]byte, r.IntN(14))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if r.IntN(2) == 0 && len(b) > 0 {
			b[0] = '('
		}
		c := string(b)
		got, want := checkCommand(c) == nil, checkCommandFrames(c)
		if got != want {
			t.Fatalf("%q: checkCommand accepts %v, frames %v", c, got, want)
		}
		if got {
			accepted++
		}
	}
	if accepted < 1000 {
		t.Errorf("only %d random texts accepted: the test does not reach the accepting paths", accepted)
	}
}

func FuzzCheckCommand(f *testing.F) {
	for _, c := range checkCommandCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, c string) {
		if got, want := checkCommand(c) == nil, checkCommandFrames(c); got != want {
			t.Fatalf("%q: checkCommand accepts %v, frames %v", c, got, want)
		}
	})
}

// stutterReader returns its text in chunks of random sizes, each after a
// read that fails with os.ErrDeadlineExceeded, as a session's stdout does
// when a read deadline passes in the middle of a response.
type stutterReader struct {
	text []byte
	r    *rand.Rand
	fail bool
}

func (s *stutterReader) Read(p []byte) (int, error) {
	if len(s.text) == 0 {
		return 0, io.EOF
	}
	if s.fail = !s.fail; s.fail {
		return 0, os.ErrDeadlineExceeded
	}
	n := min(1+s.r.IntN(3), len(p), len(s.text))
	copy(p, s.text[:n])
	s.text = s.text[n:]
	return n, nil
}

// TestFrameReaderResumesAfterDeadline: responses read through deadlines
// that pass anywhere (inside atoms, strings and their "" escapes, quoted
// symbols, comments, lists) are the responses read in one go.
func TestFrameReaderResumesAfterDeadline(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "()\"|; \n\tax"
	texts := append([]string{"success\nsat\n(model (define-fun x () Int 1))\n(:name \"z3\")\n", `"a""b" |q|x (a "x""" |)|) ; c` + "\n" + `"s"`}, checkCommandCases...)
	for range 20000 {
		b := make([]byte, r.IntN(30))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, text := range texts {
		want := readFrames(newFrameReader(strings.NewReader(text), 0))
		fr := &frameReader{r: bufio.NewReaderSize(&stutterReader{text: []byte(text), r: r}, 16)}
		var got []string
		for deadlines := 0; ; {
			f, err := fr.next()
			if isDeadline(err) {
				if deadlines++; deadlines > 4*len(text)+8 {
					t.Fatalf("%q: no progress", text)
				}
				continue
			}
			got = append(got, fmt.Sprintf("%q %v", f, err))
			if err != nil {
				break
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%q: with deadlines %v, in one go %v", text, got, want)
		}
	}
}

func readFrames(fr *frameReader) []string {
	var out []string
	for {
		f, err := fr.next()
		out = append(out, fmt.Sprintf("%q %v", f, err))
		if err != nil {
			return out
		}
	}
}
