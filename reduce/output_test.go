package reduce

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// OUT is created as the shell would create it (0644 less the umask), not
// with a temporary file's 0600, and keeps the mode of a file it replaces.
func TestWriteOutputMode(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.smt2")
	if err := WriteOutput(out, []byte("(check-sat)\n")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o644 {
		t.Errorf("new OUT has mode %o, want 644", fi.Mode().Perm())
	}
	syscall.Umask(0o077)
	fresh := filepath.Join(dir, "fresh.smt2")
	if err := WriteOutput(fresh, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o600 {
		t.Errorf("with umask 077 OUT has mode %o, want 600", fi.Mode().Perm())
	}
	if err := os.Chmod(out, 0o664); err != nil {
		t.Fatal(err)
	}
	if err := WriteOutput(out, []byte("(exit)\n")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o664 {
		t.Errorf("replaced OUT has mode %o, want its old 664", fi.Mode().Perm())
	}
	if b, _ := os.ReadFile(out); string(b) != "(exit)\n" {
		t.Errorf("content %q", b)
	}
}
