package smtlib

import (
	"errors"
	"fmt"
	"os"

	"tandem/smt"
)

// CheckFile is [Check] of the file path.
func CheckFile(path string, opts ...Options) (commands int, st *smt.Store, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	return Check(path, f, opts...)
}

// ErrorText is how a command line prints the error of reading the script
// path: the located errors of an [ErrorList], one per line as
// FILE:LINE:COL: message, or any other error (a file that cannot be
// read) after the file's name. It ends with a new-line.
func ErrorText(path string, err error) string {
	var list ErrorList
	if errors.As(err, &list) {
		return list.Lines()
	}
	return fmt.Sprintf("%s: %v\n", path, err)
}
