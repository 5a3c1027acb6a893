package solver

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"tandem/internal/proc"
)

// Limits bounds one solver process. A run always has a wall-time and a
// memory limit: zero fields take the defaults below.
type Limits struct {
	// Wall is the wall-clock limit (default DefaultWall). When it passes, the
	// whole process tree is killed with SIGKILL.
	Wall time.Duration
	// CPU is the user+system CPU limit of the whole process tree: each
	// process gets RLIMIT_CPU in whole seconds, rounded up, and the tree is
	// killed when the sum over it passes CPU (default: Wall).
	CPU time.Duration
	// Memory is the memory limit in bytes (default DefaultMemory): each
	// process's address space (RLIMIT_AS), and the resident memory of the
	// whole tree (cgroup memory.max where delegated, else watched). A
	// negative value sets no RLIMIT_AS, for sanitizer builds that reserve
	// terabytes of address space; the tree is still bounded by -Memory and
	// the run classified as memout when its peak RSS passes -Memory.
	Memory int64
	// OutputCap is how many bytes of stdout and of stderr are kept (default
	// DefaultOutputCap). The rest is read and dropped, so the solver never
	// blocks on a full pipe; the dropped count is in the Result.
	OutputCap int
}

// Defaults of [Limits].
const (
	DefaultWall      = 10 * time.Second
	DefaultMemory    = 2 << 30
	DefaultOutputCap = 16 << 20
)

// check rejects negative time limits, which would otherwise silently
// become the defaults (zero means the default).
func (l Limits) check() error {
	if l.Wall < 0 || l.CPU < 0 {
		return fmt.Errorf("negative time limit (wall %v, CPU %v): give a positive limit, or zero for the default", l.Wall, l.CPU)
	}
	return nil
}

func (l Limits) withDefaults() Limits {
	if l.Wall <= 0 {
		l.Wall = DefaultWall
	}
	if l.CPU <= 0 {
		l.CPU = l.Wall
	}
	if l.Memory == 0 {
		l.Memory = DefaultMemory
	}
	if l.OutputCap <= 0 {
		l.OutputCap = DefaultOutputCap
	}
	return l
}

// child is one started solver process and the parent's ends of its pipes.
// The process itself, its tree, limits and reaping are [proc.Proc]'s.
//
// A one-shot run waits for everything at once in the calling goroutine:
// output, exit and the wall-time limit, through one epoll set in Go's
// poller (see loop.go). No thread sits in a blocking wait(2) for the whole
// run: a blocked thread keeps the Go runtime's monitor thread waking every
// 20 µs, which cost more CPU than everything else tandem does per query
// (bench/campaignoverhead). A session, whose output is read as it comes,
// uses goroutines instead ([child.watch]).
type child struct {
	*proc.Proc
	path string

	// The parent's ends of the pipes, until watch wraps them in files or
	// the run loop closes them; inFD is -1 when there is none.
	inFD, outFD, errFD int
	pending            []byte // input still to write to stdin (see startProc)

	// Set by watch.
	stdin  *os.File
	stdout *os.File
	stderr *os.File
}

// binaryCache remembers where exec.LookPath found each solver binary for a
// given PATH, so a campaign does not search PATH for every query. An entry
// is dropped when starting the binary fails.
var binaryCache sync.Map // binaryKey → string

type binaryKey struct{ name, path string }

func lookBinary(p *Profile) (string, error) {
	if p.Binary == "" {
		return "", fmt.Errorf("profile %q has no binary: set binary in a profiles file", p.Name)
	}
	key := binaryKey{p.Binary, os.Getenv("PATH")}
	if path, ok := binaryCache.Load(key); ok {
		return path.(string), nil
	}
	path, err := exec.LookPath(p.Binary)
	if err != nil {
		return "", fmt.Errorf("solver %s: %w (install it, e.g. with ./scripts/setup.sh, or set binary in a profiles file)", p.Name, err)
	}
	binaryCache.Store(key, path)
	return path, nil
}

// pipe returns a pipe whose parent end is non-blocking (for Go's poller)
// and whose child end is blocking, as programs expect. Both are close-on-
// exec; ForkExec dups the child's end onto 0, 1 or 2 without the flag.
func pipe(parentReads bool) (parent, child int, err error) {
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_CLOEXEC|unix.O_NONBLOCK); err != nil {
		return -1, -1, err
	}
	parent, child = fds[1], fds[0]
	if parentReads {
		parent, child = fds[0], fds[1]
	}
	if err := unix.SetNonblock(child, false); err != nil {
		unix.Close(parent)
		unix.Close(child)
		return -1, -1, err
	}
	return parent, child, nil
}

// stdinKind says what a solver's standard input is.
type stdinKind int

const (
	stdinNull        stdinKind = iota // /dev/null: the input is a file argument
	stdinData                         // a pipe that gets the input and is closed
	stdinInteractive                  // a pipe left open for the caller (Session)
)

// startProc starts the solver with argv. For stdinData the input is written
// before the solver starts when it fits in the pipe, and the pipe closed;
// otherwise pr.inFD and pr.pending hold the pipe and the rest. For
// stdinInteractive pr.inFD is the open pipe.
func startProc(p *Profile, argv []string, lim Limits, kind stdinKind, input []byte) (*child, error) {
	path, err := lookBinary(p)
	if err != nil {
		return nil, err
	}
	var parentFDs, childFDs []int
	closeFDs := func(fds []int) {
		for _, fd := range fds {
			unix.Close(fd)
		}
	}
	fail := func(what string, err error) (*child, error) {
		closeFDs(parentFDs)
		closeFDs(childFDs)
		return nil, fmt.Errorf("solver %s: %s: %w", p.Name, what, err)
	}
	inParent, inChild := -1, -1
	if kind == stdinNull {
		if inChild, err = unix.Open(os.DevNull, unix.O_RDONLY|unix.O_CLOEXEC, 0); err != nil {
			return fail("opening "+os.DevNull, err)
		}
		childFDs = append(childFDs, inChild)
	} else {
		if inParent, inChild, err = pipe(false); err != nil {
			return fail("creating stdin pipe", err)
		}
		parentFDs, childFDs = append(parentFDs, inParent), append(childFDs, inChild)
		// Most scripts fit in the pipe's buffer: written now, they need no
		// writer while the solver runs.
		for kind == stdinData && len(input) > 0 {
			n, err := unix.Write(inParent, input)
			if err != nil {
				break // EAGAIN: the rest is written while the solver reads
			}
			input = input[n:]
		}
	}
	outParent, outChild, err := pipe(true)
	if err != nil {
		return fail("creating stdout pipe", err)
	}
	parentFDs, childFDs = append(parentFDs, outParent), append(childFDs, outChild)
	errParent, errChild, err := pipe(true)
	if err != nil {
		return fail("creating stderr pipe", err)
	}
	parentFDs, childFDs = append(parentFDs, errParent), append(childFDs, errChild)

	attr := proc.Attr{
		Path:   path,
		Args:   append([]string{path}, argv...),
		Files:  []uintptr{uintptr(inChild), uintptr(outChild), uintptr(errChild)},
		Limits: lim.tree(),
		PidFD:  !testNoPidfd,
		Dir:    p.Dir,
	}
	pr := &child{path: path, outFD: outParent, errFD: errParent, inFD: -1}
	started, err := proc.Start(attr)
	if err != nil {
		// The binary may have moved since it was looked up: look again.
		binaryCache.Delete(binaryKey{p.Binary, os.Getenv("PATH")})
		if again, lerr := lookBinary(p); lerr == nil && again != path {
			path, pr.path = again, again
			attr.Path, attr.Args[0] = again, again
			started, err = proc.Start(attr)
		}
	}
	closeFDs(childFDs) // the child has its copies
	childFDs = nil
	if err != nil {
		binaryCache.Delete(binaryKey{p.Binary, os.Getenv("PATH")})
		return fail("starting "+path, err)
	}
	pr.Proc = started
	switch {
	case inParent < 0:
	case kind == stdinData && len(input) == 0:
		unix.Close(inParent)
	default:
		pr.inFD, pr.pending = inParent, input
	}
	return pr, nil
}

// testNoPidfd makes startProc start processes without a pidfd, as on a
// kernel before 5.3, so tests cover the fallback.
var testNoPidfd = false

// watch wraps the pipes in files and waits for the process in a
// goroutine, which closes done when it has been reaped.
func (pr *child) watch() {
	if pr.inFD >= 0 {
		pr.stdin = os.NewFile(uintptr(pr.inFD), "solver stdin")
	}
	pr.stdout = os.NewFile(uintptr(pr.outFD), "solver stdout")
	pr.stderr = os.NewFile(uintptr(pr.errFD), "solver stderr")
	pr.inFD, pr.outFD, pr.errFD = -1, -1, -1
	go pr.Wait()
}

// tree maps the limits of one run onto its process tree: RLIMIT_CPU and
// RLIMIT_AS per process, and the same CPU time and memory for the whole
// tree (a negative Memory sets no RLIMIT_AS but still bounds the tree).
func (l Limits) tree() proc.Limits {
	t := proc.Limits{CPU: l.CPU, Memory: l.Memory}
	if l.Memory > 0 {
		t.AddressSpace = l.Memory
	} else if l.Memory < 0 {
		t.Memory = -l.Memory
	}
	return t
}

// capture keeps the first max bytes read from a pipe and counts the rest.
// Its reader never stops reading early, so the writer never blocks. It
// reads straight into the kept data, which starts small: most solver
// answers are a few bytes.
type capture struct {
	max     int
	data    []byte
	dropped int64
	discard []byte
	done    chan struct{} // closed when a capture goroutine has read to the end
}

// buf is where the next read goes.
func (c *capture) buf() []byte {
	room := c.max - len(c.data)
	if room <= 0 {
		if c.discard == nil {
			c.discard = make([]byte, 64<<10)
		}
		return c.discard
	}
	if len(c.data) == cap(c.data) {
		c.data = slices.Grow(c.data, min(max(cap(c.data), 512), room))
	}
	return c.data[len(c.data):min(cap(c.data), c.max)]
}

// got counts n bytes read into buf.
func (c *capture) got(n int) {
	if len(c.data) < c.max {
		c.data = c.data[:len(c.data)+n]
	} else {
		c.dropped += int64(n)
	}
}

// startCapture reads f to its end in a goroutine.
func startCapture(f *os.File, limit int) *capture {
	c := &capture{max: limit, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		for {
			n, err := f.Read(c.buf())
			c.got(n)
			if err != nil {
				return
			}
		}
	}()
	return c
}

// finish waits for the capture to reach end of file, or, when a process
// that escaped the group still holds the pipe open, for at most grace; then
// it closes the pipe.
func (c *capture) finish(f *os.File, grace time.Duration) {
	select {
	case <-c.done:
	case <-time.After(grace):
		f.SetReadDeadline(time.Now())
		<-c.done
	}
	f.Close()
}

// writeInput writes data to the child's stdin and closes it. It gives up
// (without blocking forever) when the child stops reading and the process
// group is gone.
func writeInput(w *os.File, data []byte) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = w.Write(data)
		w.Close()
	}()
	return done
}
