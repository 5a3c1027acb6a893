package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"tandem/internal/testutil"
)

const module = "tandem"

// pkg is what the checks need to know of one directory of Go files.
type pkg struct {
	rel      string // path below the module root, e.g. "smt/fp"
	name     string // package name of the non-test files
	doc      bool   // a package comment exists
	imports  map[string]bool
	examples bool
	// names are the package's identifiers: top-level names, and
	// "Type.Member" for methods, struct fields and interface methods.
	names map[string]bool
	files []*ast.File // non-test files, for their doc comments
}

var (
	repoOnce sync.Once
	repoPkgs map[string]*pkg
	repoErr  error
)

// loadRepo parses every Go package of the repository (once).
func loadRepo(t *testing.T) map[string]*pkg {
	t.Helper()
	repoOnce.Do(func() { repoPkgs, repoErr = parseRepo() })
	if repoErr != nil {
		t.Fatal(repoErr)
	}
	return repoPkgs
}

func parseRepo() (map[string]*pkg, error) {
	root := testutil.RepoRoot()
	out := map[string]*pkg{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			n := d.Name()
			if path != root && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata" || n == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		p := out[rel]
		if p == nil {
			p = &pkg{rel: rel, imports: map[string]bool{}, names: map[string]bool{}}
			out[rel] = p
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, "_test.go") {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Example") {
					p.examples = true
				}
			}
			return nil
		}
		p.name = f.Name.Name
		p.files = append(p.files, f)
		if f.Doc != nil && strings.TrimSpace(f.Doc.Text()) != "" {
			p.doc = true
		}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if strings.HasPrefix(path, module+"/") {
				p.imports[strings.TrimPrefix(path, module+"/")] = true
			}
		}
		collectNames(f, p.names)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for rel, p := range out {
		if p.name == "" { // test files only
			delete(out, rel)
		}
	}
	return out, nil
}

func collectNames(f *ast.File, names map[string]bool) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil || len(d.Recv.List) == 0 {
				names[d.Name.Name] = true
				continue
			}
			if r := recvName(d.Recv.List[0].Type); r != "" {
				names[r+"."+d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names[s.Name.Name] = true
					members(s.Name.Name, s.Type, names)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
}

func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func members(typ string, e ast.Expr, names map[string]bool) {
	var fields *ast.FieldList
	switch x := e.(type) {
	case *ast.StructType:
		fields = x.Fields
	case *ast.InterfaceType:
		fields = x.Methods
	default:
		return
	}
	for _, fl := range fields.List {
		for _, n := range fl.Names {
			names[typ+"."+n.Name] = true
		}
		if len(fl.Names) == 0 { // embedded
			if n := recvName(fl.Type); n != "" {
				names[typ+"."+n] = true
			} else if se, ok := fl.Type.(*ast.SelectorExpr); ok {
				names[typ+"."+se.Sel.Name] = true
			}
		}
	}
}

// layers is the table of docs/architecture.md: each listed package path
// with its layer (-1 for a test harness), and the sideways imports it
// allows between packages of one layer.
type layers struct {
	layer    map[string]int
	sideways map[[2]string]bool
}

var (
	codeSpan = regexp.MustCompile("`([^`]+)`")
	pkgPath  = regexp.MustCompile(`^[a-z][a-z0-9]*(/[a-z][a-z0-9]*)*$`)
)

func readLayers(t *testing.T) (*layers, string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	l := &layers{layer: map[string]int{}, sideways: map[[2]string]bool{}}
	section := ""
	for line := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(line, "## ") {
			section = line
			continue
		}
		if section != "## Layers" || !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 2 {
			continue
		}
		first := strings.TrimSpace(cells[0])
		// Packages named in parentheses, "(with `cbsolve/cbox`)", are
		// subpackages that belong to the row through their parent.
		listed, _, _ := strings.Cut(cells[1], "(")
		var paths []string
		for _, m := range codeSpan.FindAllStringSubmatch(listed, -1) {
			if pkgPath.MatchString(m[1]) {
				paths = append(paths, m[1])
			}
		}
		switch {
		case first == "harness":
			for _, p := range paths {
				l.layer[p] = -1
			}
		case len(first) > 0 && first[0] >= '0' && first[0] <= '9':
			n, err := strconv.Atoi(strings.Fields(first)[0])
			if err != nil {
				t.Fatalf("docs/architecture.md: layer %q: %v", first, err)
			}
			for _, p := range paths {
				l.layer[p] = n
			}
		default: // the sideways imports: | `importer` | `imported` | why |
			m := codeSpan.FindStringSubmatch(first)
			if m != nil && pkgPath.MatchString(m[1]) && len(paths) == 1 {
				l.sideways[[2]string{m[1], paths[0]}] = true
			}
		}
	}
	if len(l.layer) == 0 {
		t.Fatal("docs/architecture.md: no layer table under \"## Layers\"")
	}
	return l, text
}

// entry is the listed package rel belongs to: itself or its nearest
// listed parent directory.
func (l *layers) entry(rel string) (string, bool) {
	for p := rel; ; {
		if _, ok := l.layer[p]; ok {
			return p, true
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return "", false
		}
		p = p[:i]
	}
}

func within(a, b string) bool { return a == b || strings.HasPrefix(a, b+"/") }

func outside(rel string) bool {
	for _, d := range []string{"cmd", "bench", "internal"} {
		if within(rel, d) {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Dependencies point down: each library package imports only from lower
// layers, its own family (parent or subpackages), or a listed sideways
// import; never a test harness, cmd or bench package.
func TestLayers(t *testing.T) {
	repo := loadRepo(t)
	l, _ := readLayers(t)
	for _, p := range sortedKeys(l.layer) {
		if _, ok := repo[p]; !ok && l.layer[p] >= 0 {
			t.Errorf("docs/architecture.md lists package %s, which does not exist: update the layer table", p)
		}
	}
	for _, rel := range sortedKeys(repo) {
		p := repo[rel]
		e, ok := l.entry(rel)
		if !ok {
			if !outside(rel) {
				t.Errorf("%s is in no layer: add it to the table in docs/architecture.md", rel)
			}
			continue
		}
		if outside(rel) && e != rel || l.layer[e] < 0 {
			continue // cmd, bench, unlisted internal helpers and test harnesses import freely
		}
		for _, imp := range sortedKeys(p.imports) {
			if within(imp, "cmd") || within(imp, "bench") {
				t.Errorf("%s imports %s: library packages do not import commands or benchmarks", rel, imp)
				continue
			}
			ie, ok := l.entry(imp)
			if !ok {
				t.Errorf("%s imports %s, which is in no layer: add it to the table in docs/architecture.md", rel, imp)
				continue
			}
			li, lp := l.layer[ie], l.layer[e]
			switch {
			case li < 0:
				t.Errorf("%s imports %s, a test harness: move what it needs into a library package", rel, imp)
			case li < lp:
			case li == lp && (within(e, ie) || within(ie, e) || l.sideways[[2]string{e, ie}]):
			case li == lp:
				t.Errorf("%s imports %s, both in layer %d: list it with why in the table of imports within a layer in docs/architecture.md, or move one of them", rel, imp, lp)
			default:
				t.Errorf("%s (layer %d) imports %s (layer %d): dependencies must point down", rel, lp, imp, li)
			}
		}
	}
}

// Every package says what it is for, and every package of the layer
// table shows how to use it in a runnable Example (STYLE.md, gophersat).
func TestDocsAndExamples(t *testing.T) {
	repo := loadRepo(t)
	l, _ := readLayers(t)
	for _, rel := range sortedKeys(repo) {
		if p := repo[rel]; !p.doc {
			t.Errorf("%s: package %s has no package comment: add a doc.go", rel, p.name)
		}
	}
	for _, rel := range sortedKeys(l.layer) {
		if p, ok := repo[rel]; ok && l.layer[rel] >= 0 && !p.examples {
			t.Errorf("%s: no runnable Example: add an example_test.go whose Example has an // Output: comment", rel)
		}
	}
}

var (
	// goName is a package-qualified Go name in a code span of the page:
	// pkg.Name or pkg.Type.Member.
	goName = regexp.MustCompile(`\b([a-z][a-z0-9]*)\.([A-Z]\w*)(?:\.([A-Z]\w*))?`)
	// docLink is a doc link of a comment: [Name], [Type.Member], [*Name],
	// [pkg.Name], [pkg.Type.Member].
	docLink = regexp.MustCompile(`\[\*?((?:[a-z][a-z0-9]*\.)?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)\]`)
)

// byName maps a package name to its package, for the names used
// qualified in the docs (smt.Store, cbox.Box); names shared by two
// packages are left out.
func byName(repo map[string]*pkg) map[string]*pkg {
	m := map[string]*pkg{}
	dup := map[string]bool{}
	for _, p := range repo {
		if p.name == "main" || dup[p.name] {
			continue
		}
		if _, ok := m[p.name]; ok {
			delete(m, p.name)
			dup[p.name] = true
			continue
		}
		m[p.name] = p
	}
	return m
}

// has reports whether p declares name ("Name" or "Type.Member").
func has(p *pkg, name string) bool { return p.names[name] }

// Every Go name docs/architecture.md mentions exists.
func TestArchitectureNames(t *testing.T) {
	repo := loadRepo(t)
	_, text := readLayers(t)
	pkgs := byName(repo)
	n := 0
	for _, span := range codeSpan.FindAllStringSubmatch(text, -1) {
		for _, m := range goName.FindAllStringSubmatch(span[1], -1) {
			p, ok := pkgs[m[1]]
			if !ok {
				continue // not a tandem package: it.Rand, a file name
			}
			name := m[2]
			if m[3] != "" {
				name += "." + m[3]
			}
			n++
			if !has(p, name) {
				t.Errorf("docs/architecture.md mentions %s.%s, which package %s does not declare", m[1], name, p.rel)
			}
		}
	}
	if n == 0 {
		t.Error("docs/architecture.md names no Go identifiers; the check is reading the wrong file")
	}
}

// Every doc link of a package comment names something that exists: a
// name of the package, or of a tandem package it mentions by name.
func TestPackageDocLinks(t *testing.T) {
	repo := loadRepo(t)
	pkgs := byName(repo)
	for _, rel := range sortedKeys(repo) {
		p := repo[rel]
		for _, f := range p.files {
			if f.Doc == nil {
				continue
			}
			for line := range strings.SplitSeq(f.Doc.Text(), "\n") {
				if strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "    ") {
					continue // a code block
				}
				for _, m := range docLink.FindAllStringSubmatch(line, -1) {
					if !linkExists(p, pkgs, m[1]) {
						t.Errorf("%s: the package comment links [%s], which does not exist", rel, m[1])
					}
				}
			}
		}
	}
}

func linkExists(p *pkg, pkgs map[string]*pkg, link string) bool {
	parts := strings.Split(link, ".")
	if q, ok := pkgs[parts[0]]; ok && len(parts) > 1 && parts[0] != p.name {
		return has(q, strings.Join(parts[1:], "."))
	}
	if !ast.IsExported(parts[0]) {
		return true // a standard package ([io.Reader]) or plain text
	}
	return has(p, link)
}
