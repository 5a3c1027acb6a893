package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tandem/internal/testutil"
)

// boundedReadOK lists the whole-input reads that need no size limit, by
// file, with the reason: they read files tandem wrote itself.
var boundedReadOK = map[string]string{
	"campaign/run.go": "the campaign's own campaign.json",
	"smtlib/lexer.go": "the lexer's reader is the limited reader of ParseReader",
}

// TestInputsAreBounded keeps issue 28 item 7 closed as a class: a file or
// stream a user hands tandem is never read whole without a size limit
// (/dev/zero as a model or seed must end in a clear error, not in Go's
// fatal out-of-memory). Reads go through smtlib.ReadFile, smtlib's stream
// readers, or io.LimitReader; reads of /proc are fine.
func TestInputsAreBounded(t *testing.T) {
	eachLibraryFile(t, nil, func(fset *token.FileSet, rel string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			name := selector(call.Fun)
			if name != "os.ReadFile" && name != "io.ReadAll" {
				return true
			}
			arg := call.Args[0]
			if readsProc(arg) || (name == "io.ReadAll" && isCall(arg, "io.LimitReader")) {
				return true
			}
			if _, ok := boundedReadOK[rel]; ok {
				return true
			}
			t.Errorf("%s: %s without a size limit: use smtlib.ReadFile (or io.LimitReader), or add the file to boundedReadOK with the reason it needs none",
				fset.Position(call.Pos()), name)
			return true
		})
	})
}

// eachLibraryFile calls fn with every non-test Go file of the repository
// outside bench and internal (and outside testdata, bin and hidden
// directories), by its path below the root, except the files skip names
// (by base name).
func eachLibraryFile(t *testing.T, skip map[string]bool, fn func(fset *token.FileSet, rel string, f *ast.File)) {
	t.Helper()
	root := testutil.RepoRoot()
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			n := d.Name()
			if path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "bin" || rel == "bench" || rel == "internal" || skip[rel]) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || skip[d.Name()] {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		fn(fset, rel, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// selector returns "pkg.Name" for a pkg.Name expression, else "".
func selector(e ast.Expr) string {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	x, ok := s.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return x.Name + "." + s.Sel.Name
}

func isCall(e ast.Expr, name string) bool {
	c, ok := e.(*ast.CallExpr)
	return ok && selector(c.Fun) == name
}

// readsProc reports whether e is a "/proc/…" literal or a fmt.Sprintf of one.
func readsProc(e ast.Expr) bool {
	if c, ok := e.(*ast.CallExpr); ok && selector(c.Fun) == "fmt.Sprintf" && len(c.Args) > 0 {
		e = c.Args[0]
	}
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return false
	}
	s, err := strconv.Unquote(lit.Value)
	return err == nil && strings.HasPrefix(s, "/proc/")
}
