// Package corpus lists the labelled SMT-LIB files of tandem's shared corpus
// (../shared/corpus) with their expected check-sat answers, for the solver
// package's differential tests and the bench/solvercorpus command.
//
// Labels come from the folder layout of seeds/ (seeds/<LOGIC>/<sat|unsat>/)
// and from the MANIFEST.tsv files of regress/ (path, expected answers
// comma-separated, logic, command line), sage/ and smtlib/ (path, status,
// bytes, …).
package corpus

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"tandem/solver"
)

// Item is one labelled file.
type Item struct {
	Path     string          // absolute path
	Rel      string          // path relative to the corpus root
	Logic    string          // the logic the label source names
	Expected []solver.Status // expected answers, one per check-sat
	Size     int64           // bytes
}

// Load returns the labelled files under root, sorted by Rel. Folders that
// are missing are skipped; a malformed manifest is an error.
func Load(root string) ([]Item, error) {
	var items []Item
	seeds := filepath.Join(root, "seeds")
	if _, err := os.Stat(seeds); err == nil {
		err := filepath.WalkDir(seeds, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".smt2") {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			parts := strings.Split(filepath.ToSlash(rel), "/")
			if len(parts) != 4 {
				return nil
			}
			st, ok := solver.ParseStatus(parts[2])
			if !ok {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			items = append(items, Item{Path: p, Rel: rel, Logic: parts[1], Expected: []solver.Status{st}, Size: info.Size()})
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("walking %s: %w", seeds, err)
		}
	}
	for _, m := range []struct {
		dir               string
		statusCol, logicC int // logicC -1: from the path
	}{{"regress", 1, 2}, {"sage", 1, -1}, {"smtlib", 1, -1}} {
		got, err := loadManifest(root, m.dir, m.statusCol, m.logicC)
		if err != nil {
			return nil, err
		}
		items = append(items, got...)
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Rel < items[j].Rel })
	return items, nil
}

func loadManifest(root, dir string, statusCol, logicCol int) ([]Item, error) {
	path := filepath.Join(root, dir, "MANIFEST.tsv")
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var items []Item
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 || strings.HasPrefix(text, "#") || strings.TrimSpace(text) == "" {
			continue // header
		}
		cols := strings.Split(text, "\t")
		if len(cols) <= statusCol || (logicCol >= 0 && len(cols) <= logicCol) {
			return nil, fmt.Errorf("%s:%d: too few columns", path, line)
		}
		var exp []solver.Status
		for _, w := range strings.Split(cols[statusCol], ",") {
			st, ok := solver.ParseStatus(strings.TrimSpace(w))
			if !ok {
				exp = nil
				break
			}
			exp = append(exp, st)
		}
		if len(exp) == 0 {
			continue // unknown or unlabelled
		}
		rel := filepath.Join(dir, cols[0])
		p := filepath.Join(root, rel)
		info, err := os.Stat(p)
		if err != nil {
			continue
		}
		logic := "QF_BV" // sage/
		if logicCol >= 0 {
			logic = cols[logicCol]
		} else if dir == "smtlib" {
			logic = strings.SplitN(cols[0], "/", 2)[0]
		}
		items = append(items, Item{Path: p, Rel: rel, Logic: logic, Expected: exp, Size: info.Size()})
	}
	return items, sc.Err()
}

// ForProfile keeps the items whose logic the profile accepts.
func ForProfile(items []Item, p *solver.Profile) []Item {
	var out []Item
	for _, it := range items {
		if p.Accepts(it.Logic) {
			out = append(out, it)
		}
	}
	return out
}

// Sample returns n items spread evenly over items (all when n ≥ len).
func Sample(items []Item, n int) []Item {
	if n >= len(items) || n <= 0 {
		return items
	}
	out := make([]Item, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, items[i*len(items)/n])
	}
	return out
}

// Mismatch compares a run's answers with the expected ones: it returns the
// index of the first check-sat where both are sat/unsat and they differ, or
// -1. Missing answers (a timeout, an error part-way) are not mismatches.
func Mismatch(expected, got []solver.Status) int {
	for i := range min(len(expected), len(got)) {
		e, g := expected[i], got[i]
		if (e == solver.StatusSat || e == solver.StatusUnsat) && (g == solver.StatusSat || g == solver.StatusUnsat) && e != g {
			return i
		}
	}
	return -1
}
