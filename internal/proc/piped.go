package proc

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// Piped is a started process with pipes to its standard input and output,
// for a conversation: a solver session, a closed box, a warm driver. Its
// standard error is copied into the writer given to [StartPiped] until the
// pipe ends. A goroutine reaps the process when it exits ([Proc.Done]).
type Piped struct {
	*Proc
	Stdin  *os.File // the child's standard input
	Stdout *os.File // the child's standard output

	stderr *os.File
	errEOF chan struct{} // closed when the stderr copy stops
}

// StartPiped starts a with pipes (a.Files is ignored) and copies its
// standard error into stderr.
func StartPiped(a Attr, stderr io.Writer) (*Piped, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeFiles(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeFiles(inR, inW, outR, outW)
		return nil, err
	}
	a.Files = []uintptr{inR.Fd(), outW.Fd(), errW.Fd()}
	a.PidFD = true
	p, err := Start(a)
	closeFiles(inR, outW, errW) // the child has its copies
	if err != nil {
		closeFiles(inW, outR, errR)
		return nil, err
	}
	c := &Piped{Proc: p, Stdin: inW, Stdout: outR, stderr: errR, errEOF: make(chan struct{})}
	go p.Wait()
	go func() {
		defer close(c.errEOF)
		io.Copy(stderr, errR)
	}()
	return c, nil
}

func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

// Stop kills the tree, waits until the process is reaped, and closes the
// pipes, waiting at most grace for the end of standard error (only a
// process that escaped the tree can hold it open longer). Safe to call
// more than once.
func (c *Piped) Stop(grace time.Duration) {
	c.Kill()
	<-c.Done()
	c.Stdin.Close()
	c.Stdout.Close()
	select {
	case <-c.errEOF:
	case <-time.After(grace):
		c.stderr.SetReadDeadline(time.Now())
		<-c.errEOF
	}
	c.stderr.Close()
}

// Head keeps the first Max bytes written to it since the last Take and
// counts the rest; safe for concurrent use.
type Head struct {
	Max int

	mu      sync.Mutex
	buf     []byte
	dropped int
}

func (b *Head) Write(p []byte) (int, error) {
	b.mu.Lock()
	n := min(len(p), max(b.Max-len(b.buf), 0))
	b.buf = append(b.buf, p[:n]...)
	b.dropped += len(p) - n
	b.mu.Unlock()
	return len(p), nil
}

// Bytes returns a copy of what is kept.
func (b *Head) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]byte(nil), b.buf...)
}

// Take returns what was written since the last Take, with a note of the
// dropped byte count, and empties b.
func (b *Head) Take() []byte {
	b.mu.Lock()
	out := b.buf
	if b.dropped > 0 {
		out = fmt.Appendf(out, "\n[%d more bytes dropped]\n", b.dropped)
	}
	b.buf, b.dropped = nil, 0
	b.mu.Unlock()
	return out
}

// Tail keeps the last Max bytes written to it; safe for concurrent use.
type Tail struct {
	Max int

	mu  sync.Mutex
	buf []byte
}

func (t *Tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.Max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.mu.Unlock()
	return len(b), nil
}

// String returns what is kept.
func (t *Tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
