package smtlib

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tandem/internal/testutil"
	"tandem/smt"
)

func corpusFiles(t *testing.T) []string {
	root := testutil.Corpus(t, "")
	var files []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".smt2") {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) < 10000 {
		t.Fatalf("found only %d .smt2 files under %s", len(files), root)
	}
	return files
}

// TestCorpusParsesAndRoundTrips parses every .smt2 file of the shared
// corpus. Only regress/ files that use a cvc5-only theory may fail, with an
// error naming the theory. Every parsed file is printed, re-parsed and
// printed again: the two prints must be identical (same term structure).
func TestCorpusParsesAndRoundTrips(t *testing.T) {
	files := corpusFiles(t)
	ok, rejected := 0, map[string]int{}
	for _, path := range files {
		sc, err := ParseFile(path)
		if err != nil {
			th := UnsupportedTheory(err)
			if th == "" || !strings.Contains(path, "/regress/") {
				t.Errorf("%v", err)
				continue
			}
			rejected[th]++
			continue
		}
		ok++
		first := Print(sc)
		again, err := Parse(path+" (printed)", []byte(first))
		if err != nil {
			t.Errorf("printed form of %s does not parse: %v", path, err)
			continue
		}
		if second := Print(again); second != first {
			t.Errorf("%s: print(parse(print(x))) differs from print(x):\n%s", path, firstDiff(first, second))
		}
	}
	total := 0
	for _, n := range rejected {
		total += n
	}
	t.Logf("%d files parsed and round-tripped; %d rejected for cvc5-only theories: %v", ok, total, rejected)
}

func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range la {
		if i >= len(lb) || la[i] != lb[i] {
			other := ""
			if i < len(lb) {
				other = lb[i]
			}
			return "  first: " + la[i] + "\n  again: " + other
		}
	}
	return "(length differs)"
}

// TestStreamingMatchesInMemory checks that the streaming reader (small
// buffer refills) and the in-memory parser agree on a sample of files.
func TestStreamingMatchesInMemory(t *testing.T) {
	files := corpusFiles(t)
	for i := 0; i < len(files); i += 97 {
		src, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		a, errA := Parse(files[i], src)
		lx := newLexer(&trickleReader{src: src})
		b, errB := parseWith(files[i], lx, nil)
		if (errA == nil) != (errB == nil) {
			t.Fatalf("%s: in-memory error %v, streaming error %v", files[i], errA, errB)
		}
		if errA == nil && Print(a) != Print(b) {
			t.Fatalf("%s: streaming parse differs", files[i])
		}
	}
}

// trickleReader returns at most 7 bytes per Read, to exercise refills in the
// middle of every kind of token.
type trickleReader struct{ src []byte }

func (r *trickleReader) Read(p []byte) (int, error) {
	if len(r.src) == 0 {
		return 0, ioEOF
	}
	n := min(len(p), 7, len(r.src))
	copy(p, r.src[:n])
	r.src = r.src[n:]
	return n, nil
}

// TestCorpusExpands inlines lets and definitions in a sample of the corpus;
// the expanded assertions keep their sort and contain no let.
func TestCorpusExpands(t *testing.T) {
	files := corpusFiles(t)
	for i := 0; i < len(files); i += 13 {
		sc, err := ParseFile(files[i])
		if err != nil {
			continue
		}
		before := sc.Assertions()
		if err := Expand(sc); err != nil {
			t.Errorf("%v", err)
			continue
		}
		for j, a := range sc.Assertions() {
			if a.Sort() != before[j].Sort() {
				t.Errorf("%s: expansion changed the sort", files[i])
			}
			if smt.Find(a, func(u *smt.Term) bool { return u.Kind() == smt.Let }) != nil {
				t.Errorf("%s: a let survived expansion", files[i])
			}
		}
	}
}
