package cbsuite

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

// benchDir is bench/cb; corpusDir the shared corpus the corpus: entries and
// Delphi's benchmarks are read from.
var (
	benchDir  = filepath.Join(testutil.RepoRoot(), "bench", "cb")
	corpusDir = filepath.Join(testutil.SharedDir(), "corpus")
)

// refHelperPrefix starts the names of define-funs in a .ref.smt2 file that
// are helpers, not boxes.
const refHelperPrefix = "ref."

// cbox is one closed box: a C function and its reference definition.
type cbox struct {
	name   string
	lib    *library
	params []*smt.Sort
	result *smt.Sort
	ref    *smt.Func
	cFunc  *cFunc
}

// library is one C file with its .ref.smt2 file.
type library struct {
	cPath   string // relative to bench/cb, slash-separated
	refPath string
	src     string
	ref     *smtlib.Script
	boxes   []*cbox // in the order of the ref file
	byName  map[string]*cbox
	helpers map[string]*smtlib.Command
	funcs   []*cFunc // every C function definition
}

// cFunc is a C function definition as the prototype regexp reads it.
type cFunc struct {
	static bool
	ret    string
	name   string
	params []cParam
}

type cParam struct{ typ, name string }

// cTypeBits are the unsigned C types a box's prototype may use and their
// widths, the same under wasm32 and x86-64 (unsigned long is not: it is
// 32 bits in wasm32 and 64 natively, so it is forbidden).
var cTypeBits = map[string]int{
	"u8": 8, "unsigned char": 8,
	"u16": 16, "unsigned short": 16,
	"u32": 32, "unsigned int": 32, "unsigned": 32,
	"u64": 64, "unsigned long long": 64,
}

var (
	cFuncRE = regexp.MustCompile(`(?m)^(static\s+)?(?:inline\s+)?((?:unsigned\s+|signed\s+)?(?:long\s+long|char|short|int)|unsigned|u8|u16|u32|u64|s8|s16|s32|s64|void)\s+([A-Za-z_]\w*)\s*\(([^)]*)\)\s*\{`)
	longRE  = regexp.MustCompile(`\blong\b`)
	llRE    = regexp.MustCompile(`\blong\s+long\b`)
	spaceRE = regexp.MustCompile(`\s+`)
)

// sortBits is the width of a Bool or bit-vector sort, 0 for other sorts.
func sortBits(s *smt.Sort) int {
	switch s.Kind {
	case smt.KindBool:
		return 1
	case smt.KindBitVec:
		return s.Width
	}
	return 0
}

// loadLibraries reads every C file under bench/cb with its reference file
// and checks that they match: the C file is freestanding and uses
// fixed-width unsigned types, its non-static functions are exactly the
// boxes of the reference file, and each prototype fits the box's sorts
// under the wasm32 calling convention (widths up to 32 bits as i32, up to
// 64 as i64). The generated suite (bench/cb/generated) is not this
// suite: its boxes have no reference files, and go test ./bench/cb/cbgen
// checks them against their define-funs.
func loadLibraries(t *testing.T) map[string]*library {
	t.Helper()
	var cfiles []string
	err := filepath.WalkDir(benchDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// bench/cb/generated is cbgen's output: its boxes are checked
		// against their transparent twins by cbgen's own tests, not here.
		if d.IsDir() && p == filepath.Join(benchDir, "generated") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".c") {
			cfiles = append(cfiles, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(cfiles)
	libs := map[string]*library{}
	for _, p := range cfiles {
		lib, err := loadLibrary(p)
		if err != nil {
			t.Error(err)
			continue
		}
		libs[lib.cPath] = lib
	}
	return libs
}

func loadLibrary(cfile string) (*library, error) {
	rel, _ := filepath.Rel(benchDir, cfile)
	lib := &library{cPath: filepath.ToSlash(rel), byName: map[string]*cbox{}, helpers: map[string]*smtlib.Command{}}
	src, err := os.ReadFile(cfile)
	if err != nil {
		return nil, err
	}
	lib.src = string(src)
	if strings.Contains(lib.src, "#include") {
		return nil, fmt.Errorf("%s: #include: closed boxes are freestanding (no libc, no headers)", lib.cPath)
	}
	if len(longRE.FindAllString(lib.src, -1)) != 2*len(llRE.FindAllString(lib.src, -1)) {
		return nil, fmt.Errorf("%s: a long that is not long long (its width differs between wasm32 and the native test build)", lib.cPath)
	}
	for _, m := range cFuncRE.FindAllStringSubmatch(lib.src, -1) {
		f := &cFunc{static: m[1] != "", ret: spaceRE.ReplaceAllString(m[2], " "), name: m[3]}
		ps := strings.TrimSpace(m[4])
		if ps != "" && ps != "void" {
			for _, p := range strings.Split(ps, ",") {
				fields := strings.Fields(p)
				if len(fields) < 2 {
					return nil, fmt.Errorf("%s: %s: parameter %q has no name", lib.cPath, f.name, p)
				}
				f.params = append(f.params, cParam{typ: strings.Join(fields[:len(fields)-1], " "), name: fields[len(fields)-1]})
			}
		}
		lib.funcs = append(lib.funcs, f)
	}

	lib.refPath = strings.TrimSuffix(cfile, ".c") + ".ref.smt2"
	sc, err := smtlib.ParseFile(lib.refPath)
	if err != nil {
		return nil, fmt.Errorf("%s: reference definitions: %w", lib.cPath, err)
	}
	lib.ref = sc
	for _, c := range sc.Commands {
		switch c.Kind {
		case smtlib.CmdDefineFun:
		case smtlib.CmdSetInfo, smtlib.CmdSetLogic:
			continue
		default:
			return nil, fmt.Errorf("%s: %s: only define-fun belongs in a reference file", lib.refPath, c.Kind)
		}
		f := c.Funcs[0]
		if strings.HasPrefix(f.Name, refHelperPrefix) {
			lib.helpers[f.Name] = c
			continue
		}
		b := &cbox{name: f.Name, lib: lib, params: f.Params, result: f.Result, ref: f}
		if len(f.Params) == 0 {
			return nil, fmt.Errorf("%s: box %s has no parameters", lib.refPath, f.Name)
		}
		for _, s := range append(append([]*smt.Sort{}, f.Params...), f.Result) {
			if w := sortBits(s); w == 0 || w > 64 {
				return nil, fmt.Errorf("%s: box %s: sort %s (closed boxes take and return Bool and bit-vectors of at most 64 bits)", lib.refPath, f.Name, s)
			}
		}
		lib.boxes = append(lib.boxes, b)
		lib.byName[b.name] = b
	}
	if len(lib.boxes) == 0 {
		return nil, fmt.Errorf("%s: no box defined", lib.refPath)
	}

	var errs []string
	for _, f := range lib.funcs {
		b := lib.byName[f.name]
		if b == nil {
			if !f.static {
				errs = append(errs, fmt.Sprintf("%s: function %s is not a box of %s: make it static", lib.cPath, f.name, filepath.Base(lib.refPath)))
			}
			continue
		}
		if f.static {
			errs = append(errs, fmt.Sprintf("%s: box %s is static", lib.cPath, f.name))
		}
		if b.cFunc != nil {
			errs = append(errs, fmt.Sprintf("%s: box %s defined twice", lib.cPath, f.name))
		}
		b.cFunc = f
		if err := checkPrototype(b, f); err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", lib.cPath, err))
		}
	}
	for _, b := range lib.boxes {
		if b.cFunc == nil {
			errs = append(errs, fmt.Sprintf("%s: box %s of %s has no C function", lib.cPath, b.name, filepath.Base(lib.refPath)))
		}
	}
	if errs != nil {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return lib, nil
}

// checkPrototype checks that the C function can be called with the box's
// arguments: one unsigned parameter per argument, wide enough, and of the
// same wasm value type (i32 for widths up to 32, i64 above).
func checkPrototype(b *cbox, f *cFunc) error {
	if len(f.params) != len(b.params) {
		return fmt.Errorf("box %s: %d C parameters, %d in the declaration", b.name, len(f.params), len(b.params))
	}
	fits := func(what, ctype string, s *smt.Sort) error {
		cb, ok := cTypeBits[ctype]
		if !ok {
			return fmt.Errorf("box %s: %s has C type %q; use u8/u16/u32/u64 (unsigned char/short/int/long long)", b.name, what, ctype)
		}
		w := sortBits(s)
		if cb < w {
			return fmt.Errorf("box %s: %s is %s (%d bits) but the sort %s has %d", b.name, what, ctype, cb, s, w)
		}
		if (cb <= 32) != (w <= 32) {
			return fmt.Errorf("box %s: %s is %s, but the runtime passes %s as i%d", b.name, what, ctype, s, map[bool]int{true: 32, false: 64}[w <= 32])
		}
		return nil
	}
	for i, p := range f.params {
		if err := fits("parameter "+p.name, p.typ, b.params[i]); err != nil {
			return err
		}
	}
	return fits("the result", f.ret, b.result)
}

// refClosure returns the reference define-funs a set of boxes needs, helpers
// first, as SMT-LIB text in dependency order.
func refClosure(boxes []*cbox) (string, error) {
	var out strings.Builder
	done := map[string]*smt.Func{}
	var visit func(lib *library, f *smt.Func) error
	visit = func(lib *library, f *smt.Func) error {
		if g, ok := done[f.Name]; ok {
			if g != f && smtlib.Print(&smtlib.Script{Commands: []*smtlib.Command{cmdOf(lib, g)}}) != smtlib.Print(&smtlib.Script{Commands: []*smtlib.Command{cmdOf(lib, f)}}) {
				return fmt.Errorf("two different reference definitions named %s", f.Name)
			}
			return nil
		}
		done[f.Name] = f
		var err error
		walkFuncs(f.Body, func(g *smt.Func) {
			if err == nil && g.Body != nil && g != f {
				err = visit(lib, g)
			}
		})
		if err != nil {
			return err
		}
		out.WriteString(cmdOf(lib, f).String() + "\n")
		return nil
	}
	for _, b := range boxes {
		if err := visit(b.lib, b.ref); err != nil {
			return "", err
		}
	}
	return out.String(), nil
}

func cmdOf(lib *library, f *smt.Func) *smtlib.Command {
	for _, c := range lib.ref.Commands {
		if c.Kind == smtlib.CmdDefineFun && c.Funcs[0] == f {
			return c
		}
	}
	return &smtlib.Command{Kind: smtlib.CmdDefineFun, Funcs: []*smt.Func{f}}
}

// walkFuncs calls fn for every function symbol applied in t.
func walkFuncs(t *smt.Term, fn func(*smt.Func)) {
	if t == nil {
		return
	}
	smt.Inspect(t, func(u *smt.Term) bool {
		if f := u.Func(); f != nil {
			fn(f)
		}
		return true
	})
}
