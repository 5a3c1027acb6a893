// Command parse measures how fast tandem reads SMT-LIB and how much memory
// it takes, side by side with z3's parser.
//
// (a) It generates a deterministic ~100 MB QF_BV script of deep bit-vector
// assertions (see Generator) into a temporary file. (b) It builds the
// tandem binary and runs `tandem parse FILE` and `z3 -smt2 FILE` on it as
// subprocesses, taking the wall time and the peak RSS from getrusage. The
// script has no check-sat and ends with (exit), so z3 only parses,
// type-checks and asserts. (c) It does the same for every .smt2 file of
// the shared corpus: tandem parses them all in one process (a few, when
// the argument list would be too long); z3 runs once per file, on a copy
// cut before the first check-sat with (exit) appended. z3's start-up cost,
// measured on an empty script, is reported so the comparison is fair.
//
//	go run ./bench/parse -json parse.json
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

// Measure is one process run: wall time, CPU and peak resident memory.
type Measure struct {
	Wall    time.Duration `json:"wall_ns"`
	CPU     time.Duration `json:"cpu_ns"`
	PeakRSS int64         `json:"peak_rss_bytes"`
	Exit    int           `json:"exit"`
}

// Row is one line of the table.
type Row struct {
	Input      string  `json:"input"`
	Bytes      int64   `json:"bytes"`
	Files      int     `json:"files"`
	Tandem     Measure `json:"tandem"`
	TandemRuns int     `json:"tandem_processes"`
	Z3         Measure `json:"z3"`
	Z3Runs     int     `json:"z3_processes"`
	// Z3Startup is z3's median wall time on an empty script; Z3Net is the
	// z3 wall time minus one startup per process.
	Z3Startup time.Duration `json:"z3_startup_ns"`
	Z3Net     time.Duration `json:"z3_net_ns"`
	Z3NetCPU  time.Duration `json:"z3_net_cpu_ns"`
	Z3Errors  int           `json:"z3_files_with_errors"`
	Note      string        `json:"note,omitempty"`
}

// startupCPU is z3's median CPU time on an empty script.
var startupCPU time.Duration

func main() {
	size := flag.Int64("size", 100, "size of each generated script in MB (10^6 bytes)")
	shapes := flag.String("shapes", "deep", "generated shapes to measure, comma-separated: deep, shallow, ssa")
	seed := flag.Int64("seed", 1, "generator seed")
	keep := flag.Bool("keep", false, "keep the generated script (its path is printed)")
	runs := flag.Int("runs", 3, "runs per tool on the generated script (best wall time is reported)")
	corpus := flag.String("corpus", "../shared/corpus", "the shared corpus folder")
	skipCorpus := flag.Bool("skip-corpus", false, "measure only the generated script")
	skipGen := flag.Bool("skip-generated", false, "measure only the corpus")
	corpusEvery := flag.Int("corpus-every", 1, "measure every k-th corpus file in sorted order (1: all)")
	z3bin := flag.String("z3", "z3", "the z3 binary")
	out := flag.String("json", "", "write the rows as JSON to this file")
	flag.Parse()

	dir, err := os.MkdirTemp("", "parsebench")
	check(err)
	defer func() {
		if !*keep {
			os.RemoveAll(dir)
		}
	}()
	tandem := filepath.Join(dir, "tandem")
	fmt.Fprintln(os.Stderr, "building tandem ...")
	build := exec.Command("go", "build", "-o", tandem, "./cmd/tandem")
	build.Stderr = os.Stderr
	check(build.Run())
	z3, err := exec.LookPath(*z3bin)
	check(err)

	empty := filepath.Join(dir, "empty.smt2")
	check(os.WriteFile(empty, []byte("(exit)\n"), 0o644))
	var startup time.Duration
	var starts, cpus []time.Duration
	for i := 0; i < 21; i++ {
		m, err := measure(z3, "-smt2", empty)
		check(err)
		starts = append(starts, m.Wall)
		cpus = append(cpus, m.CPU)
	}
	sort.Slice(starts, func(i, j int) bool { return starts[i] < starts[j] })
	sort.Slice(cpus, func(i, j int) bool { return cpus[i] < cpus[j] })
	startup, startupCPU = starts[len(starts)/2], cpus[len(cpus)/2]
	tstart, err := measure(tandem, "parse", empty)
	check(err)
	fmt.Fprintf(os.Stderr, "z3 startup (median of 21 on an empty script): %v; tandem parse of an empty script: %v\n", startup, tstart.Wall)

	var rows []Row
	if !*skipGen {
		for _, shape := range strings.Split(*shapes, ",") {
			gen := Shapes[shape]
			if gen == nil {
				check(fmt.Errorf("unknown shape %q (deep, shallow, ssa)", shape))
			}
			rows = append(rows, generated(dir, tandem, z3, shape, gen, *size*1_000_000, *seed, *runs, startup, *keep))
		}
	}
	if !*skipCorpus {
		rows = append(rows, corpusRow(dir, tandem, z3, *corpus, *corpusEvery, startup))
	}
	printTable(rows, startup, tstart.Wall)
	if *out != "" {
		b, _ := json.MarshalIndent(rows, "", "  ")
		check(os.WriteFile(*out, b, 0o644))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "parse:", err)
		os.Exit(1)
	}
}

// measure runs a program to its end, output discarded, and reads its
// resources from the kernel's rusage.
func measure(prog string, args ...string) (Measure, error) {
	cmd := exec.Command(prog, args...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	start := time.Now()
	err := cmd.Run()
	m := Measure{Wall: time.Since(start)}
	if cmd.ProcessState == nil {
		return m, err
	}
	m.Exit = cmd.ProcessState.ExitCode()
	m.CPU = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.PeakRSS = ru.Maxrss * 1024 // kilobytes on Linux
	}
	if bytes.Contains(stdout.Bytes(), []byte("(error")) {
		m.Exit = -2 // printed an error
	}
	return m, nil
}

func generated(dir, tandem, z3, shape string, gen func(io.Writer, int64, int64) (int, error), size, seed int64, runs int, startup time.Duration, keep bool) Row {
	path := filepath.Join(dir, fmt.Sprintf("%s-bv-%dMB-seed%d.smt2", shape, size/1_000_000, seed))
	f, err := os.Create(path)
	check(err)
	t0 := time.Now()
	n, err := gen(f, size, seed)
	check(err)
	check(f.Close())
	st, err := os.Stat(path)
	check(err)
	fmt.Fprintf(os.Stderr, "generated %s: %d bytes, %d assertions (%.1fs)\n", path, st.Size(), n, time.Since(t0).Seconds())
	if keep {
		fmt.Println("generated script kept at", path)
	}
	row := Row{Input: fmt.Sprintf("generated %s BV (%d assertions)", shape, n), Bytes: st.Size(), Files: 1, TandemRuns: 1, Z3Runs: 1, Z3Startup: startup}
	// Alternate the tools so that background load hits both alike.
	for i := 0; i < runs; i++ {
		m, err := measure(tandem, "parse", path)
		check(err)
		fmt.Fprintf(os.Stderr, "  tandem run %d: %.2fs, peak RSS %s, exit %d\n", i+1, m.Wall.Seconds(), mb(m.PeakRSS), m.Exit)
		if i == 0 || m.Wall < row.Tandem.Wall {
			row.Tandem.Wall, row.Tandem.CPU = m.Wall, m.CPU
		}
		row.Tandem.PeakRSS = max(row.Tandem.PeakRSS, m.PeakRSS)
		row.Tandem.Exit = m.Exit
		m, err = measure(z3, "-smt2", path)
		check(err)
		fmt.Fprintf(os.Stderr, "  z3 run %d: %.2fs, peak RSS %s, exit %d\n", i+1, m.Wall.Seconds(), mb(m.PeakRSS), m.Exit)
		if i == 0 || m.Wall < row.Z3.Wall {
			row.Z3.Wall, row.Z3.CPU = m.Wall, m.CPU
		}
		row.Z3.PeakRSS = max(row.Z3.PeakRSS, m.PeakRSS)
		row.Z3.Exit = m.Exit
	}
	row.Z3Net = row.Z3.Wall - startup
	row.Z3NetCPU = row.Z3.CPU - startupCPU
	row.Note = fmt.Sprintf("best of %d runs each", runs)
	return row
}

// corpusRow measures every .smt2 file under root.
func corpusRow(dir, tandem, z3, root string, every int, startup time.Duration) Row {
	var all []string
	check(filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".smt2") {
			all = append(all, p)
		}
		return nil
	}))
	sort.Strings(all)
	var files []string
	var total int64
	for i := 0; i < len(all); i += every {
		info, err := os.Stat(all[i])
		check(err)
		files = append(files, all[i])
		total += info.Size()
	}
	name := fmt.Sprintf("corpus (all %d files)", len(files))
	if every > 1 {
		name = fmt.Sprintf("corpus (every %d-th: %d of %d files)", every, len(files), len(all))
	}
	row := Row{Input: name, Bytes: total, Files: len(files), Z3Startup: startup}

	// tandem: as few processes as the argument list allows.
	const argBytes = 512 << 10
	for i := 0; i < len(files); {
		j, n := i, 0
		for j < len(files) && n+len(files[j])+1 < argBytes {
			n += len(files[j]) + 1
			j++
		}
		m, err := measure(tandem, append([]string{"parse"}, files[i:j]...)...)
		check(err)
		row.Tandem.Wall += m.Wall
		row.Tandem.CPU += m.CPU
		row.Tandem.PeakRSS = max(row.Tandem.PeakRSS, m.PeakRSS)
		row.TandemRuns++
		i = j
	}
	fmt.Fprintf(os.Stderr, "tandem: %d files (%d bytes) in %d processes, %.2fs wall, %.2fs CPU, peak RSS %s\n",
		len(files), total, row.TandemRuns, row.Tandem.Wall.Seconds(), row.Tandem.CPU.Seconds(), mb(row.Tandem.PeakRSS))

	// z3: one process per file, cut before the first check-sat.
	cut := filepath.Join(dir, "cut.smt2")
	start := time.Now()
	for i, p := range files {
		src, err := os.ReadFile(p)
		check(err)
		check(os.WriteFile(cut, CutBeforeCheckSat(src), 0o644))
		m, err := measure(z3, "-smt2", cut)
		check(err)
		row.Z3.Wall += m.Wall
		row.Z3.CPU += m.CPU
		row.Z3.PeakRSS = max(row.Z3.PeakRSS, m.PeakRSS)
		row.Z3Runs++
		if m.Exit != 0 {
			row.Z3Errors++
		}
		if i%1000 == 999 {
			fmt.Fprintf(os.Stderr, "z3: %d/%d files (%.0fs): so far wall %.2fs, CPU %.2fs, peak RSS %s, %d with errors\n",
				i+1, len(files), time.Since(start).Seconds(), row.Z3.Wall.Seconds(), row.Z3.CPU.Seconds(), mb(row.Z3.PeakRSS), row.Z3Errors)
		}
	}
	row.Z3Net = row.Z3.Wall - time.Duration(row.Z3Runs)*startup
	row.Z3NetCPU = row.Z3.CPU - time.Duration(row.Z3Runs)*startupCPU
	row.Note = fmt.Sprintf("tandem: %d processes; z3: one per file, %d printed an error or exited non-zero", row.TandemRuns, row.Z3Errors)
	return row
}

// CutBeforeCheckSat returns src up to its first check-sat or
// check-sat-assuming command (outside comments, strings and quoted
// symbols), followed by (exit).
func CutBeforeCheckSat(src []byte) []byte {
	end := len(src)
scan:
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case ';':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case '"':
			for i++; i < len(src); i++ {
				if src[i] == '"' {
					if i+1 < len(src) && src[i+1] == '"' {
						i++
						continue
					}
					break
				}
			}
		case '|':
			for i++; i < len(src) && src[i] != '|'; i++ {
			}
		case '(':
			j := i + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
				j++
			}
			if bytes.HasPrefix(src[j:], []byte("check-sat")) {
				k := j + len("check-sat")
				if k == len(src) || src[k] == ')' || src[k] == '-' || src[k] == ' ' || src[k] == '\n' || src[k] == '\t' || src[k] == '\r' {
					end = i
					break scan
				}
			}
		}
	}
	out := make([]byte, 0, end+8)
	out = append(out, src[:end]...)
	return append(out, "\n(exit)\n"...)
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

func printTable(rows []Row, startup, tandemEmpty time.Duration) {
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "input\tMB\ttandem s\ttandem MB/s\ttandem CPU s\ttandem MB/CPU-s\ttandem peak RSS\t× size\t"+
		"z3 s\tz3 MB/s\tz3 CPU s\tz3 MB/CPU-s\tz3 s net\tz3 MB/s net\tz3 CPU s net\tz3 MB/CPU-s net\tz3 peak RSS\t")
	for _, r := range rows {
		sz := float64(r.Bytes) / 1e6
		fmt.Fprintf(tw, "%s\t%.1f\t%.2f\t%.1f\t%.2f\t%.1f\t%s\t%.2f\t%.2f\t%.1f\t%.2f\t%.1f\t%.2f\t%.1f\t%.2f\t%.1f\t%s\t\n", r.Input, sz,
			r.Tandem.Wall.Seconds(), sz/r.Tandem.Wall.Seconds(), r.Tandem.CPU.Seconds(), sz/r.Tandem.CPU.Seconds(),
			mb(r.Tandem.PeakRSS), float64(r.Tandem.PeakRSS)/float64(r.Bytes),
			r.Z3.Wall.Seconds(), sz/r.Z3.Wall.Seconds(), r.Z3.CPU.Seconds(), sz/r.Z3.CPU.Seconds(),
			r.Z3Net.Seconds(), sz/r.Z3Net.Seconds(), r.Z3NetCPU.Seconds(), sz/r.Z3NetCPU.Seconds(), mb(r.Z3.PeakRSS))
	}
	tw.Flush()
	fmt.Printf("z3 startup (median on an empty script): %.1f ms wall, %.1f ms CPU; tandem parse on an empty script: %.1f ms wall\n",
		float64(startup)/1e6, float64(startupCPU)/1e6, float64(tandemEmpty)/1e6)
	fmt.Println("net = minus one z3 startup per z3 process; CPU = user+system from getrusage; MB = 10^6 bytes")
	for _, r := range rows {
		fmt.Printf("%s: %s\n", r.Input, r.Note)
	}
}
