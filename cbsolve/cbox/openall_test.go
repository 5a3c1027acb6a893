package cbox

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tandem/internal/cli"
	"tandem/internal/testutil"
	"tandem/smt"
)

// OpenAll gives each declaration its --cb implementation, finds a Delphi
// oracle with no spec as ORACLE-DIR/BINARY.c by its binary's base name,
// leaves the others open, and refuses a malformed spec and a spec that
// names no declaration.
func TestOpenAll(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	dir := t.TempDir()
	src, err := os.ReadFile(boxesC)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "popcount.c"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	mul := decl("mul", bv(32), bv(32), bv(32))
	oracle := decl("pc", bv(64), bv(8))
	oracle.Binary = "/opt/delphi/bin/popcount"
	left := decl("left", bv(8), bv(8))
	ctx := context.Background()
	set := NewSet(Options{})
	defer set.Close()
	if err := OpenAll(ctx, set, []*smt.Func{mul, oracle, left}, "q.smt2", []string{"mul=" + boxesC}, dir, Options{}); err != nil {
		t.Fatal(err)
	}
	if v, err := set.Call(mul, []uint64{6, 7}); err != nil || v != 42 {
		t.Errorf("mul 6 7 = %d, %v", v, err)
	}
	if v, err := set.Call(oracle, []uint64{0xff}); err != nil || v != 8 {
		t.Errorf("oracle popcount #xff = %d, %v", v, err)
	}
	if _, ok := set.Box(left); ok {
		t.Error("a declaration without an implementation got a box")
	}
	for _, c := range []struct {
		spec, want string
	}{
		{"mul", `"mul": want NAME=IMPL`},
		{"nosuch=" + boxesC, "nosuch: q.smt2 declares no closed box nosuch"},
	} {
		err := OpenAll(ctx, NewSet(Options{}), []*smt.Func{mul}, "q.smt2", []string{c.spec}, "", Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--cb %s: %v, want %q", c.spec, err, c.want)
		}
		// The command layer names the flag: the package does not.
		var oe *cli.OptionError
		if !errors.As(err, &oe) || oe.Option != "Boxes" || strings.Contains(err.Error(), "--") {
			t.Errorf("--cb %s: %v is not a neutral OptionError of Boxes", c.spec, err)
		}
	}
}
