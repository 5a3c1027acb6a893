package smtlib

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// Size limits of the inputs tandem reads, so that an endless or huge input
// (/dev/zero, a runaway generator) ends in a clear error instead of
// exhausting memory (issue 28 item 7). Scripts are read as a stream, so
// their limit is generous; models and other inputs read whole are held
// in memory and have a smaller one.
var (
	// MaxScriptBytes bounds a script read by [ParseFile], [ParseReader]
	// and [Check] (unless [Options.MaxBytes] says otherwise): 1 GiB,
	// ten times the largest script tandem is benchmarked on.
	MaxScriptBytes int64 = 1 << 30
	// MaxModelBytes bounds a model or other solver answer read from a
	// file with [ReadFile].
	MaxModelBytes int64 = 256 << 20
)

// ErrTooLarge is wrapped by the error of an input above its size limit.
var ErrTooLarge = errors.New("input too large")

// TooLargeError is the error of an input above its size limit.
type TooLargeError struct {
	Name  string // the file, or "standard input"
	What  string // "script", "model"
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: the %s is larger than %s, the most tandem reads (is it the right file? a larger one must be split)",
		e.Name, e.What, sizeString(e.Limit))
}

func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

// ReadFile reads a whole input file of at most limit bytes (a model, a
// solver answer; limit <= 0 means [MaxModelBytes]); what names it in the
// error ("model"). Special files such as /dev/zero are read up to the
// limit, never further.
func ReadFile(path, what string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = MaxModelBytes
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, path, what, limit)
}

// ReadAll reads r to its end, at most limit bytes (limit <= 0 means
// [MaxModelBytes]); name ("standard input", a path) and what ("script")
// name the input in the errors, a [*TooLargeError] above the limit.
func ReadAll(r io.Reader, name, what string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = MaxModelBytes
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Name: name, What: what, Limit: limit}
	}
	return data, nil
}

// limitedReader fails with a [*TooLargeError] after limit bytes.
type limitedReader struct {
	r    io.Reader
	left int64
	err  *TooLargeError
}

func newLimitedReader(r io.Reader, name string, limit int64) io.Reader {
	if limit <= 0 {
		limit = MaxScriptBytes
	}
	return &limitedReader{r: r, left: limit, err: &TooLargeError{Name: name, What: "script", Limit: limit}}
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more tells a file of exactly the limit from a larger one.
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			return 0, l.err
		}
		return l.r.Read(p)
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

func sizeString(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
