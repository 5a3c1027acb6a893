// Package cbsuite reads the closed-box benchmark suite of bench/cb: SMT-LIB
// formulas that call closed-box functions (declare-cb, or a define-fun of a
// corpus file hidden with --cb-from-define), the C implementations of those
// functions, and their expected statuses.
//
// The suite lives in bench/cb (see its README.md):
//
//   - MANIFEST.tsv lists the benchmarks, one [Entry] per line;
//   - suite/<source>/*.smt2 are the formulas, suite/<source>/*.c the closed
//     boxes (one C function per box, named as the declared box) and
//     *.ref.smt2 beside each C file the reference define-fun of every box in
//     it, which labels the benchmarks and checks the C code;
//   - delphi/ holds the C implementations of the oracle binaries of Delphi's
//     benchmarks (../shared/corpus/delphi), listed in ORACLES.tsv as
//     [Oracle] rows.
//
// The package's tests are the suite's validation: every file parses, every
// box has an implementation that compiles to wasm32 and agrees with its
// reference definition, and the labels are z3's answers.
package cbsuite

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Sources of the benchmarks, as in the paper's §6: SMT-LIB files with closed
// subterms or definitions, SyGuS-style specifications, path constraints
// around C library functions, and the paper's Listing 1.
const (
	SourceSMTLIB     = "smtlib"
	SourceSyGuS      = "sygus"
	SourcePathCond   = "pathcond"
	SourceMotivating = "motivating"
	SourceDelphi     = "delphi"
)

// Statuses of the expected and pure columns.
const (
	Sat     = "sat"
	Unsat   = "unsat"
	Unknown = "unknown"
)

// DefineImpl is the implementation of a box that is a define-fun of the
// benchmark itself, run with tandem solve --cb-from-define NAME.
const DefineImpl = "define"

// CorpusPrefix starts the path of a benchmark that is a file of the shared
// corpus (../shared/corpus), read in place.
const CorpusPrefix = "corpus:"

// Box is one closed box of a benchmark: its name in the formula and its
// implementation, a C file relative to bench/cb or [DefineImpl].
type Box struct {
	Name string
	Impl string
}

// IsDefine reports whether the box is a define-fun of the benchmark file.
func (b Box) IsDefine() bool { return b.Impl == DefineImpl }

// Entry is one line of MANIFEST.tsv.
type Entry struct {
	// Path is the formula, relative to bench/cb, or CorpusPrefix followed
	// by a path relative to the shared corpus.
	Path string
	// Source is one of the Source constants.
	Source string
	// Expected is the status with the closed boxes' real semantics (z3 on
	// the file with each box replaced by its reference definition).
	Expected string
	// Boxes are the closed boxes and their implementations.
	Boxes []Box
	// Pure is the status with every box read as an uninterpreted function.
	Pure string
	// Note says what the benchmark is about.
	Note string
}

// ManifestHeader is the first line of MANIFEST.tsv.
const ManifestHeader = "path\tsource\texpected\tboxes\tpure\tnote"

// CorpusPath returns the path relative to the shared corpus when the entry
// is a corpus file.
func (e Entry) CorpusPath() (string, bool) {
	return strings.CutPrefix(e.Path, CorpusPrefix)
}

// File is the formula's path on disk, given the bench/cb folder and the
// shared corpus folder.
func (e Entry) File(benchDir, corpusDir string) string {
	if rel, ok := e.CorpusPath(); ok {
		return filepath.Join(corpusDir, filepath.FromSlash(rel))
	}
	return filepath.Join(benchDir, filepath.FromSlash(e.Path))
}

// CBFlags are the tandem solve flags that bind the entry's boxes, with C
// paths made absolute under benchDir: --cb NAME=FILE.c or --cb-from-define
// NAME.
func (e Entry) CBFlags(benchDir string) []string {
	var args []string
	for _, b := range e.Boxes {
		if b.IsDefine() {
			args = append(args, "--cb-from-define", b.Name)
		} else {
			args = append(args, "--cb", b.Name+"="+filepath.Join(benchDir, filepath.FromSlash(b.Impl)))
		}
	}
	return args
}

// FormatBoxes prints boxes as the manifest's boxes column: NAME=IMPL;…
func FormatBoxes(boxes []Box) string {
	parts := make([]string, len(boxes))
	for i, b := range boxes {
		parts[i] = b.Name + "=" + b.Impl
	}
	return strings.Join(parts, ";")
}

// ParseBoxes reads the manifest's boxes column.
func ParseBoxes(s string) ([]Box, error) {
	var boxes []Box
	for _, part := range strings.Split(s, ";") {
		name, impl, ok := strings.Cut(part, "=")
		if !ok || name == "" || impl == "" {
			return nil, fmt.Errorf("box %q is not NAME=IMPL", part)
		}
		boxes = append(boxes, Box{Name: name, Impl: impl})
	}
	return boxes, nil
}

// ReadManifest reads MANIFEST.tsv.
func ReadManifest(path string) ([]Entry, error) {
	rows, err := readTSV(path, ManifestHeader)
	if err != nil {
		return nil, err
	}
	var entries []Entry
	for _, r := range rows {
		if len(r.fields) != 6 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 6 (%s)", path, r.line, len(r.fields), ManifestHeader)
		}
		boxes, err := ParseBoxes(r.fields[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, r.line, err)
		}
		e := Entry{Path: r.fields[0], Source: r.fields[1], Expected: r.fields[2], Boxes: boxes, Pure: r.fields[4], Note: r.fields[5]}
		if err := e.validate(); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, r.line, err)
		}
		entries = append(entries, e)
	}
	return entries, nil
}

func (e Entry) validate() error {
	switch e.Source {
	case SourceSMTLIB, SourceSyGuS, SourcePathCond, SourceMotivating, SourceDelphi:
	default:
		return fmt.Errorf("unknown source %q", e.Source)
	}
	for _, s := range []string{e.Expected, e.Pure} {
		switch s {
		case Sat, Unsat, Unknown:
		default:
			return fmt.Errorf("status %q is not sat, unsat or unknown", s)
		}
	}
	return nil
}

// WriteManifest writes entries as MANIFEST.tsv.
func WriteManifest(path string, entries []Entry) error {
	var b bytes.Buffer
	b.WriteString(ManifestHeader + "\n")
	for _, e := range entries {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\n", e.Path, e.Source, e.Expected, FormatBoxes(e.Boxes), e.Pure, e.Note)
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// Oracle is one line of delphi/ORACLES.tsv: the C implementation of one of
// Delphi's oracle binaries.
type Oracle struct {
	// Binary is the base name of the program in declare-oracle-fun.
	Binary string
	// C is the C file, relative to bench/cb, and Symbol the function in it.
	C, Symbol string
	// Origin says where the oracle's meaning comes from.
	Origin string
}

// OraclesHeader is the first line of ORACLES.tsv.
const OraclesHeader = "binary\tc\tsymbol\torigin"

// ReadOracles reads delphi/ORACLES.tsv.
func ReadOracles(path string) ([]Oracle, error) {
	rows, err := readTSV(path, OraclesHeader)
	if err != nil {
		return nil, err
	}
	var out []Oracle
	for _, r := range rows {
		if len(r.fields) != 4 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 4 (%s)", path, r.line, len(r.fields), OraclesHeader)
		}
		out = append(out, Oracle{Binary: r.fields[0], C: r.fields[1], Symbol: r.fields[2], Origin: r.fields[3]})
	}
	return out, nil
}

// OracleFor returns the oracle of a declare-oracle-fun's program, which
// Delphi's files give as a path (../../../examples/first_order/add8bitsbinary):
// only its base name counts.
func OracleFor(oracles []Oracle, binary string) (Oracle, bool) {
	base := filepath.Base(binary)
	for _, o := range oracles {
		if o.Binary == base {
			return o, true
		}
	}
	return Oracle{}, false
}

type tsvRow struct {
	line   int
	fields []string
}

func readTSV(path, header string) ([]tsvRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []tsvRow
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if n == 1 {
			if line != header {
				return nil, fmt.Errorf("%s:1: header %q, want %q", path, line, header)
			}
			continue
		}
		if line == "" {
			continue
		}
		rows = append(rows, tsvRow{line: n, fields: strings.Split(line, "\t")})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, fmt.Errorf("%s: empty, want the header %q", path, header)
	}
	return rows, nil
}
