// Package statusline is tandem's one status line: the line a long run
// (a campaign, a reduction) keeps on standard error. On a terminal the
// line is rewritten in place, cut to the terminal's width, and log lines
// are printed above it; anywhere else each update is a line of its own,
// so a log file reads as a plain, line-oriented record.
//
//	l := statusline.New(os.Stderr, false)
//	l.Set("size 412/1024 bytes, round 2")
//	l.Logf("wrote %s", out)
//	l.Clear()
//
// A Line is safe for use by several goroutines. Its zero value and a Line
// on a nil writer print nothing.
package statusline

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Line is a status line on one writer.
type Line struct {
	w     io.Writer
	tty   bool
	stamp bool

	mu   sync.Mutex
	n    int       // width of the line shown on the terminal (0: none)
	last time.Time // of the last Tick that printed
}

// New returns the status line on w: in place when w is a terminal. Lines
// that are not on a terminal begin with the time of day ("15:04:05 ") when
// stamp is set, as campaign logs do.
func New(w io.Writer, stamp bool) *Line {
	return &Line{w: w, tty: IsTerminal(w), stamp: stamp}
}

// IsTerminal reports whether w is an *os.File open on a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// TTY reports whether the line is rewritten in place.
func (l *Line) TTY() bool { return l != nil && l.tty }

// Set shows s as the status line: in place on a terminal, else as a line.
func (l *Line) Set(s string) {
	if l == nil || l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.set(s)
}

// Tick is Set at most once per interval: every is the interval on a
// terminal, offEvery elsewhere (a log needs fewer lines than a screen).
// It reports whether it printed.
func (l *Line) Tick(s func() string, every, offEvery time.Duration) bool {
	if l == nil || l.w == nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	d := offEvery
	if l.tty {
		d = every
	}
	if now := time.Now(); now.Sub(l.last) >= d {
		l.last = now
		l.set(s())
		return true
	}
	return false
}

func (l *Line) set(s string) {
	if !l.tty {
		fmt.Fprintln(l.w, l.prefix()+s)
		return
	}
	// A line longer than the terminal wraps, and \r then redraws only its
	// last part: cut it to the width.
	if f, ok := l.w.(*os.File); ok {
		if ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ); err == nil && ws.Col > 1 {
			if r := []rune(s); len(r) > int(ws.Col)-1 {
				s = string(r[:int(ws.Col)-1])
			}
		}
	}
	pad := ""
	if k := l.n - len(s); k > 0 {
		pad = strings.Repeat(" ", k)
	}
	fmt.Fprintf(l.w, "\r%s%s", s, pad)
	l.n = len(s)
}

func (l *Line) prefix() string {
	if l.stamp {
		return time.Now().Format("15:04:05") + " "
	}
	return ""
}

// Logf prints one line, above the status line on a terminal (which the
// next Set shows again).
func (l *Line) Logf(format string, args ...any) {
	if l == nil || l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
	fmt.Fprintf(l.w, "%s%s\n", l.prefix(), fmt.Sprintf(format, args...))
}

// Clear removes the status line from the terminal.
func (l *Line) Clear() {
	if l == nil || l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
}

func (l *Line) clear() {
	if l.tty && l.n > 0 {
		fmt.Fprintf(l.w, "\r%s\r", strings.Repeat(" ", l.n))
		l.n = 0
	}
}
