package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tandem/internal/testutil"
)

// maxCmdFunc is the longest function cmd/tandem may have (issue 24 item 1):
// a command parses its flags into an options struct and calls a package.
const maxCmdFunc = 60

// cmdFuncExempt lists files of cmd/tandem whose functions are not held to
// maxCmdFunc yet, with the reason. Remove an entry when its file is slim.
var cmdFuncExempt = map[string]string{
	"bandit.go": "issue 24: h/bandit moves the BanditFuzz command's logic into package bandit",
}

// cmdFunc is one function (declared or literal) of cmd/tandem.
type cmdFunc struct {
	name  string // file:line and the function's name
	file  string
	lines int
}

// cmdFuncs returns every function of the non-test files of cmd/tandem
// (each func declaration and each func literal, such as a cobra RunE
// closure, on its own) with its length in lines, longest first, and the
// number of non-test lines per file.
func cmdFuncs(t *testing.T) ([]cmdFunc, map[string]int) {
	t.Helper()
	dir := filepath.Join(testutil.RepoRoot(), "cmd", "tandem")
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var fns []cmdFunc
	lines := map[string]int{}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(path)
		lines[base] = strings.Count(string(src), "\n")
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var name string
			var from, to token.Pos
			switch n := n.(type) {
			case *ast.FuncDecl:
				name, from, to = n.Name.Name, n.Pos(), n.End()
			case *ast.FuncLit:
				name, from, to = "func literal", n.Pos(), n.End()
			default:
				return true
			}
			a, b := fset.Position(from), fset.Position(to)
			fns = append(fns, cmdFunc{name: fmt.Sprintf("%s:%d %s", base, a.Line, name), file: base, lines: b.Line - a.Line + 1})
			return true
		})
	}
	sort.SliceStable(fns, func(i, j int) bool { return fns[i].lines > fns[j].lines })
	return fns, lines
}

// cmd/tandem parses flags and calls packages, nothing more (DESIGN.md §1,
// issue 24 item 1): no function of it, cobra RunE closures included, is
// longer than maxCmdFunc lines. Run with -v for the longest functions and
// the lines per file.
func TestCommandFunctionsAreShort(t *testing.T) {
	fns, lines := cmdFuncs(t)
	for _, f := range fns {
		if f.lines <= maxCmdFunc {
			break
		}
		if why, ok := cmdFuncExempt[f.file]; ok {
			t.Logf("exempt (%s): %s is %d lines", why, f.name, f.lines)
			continue
		}
		t.Errorf("cmd/tandem: %s is %d lines, over %d: move its logic into a package and keep the command to flags, an options struct and a call", f.name, f.lines, maxCmdFunc)
	}
	for i := 0; i < len(fns) && i < 5; i++ {
		t.Logf("longest %d: %s, %d lines", i+1, fns[i].name, fns[i].lines)
	}
	total := 0
	for _, file := range sortedKeys(lines) {
		t.Logf("%-14s %5d lines", file, lines[file])
		total += lines[file]
	}
	t.Logf("cmd/tandem non-test code: %d lines in %d files", total, len(lines))
}
