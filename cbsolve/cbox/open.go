package cbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"tandem/internal/cli"
	"tandem/smt"
)

// Open makes the box for the declaration f from a command-line spec, the
// IMPL of `tandem solve --cb NAME=IMPL`:
//
//	PATH.c[:SYMBOL]     C source compiled to wasm32 (see CompileC); function SYMBOL, default f.Name
//	PATH.wasm[:EXPORT]  a WebAssembly module run in-process (see NewWasm); export EXPORT, default f.Name
//	exec:CMD [ARG...]   an external program speaking the line protocol (see the package doc)
//
// Errors are [*Error]s whose Kind is Spec, Start, Compile, Signature or
// Memory, and whose message says what to do.
func Open(ctx context.Context, spec string, f *smt.Func, opts Options) (Box, error) {
	if err := checkFunc(f); err != nil {
		return nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	spec = strings.TrimSpace(spec)
	if rest, ok := strings.CutPrefix(spec, "exec:"); ok {
		argv, err := splitCommand(rest)
		if err != nil {
			return nil, &Error{Box: f.Name, Kind: Spec, Msg: fmt.Sprintf("exec spec %q: %v", spec, err)}
		}
		if len(argv) == 0 {
			return nil, &Error{Box: f.Name, Kind: Spec, Msg: "exec spec has no command: write exec:CMD [ARG...]"}
		}
		return OpenExec(ctx, argv, f, opts)
	}
	path, sym := splitPathSymbol(spec)
	switch {
	case strings.HasSuffix(path, ".c"):
		return OpenC(ctx, path, sym, f, opts)
	case strings.HasSuffix(path, ".wasm"):
		return OpenWasm(ctx, path, sym, f, opts)
	}
	return nil, &Error{Box: f.Name, Kind: Spec, Msg: fmt.Sprintf("cannot tell what %q is: write PATH.c[:SYMBOL], PATH.wasm[:EXPORT] or exec:CMD [ARG...]", spec)}
}

// splitPathSymbol splits PATH.c:SYMBOL and PATH.wasm:EXPORT at the last
// colon that follows the extension, so that paths may contain colons.
func splitPathSymbol(spec string) (path, sym string) {
	for _, ext := range []string{".c:", ".wasm:"} {
		if i := strings.LastIndex(spec, ext); i >= 0 {
			return spec[:i+len(ext)-1], spec[i+len(ext):]
		}
	}
	return spec, ""
}

// splitCommand splits a command line into words: blanks separate words,
// single quotes keep everything literally, double quotes keep blanks, and a
// backslash escapes the next character outside single quotes. There is no
// other expansion (no variables, no globs): the program is run directly,
// never through a shell.
func splitCommand(s string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		in    bool // inside a word
		quote rune // 0, '\'' or '"'
		esc   bool
	)
	for _, c := range s {
		switch {
		case esc:
			cur.WriteRune(c)
			esc = false
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteRune(c)
			}
		case c == '\\':
			esc, in = true, true
		case quote == '"':
			if c == '"' {
				quote = 0
			} else {
				cur.WriteRune(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(c)
			in = true
		}
	}
	if esc {
		return nil, fmt.Errorf("trailing backslash")
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote", quote)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

// OpenAll opens a box for every closed box of decls (the declare-cb and
// declare-oracle-fun declarations of the file named file) that has an
// implementation and adds it to set. specs are `--cb NAME=IMPL` specs;
// a Delphi oracle with no spec is looked up in oracleDir (when set) as
// oracleDir/BINARY.c or oracleDir/BINARY.wasm, BINARY being the base name
// of its binary, with the function of that name. Declarations left
// without an implementation are left to the caller; a spec that names no
// declaration is an error.
func OpenAll(ctx context.Context, set *Set, decls []*smt.Func, file string, specs []string, oracleDir string, opts Options) error {
	byName := map[string]string{}
	for _, s := range specs {
		name, impl, ok := strings.Cut(s, "=")
		if !ok || name == "" || impl == "" {
			return cli.Option("Boxes", fmt.Errorf("%q: want NAME=IMPL, e.g. f=f.c", s))
		}
		byName[name] = impl
	}
	for _, f := range decls {
		impl, ok := byName[f.Name]
		if !ok && oracleDir != "" && f.Binary != "" {
			impl, ok = oracleImpl(oracleDir, filepath.Base(f.Binary))
		}
		if !ok {
			continue
		}
		delete(byName, f.Name)
		b, err := Open(ctx, impl, f, opts)
		if err != nil {
			return err
		}
		set.Add(b)
	}
	for name := range byName {
		return cli.Option("Boxes", fmt.Errorf("%s: %s declares no closed box %s (declare-cb or declare-oracle-fun)", name, file, name))
	}
	return nil
}

// oracleImpl is the implementation of the Delphi oracle base in dir:
// dir/base.c or dir/base.wasm, function base.
func oracleImpl(dir, base string) (string, bool) {
	for _, ext := range []string{".c", ".wasm"} {
		p := filepath.Join(dir, base+ext)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p + ":" + base, true
		}
	}
	return "", false
}
