package reduce

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// WriteOutput replaces path with data through a temporary file in the same
// directory and a rename, so a reader (or an interrupted reduction) never
// sees a half-written file. The file gets the mode of the file it
// replaces, or 0644 less the process's umask for a new one, as a file
// created by the shell would: not the 0600 of a temporary file.
func WriteOutput(path string, data []byte) error {
	mode := fs.FileMode(0o644) &^ umask()
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w (is its directory writable?)", path, err)
	}
	_, werr := f.Write(data)
	merr := f.Chmod(mode)
	cerr := f.Close()
	if werr != nil || merr != nil || cerr != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", path, errors.Join(werr, merr, cerr))
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// umask is the process's file mode creation mask, read from
// /proc/self/status (calling umask(2) to read it would change it for every
// thread meanwhile); 022 when it cannot be read.
func umask() fs.FileMode {
	b, err := os.ReadFile("/proc/self/status")
	if err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			if v, ok := bytes.CutPrefix(sc.Bytes(), []byte("Umask:")); ok {
				if m, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 8, 32); err == nil {
					return fs.FileMode(m)
				}
			}
		}
	}
	return 0o022
}
