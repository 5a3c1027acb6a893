// Command cbgen generates bench/cb/generated, the closed-box benchmarks in
// which a closed box is on the critical path (issue 25 §3): checksums and
// hashes, string-to-int parsers, bit tricks, floating-point functions
// compiled from C, chained boxes and boxes with several outputs, each a
// family of parametrised targets put into templates (a preimage with
// fixed bits, a window on the output of a pinned argument, a target over a
// small domain, a collision), some sat and some unsat.
//
// Everything is deterministic from -seed. Each instance is written three
// ways: closed/NAME.smt2 (declare-cb, or the define-funs that
// --cb-from-define hides), transparent/NAME.smt2 (every box a define-fun:
// the labels' input) and, in memory only, a pure version (every box an
// uninterpreted declare-fun: the critical-path check). boxes/FAMILY.c holds
// the C boxes. Labels come from z3 and cvc5 on the transparent version and
// are kept in labels.tsv by the SHA-256 of their inputs, so a rerun labels
// only what changed; MANIFEST.tsv is written from them.
//
//	go run ./bench/cb/cbgen                  # regenerate and label what changed (-j 2, 60 s)
//	go run ./bench/cb/cbgen -label=false     # the files, and the manifest of the labels at hand
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

func main() {
	var (
		seed  = flag.Uint64("seed", 1, "the generator's seed")
		out   = flag.String("out", "bench/cb/generated", "the directory written")
		label = flag.Bool("label", true, "label with z3 and cvc5 and write MANIFEST.tsv")
		jobs  = flag.Int("j", 2, "instances labelled at once")
		limit = flag.Duration("timeout", 60*time.Second, "CPU limit of each solver run")
	)
	flag.Parse()
	insts := Generate(*seed)
	if err := writeFiles(*out, insts); err != nil {
		fmt.Fprintln(os.Stderr, "cbgen:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "cbgen: %d instances in %s\n", len(insts), *out)
	if !*label {
		// the manifest of the labels at hand, without running a solver
		labels, err := readLabels(filepath.Join(*out, "labels.tsv"))
		if err == nil {
			for _, in := range insts {
				if l := labels[in.Name]; l != nil && l.Hash != inputHash(in) {
					delete(labels, in.Name)
				}
			}
			err = writeManifest(filepath.Join(*out, "MANIFEST.tsv"), insts, labels)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "cbgen:", err)
			os.Exit(1)
		}
		fmt.Print(summary(insts, labels))
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	labels, err := labelAll(ctx, insts, filepath.Join(*out, "labels.tsv"), *limit, *jobs, func(s string) { fmt.Fprintln(os.Stderr, s) })
	if err != nil {
		fmt.Fprintln(os.Stderr, "cbgen:", err)
		os.Exit(1)
	}
	if err := writeManifest(filepath.Join(*out, "MANIFEST.tsv"), insts, labels); err != nil {
		fmt.Fprintln(os.Stderr, "cbgen:", err)
		os.Exit(1)
	}
	fmt.Print(summary(insts, labels))
}

// writeFiles replaces the generated files under dir.
func writeFiles(dir string, insts []*Instance) error {
	for _, sub := range []string{"closed", "transparent", "boxes"} {
		if err := os.RemoveAll(filepath.Join(dir, sub)); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	for _, fam := range families() {
		if err := os.WriteFile(filepath.Join(dir, "boxes", fam.Name+".c"), []byte(CFile(fam)), 0o644); err != nil {
			return err
		}
	}
	for _, in := range insts {
		for _, form := range []string{"closed", "transparent"} {
			if err := os.WriteFile(filepath.Join(dir, form, in.Name+".smt2"), []byte(in.Script(form)), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// ManifestHeader is the first line of generated/MANIFEST.tsv. The first
// five columns are those bench/cb's runner reads (source is the family).
const ManifestHeader = "path\tsource\texpected\tboxes\tpure\tkind\tbox_kind\ttemplate\tintent\tpoints\tcritical\tz3\tcvc5\ttransparent\tnote"

func writeManifest(path string, insts []*Instance, labels map[string]*Label) error {
	var b strings.Builder
	b.WriteString(ManifestHeader + "\n")
	for _, in := range insts {
		l := labels[in.Name]
		if l == nil {
			continue
		}
		var boxes []string
		for _, box := range in.Target.Boxes {
			impl := "boxes/" + in.Family.Name + ".c"
			if in.Define {
				impl = "define"
			}
			boxes = append(boxes, box.Name+"="+impl)
		}
		fmt.Fprintf(&b, "closed/%s.smt2\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s %.2fs\t%s %.2fs\ttransparent/%s.smt2\t%s\n",
			in.Name, in.Family.Name, l.Expected, strings.Join(boxes, ";"), l.Pure, in.Family.Kind, in.BoxKind(), in.Template,
			in.Intent, in.Points, l.Critical, l.Z3, l.Z3Sec, l.CVC5, l.CVC5Sec, in.Name, in.Note)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// summary counts the labelled instances per family: sat, unsat, unknown,
// on the critical path, and every label that contradicts the generator's
// intent or where the solvers disagree (there must be none).
func summary(insts []*Instance, labels map[string]*Label) string {
	type row struct{ n, sat, unsat, unknown, critical, c, def int }
	rows := map[string]*row{}
	var fams []string
	var bad []string
	tot := &row{}
	for _, in := range insts {
		l := labels[in.Name]
		if l == nil {
			continue
		}
		r := rows[in.Family.Name]
		if r == nil {
			r = &row{}
			rows[in.Family.Name] = r
			fams = append(fams, in.Family.Name)
		}
		for _, x := range []*row{r, tot} {
			x.n++
			switch l.Expected {
			case "sat":
				x.sat++
			case "unsat":
				x.unsat++
			default:
				x.unknown++
			}
			if strings.HasPrefix(l.Critical, "yes") {
				x.critical++
			}
			if in.Define {
				x.def++
			} else {
				x.c++
			}
		}
		if l.Expected == "disagree" || (l.Expected != "unknown" && l.Expected != in.Intent) {
			bad = append(bad, fmt.Sprintf("- %s: generator %s, z3 %s, cvc5 %s", in.Name, in.Intent, l.Z3, l.CVC5))
		}
	}
	sort.Strings(fams)
	var b strings.Builder
	b.WriteString("| family | instances | sat | unsat | unknown | critical | C boxes | define boxes |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, f := range fams {
		r := rows[f]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d |\n", f, r.n, r.sat, r.unsat, r.unknown, r.critical, r.c, r.def)
	}
	fmt.Fprintf(&b, "| total | %d | %d | %d | %d | %d | %d | %d |\n", tot.n, tot.sat, tot.unsat, tot.unknown, tot.critical, tot.c, tot.def)
	fmt.Fprintf(&b, "\nLabels contradicting the generator or each other: %d\n", len(bad))
	for _, s := range bad {
		b.WriteString(s + "\n")
	}
	return b.String()
}
