package satfuzz

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tandem/satfuzz/trace"
)

// docTrace is one ```trace block of docs/findings.md.
type docTrace struct {
	line         int
	target, want string
	trace        string
}

var docTraceAttr = regexp.MustCompile(`(\w+)=(?:"([^"]*)"|(\S+))`)

// findingsTraces reads the ```trace blocks of docs/findings.md: the info
// string names the target, the problem the trace must show first (want,
// "CLASS: MESSAGE-PREFIX", or "timeout" for a hang) and, for a long trace, the file that holds it
// (file=, relative to the repository's root) instead of the block's body.
func findingsTraces(t *testing.T) []docTrace {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "docs", "findings.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []docTrace
	var cur *docTrace
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case cur == nil && strings.HasPrefix(line, "```trace "):
			d := docTrace{line: n}
			for _, m := range docTraceAttr.FindAllStringSubmatch(line, -1) {
				v := m[2] + m[3]
				switch m[1] {
				case "target":
					d.target = v
				case "want":
					d.want = v
				case "file":
					body, err := os.ReadFile(filepath.Join("..", v))
					if err != nil {
						t.Fatalf("docs/findings.md:%d: %v", n, err)
					}
					d.trace = string(body)
				}
			}
			if d.target == "" || d.want == "" {
				t.Fatalf("docs/findings.md:%d: a trace block needs target= and want=", n)
			}
			cur = &d
		case cur != nil && line == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil && line != "":
			cur.trace += line + "\n"
		}
	}
	if cur != nil {
		t.Fatalf("docs/findings.md:%d: unclosed trace block", cur.line)
	}
	return out
}

// TestFindingsDoc replays every trace of docs/findings.md on its target:
// each must show the problem the file says, first, with the solver versions
// tandem pins (gophersat in go.mod, Debian's Sat4j and CaDiCaL). A fixed
// solver or a changed check makes the file wrong, and this test says where.
func TestFindingsDoc(t *testing.T) {
	traces := findingsTraces(t)
	if len(traces) < 10 {
		t.Fatalf("only %d trace blocks in docs/findings.md", len(traces))
	}
	for _, d := range traces {
		if d.target == "sat4j" {
			requireJava(t)
		}
		if d.want == "timeout" { // a hang: it must use up a short CPU limit
			if res := runLimited(t, d.target, d.trace, Limits{Time: time.Second}); !res.Timeout {
				t.Errorf("docs/findings.md:%d: %s ends within 1 s of CPU: %+v", d.line, d.target, res.Answers)
			}
			continue
		}
		ps := run(t, d.target, d.trace)
		if len(ps) == 0 {
			t.Errorf("docs/findings.md:%d: %s shows no problem, want %q", d.line, d.target, d.want)
			continue
		}
		if got := string(ps[0].Class) + ": " + ps[0].Message; !strings.HasPrefix(got, d.want) {
			t.Errorf("docs/findings.md:%d: %s shows %q, want %q", d.line, d.target, got, d.want)
		}
	}
}

// runLimited runs a trace on a target under lim.
func runLimited(t *testing.T, target, tr string, lim Limits) *Result {
	t.Helper()
	tg, err := NewTarget(target)
	if err != nil {
		t.Fatal(err)
	}
	p, err := trace.Parse([]byte(tr))
	if err != nil {
		t.Fatal(err)
	}
	res, err := tg.Run(context.Background(), p, lim)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
