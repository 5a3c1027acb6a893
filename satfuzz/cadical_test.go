package satfuzz

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tandem/internal/testutil"
	"tandem/satfuzz/trace"
)

func TestCaDiCaLTarget(t *testing.T) {
	testutil.RequireBinary(t, "g++")
	testutil.RequireBinary(t, "cadical")
	if ps := run(t, "cadical", smallTrace); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
	if ps := run(t, "cadical", "init\noption check=true\noption chrono=2\nnewVar 3\naddClause 1 2\naddClause -1\nenumerating\n"); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
}

// debianTree lays out Debian's CaDiCaL as a source tree after make
// (src/cadical.hpp, build/libcadical.a, build/cadical), so the cadical@DIR
// path is tested without building CaDiCaL from source.
func debianTree(t *testing.T) string {
	t.Helper()
	testutil.RequireBinary(t, "g++")
	bin := testutil.RequireBinary(t, "cadical")
	dir := t.TempDir()
	for link, target := range map[string]string{
		"src/cadical.hpp":    "/usr/include/cadical.hpp",
		"build/libcadical.a": "/usr/lib/x86_64-linux-gnu/libcadical.a",
		"build/cadical":      bin,
	} {
		if _, err := os.Stat(target); err != nil {
			if testutil.InCI() {
				t.Fatal(err)
			}
			t.Skip(err)
		}
		p := filepath.Join(dir, link)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCaDiCaLAtDir(t *testing.T) {
	dir := debianTree(t)
	tg, err := NewTarget("cadical@" + dir)
	if err != nil {
		t.Fatal(err)
	}
	if tg.Name() != "cadical@"+dir {
		t.Errorf("Name() = %q", tg.Name())
	}
	// The model read from the tree's --help is the generated one.
	if !reflect.DeepEqual(tg.Options(), CaDiCaLOptions) {
		t.Errorf("cadical@DIR model differs from CaDiCaLOptions: %d vs %d options", len(tg.Options()), len(CaDiCaLOptions))
	}
	if ps := run(t, "cadical@"+dir, "init\noption check=true\noption chrono=2\nnewVar 3\naddClause 1 2\naddClause -1\nenumerating\n"); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
	// An option the build does not have is an option error of the trace,
	// not a finding.
	p, err := trace.Parse([]byte("init\noption nosuchoption=true\nnewVar 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := tg.Run(context.Background(), p, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Error, "option: ") {
		t.Errorf("unknown option: Error = %q, want an option error", res.Error)
	}
	if v := tg.(Versioned).Version(context.Background()); v == "" || strings.Contains(v, "libcadical-dev") {
		t.Errorf("Version() = %q, want the library's version without the Debian package", v)
	}
}

func TestCaDiCaLAtBadDir(t *testing.T) {
	dir := t.TempDir()
	_, err := NewTarget("cadical@" + dir)
	if err == nil || !strings.Contains(err.Error(), "build/libcadical.a") && !strings.Contains(err.Error(), "src/cadical.hpp") {
		t.Fatalf("NewTarget(cadical@empty dir) = %v, want an error naming the missing file", err)
	}
	if _, err := NewTarget("nosuch@x"); err == nil {
		t.Fatal("NewTarget(nosuch@x): no error")
	}
}
