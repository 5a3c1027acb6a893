package archtest

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// cliWord is a command-line flag ("--cb", "--measure") or a tandem command
// ("'tandem bandit perf'") in a message.
var cliWord = regexp.MustCompile(`(^|[\s("'])--[a-z][a-z-]*|'tandem [a-z]`)

// cliWordOK lists the messages of packages that may name a flag, by file
// and the text that does, with the reason: the flag is another program's,
// or the text points to where profile keys are documented for users.
var cliWordOK = map[string][]string{
	"solver/profile.go": {"--key=value or --flag (e.g. --check-models)", // cvc5's own option syntax
		"'tandem solvers --help'"}, // where profile keys are documented
	"satfuzz/target/cadical/help.go": {"cadical --help"},          // CaDiCaL's help text, parsed
	"satfuzz/kissat.go":              {"--range"},                 // kissat's option listing
	"cbsolve/cbox/wasm.go":           {"--import-memory"},         // wasm-ld's flag
	"solver/effort.go":               {"'tandem solvers --help'"}, // where profile keys are documented
	"solver/config.go":               {"'tandem solvers --help'"},
}

// TestNoFlagsInPackageErrors keeps issue 24 item 2 closed as a class: a
// library package's error messages say nothing of tandem's command line
// (a Go caller has no --cb to pass). A package returns a neutral error,
// marked with cli.Option when it is about one option, and the command
// layer names the flag (cli.NameFlags). Only a package's flags.go, which
// registers its flags, and cmd/tandem speak of flags.
func TestNoFlagsInPackageErrors(t *testing.T) {
	eachLibraryFile(t, map[string]bool{"cmd": true, "flags.go": true}, func(fset *token.FileSet, rel string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			for _, lit := range messageLiterals(n) {
				s, _ := strconv.Unquote(lit.Value)
				if cliWord.MatchString(s) && !allowedCLIWord(rel, s) {
					t.Errorf("%s: error message %q names tandem's command line: return a neutral error (cli.Option for one option) and let the command name the flag (cli.NameFlags)",
						fset.Position(lit.Pos()), s)
				}
			}
			return true
		})
	})
}

// messageLiterals are the string literals of an error message n makes:
// fmt.Errorf and errors.New arguments, and a Msg field's text (cbox.Error).
func messageLiterals(n ast.Node) []*ast.BasicLit {
	var args []ast.Expr
	switch n := n.(type) {
	case *ast.CallExpr:
		if s := selector(n.Fun); s == "fmt.Errorf" || s == "errors.New" {
			args = n.Args
		}
	case *ast.KeyValueExpr:
		if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Msg" {
			args = []ast.Expr{n.Value}
			if c, ok := n.Value.(*ast.CallExpr); ok && selector(c.Fun) == "fmt.Sprintf" {
				args = c.Args
			}
		}
	}
	var lits []*ast.BasicLit
	for _, e := range args {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			lits = append(lits, lit)
		}
	}
	return lits
}

func allowedCLIWord(rel, s string) bool {
	for _, ok := range cliWordOK[rel] {
		if strings.Contains(s, ok) {
			return true
		}
	}
	return false
}
