package cbox

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"tandem/internal/proc"
	"tandem/smt"
)

// maxLine bounds an exec box's answer.
const maxLine = 1 << 20

// OpenExec makes the box for f from an external program speaking the line
// protocol of the package doc. argv[0] is looked up on PATH unless it has a
// slash; the program runs directly (no shell) in its own process tree
// (tandem/internal/proc: a cgroup or process group, killed as a whole, dying
// with tandem), with RLIMIT_AS set to opts.MemoryLimit, and is started here
// and kept alive across calls. After a timeout, a crash or a garbled answer
// the tree is killed and the next call starts the program again. Calls are
// serialized: one process answers one line at a time.
//
// Parameters and results may be Bool, Int and bit-vectors of any width.
func OpenExec(ctx context.Context, argv []string, f *smt.Func, opts Options) (Box, error) {
	if err := checkFunc(f); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	if len(argv) == 0 {
		return nil, &Error{Box: f.Name, Kind: Spec, Msg: "exec box without a command: write exec:CMD [ARG...]"}
	}
	for i, p := range append(append([]*smt.Sort(nil), f.Params...), f.Result) {
		if p.Kind != smt.KindBool && p.Kind != smt.KindInt && p.Kind != smt.KindBitVec {
			what := fmt.Sprintf("parameter %d", i+1)
			if i == len(f.Params) {
				what = "the result"
			}
			return nil, &Error{Box: f.Name, Kind: Signature, Msg: fmt.Sprintf("%s has sort %s, but exec boxes pass Bool, Int and bit-vectors only; use a Go box", what, p)}
		}
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return nil, &Error{Box: f.Name, Kind: Start, Msg: fmt.Sprintf("%v (give a path to the program, or put it on PATH)", err)}
	}
	mem := opts.MemoryLimit
	if mem == 0 {
		mem = DefaultExecMemory
	}
	e := &execBox{
		f: f, sig: signatureOf(f), path: path, argv: argv,
		timeout: opts.CallTimeout, wall: opts.CallWall, mem: mem,
		name: smt.QuoteSymbol(f.Name),
	}
	p, err := e.start()
	if err != nil {
		return nil, err
	}
	e.p = p
	e.cur.Store(p)
	return newBox(f, e), nil
}

// ExecWallFactor × Options.CallTimeout is the default wall-clock safety
// limit of an exec box's call (Options.CallWall), whose limit is CPU time
// of the box's process tree: room for a loaded machine, as the solve's
// own (cbsolve.WallFactor).
const ExecWallFactor = 3

type execBox struct {
	f       *smt.Func
	sig     signature
	path    string
	argv    []string
	timeout time.Duration
	wall    time.Duration // the call's wall-clock safety limit
	mem     int64
	name    string // f's name as written on the line

	mu   sync.Mutex
	p    *execProc // nil after a failure: started again on the next call
	line []byte

	closed atomic.Bool
	cur    atomic.Pointer[execProc] // e.p, for Close to kill without e.mu
}

// execProc is one running box process, started by tandem/internal/proc
// (its own process tree, killed as a whole, dies with tandem).
type execProc struct {
	*proc.Piped
	r      *bufio.Reader
	stderr *proc.Tail
}

func (e *execBox) start() (*execProc, error) {
	stderr := &proc.Tail{Max: 4096}
	c, err := proc.StartPiped(proc.Attr{
		Path:   e.path,
		Args:   append([]string{e.argv[0]}, e.argv[1:]...),
		Limits: proc.Limits{AddressSpace: max(e.mem, 0)},
	}, stderr)
	if err != nil {
		return nil, &Error{Box: e.f.Name, Kind: Start, Msg: fmt.Sprintf("starting %s: %v", e.path, err)}
	}
	return &execProc{Piped: c, r: bufio.NewReaderSize(c.Stdout, 4096), stderr: stderr}, nil
}

// wait kills the tree, reaps the process and closes the pipes, waiting at
// most a moment for a descendant that left the tree and holds stderr.
func (p *execProc) wait() { p.Stop(100 * time.Millisecond) }

// status describes how the process ended.
func (p *execProc) status() string {
	if !p.Exited() {
		return "the process is gone"
	}
	e := p.Exit()
	if e.Err != nil {
		return "the process is gone"
	}
	if sig, ok := e.Signaled(); ok {
		name := unix.SignalName(sig)
		if name == "" {
			name = sig.String()
		}
		return "the process was killed by " + name
	}
	return fmt.Sprintf("the process exited with status %d", e.Status.ExitStatus())
}

// lastLines is the last n lines of the kept standard error.
func lastLines(t *proc.Tail, n int) string {
	ls := strings.Split(strings.TrimSpace(t.String()), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}

func (e *execBox) call(ctx context.Context, args []smt.Value) (smt.Value, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	line := append(e.line[:0], e.name...)
	for _, a := range args {
		line = append(line, ' ')
		line = appendValue(line, a)
	}
	line = append(line, '\n')
	e.line = line
	ans, err := e.roundTrip(ctx, line)
	if err != nil {
		return nil, err
	}
	v, err := parseAnswer(ans, e.f.Result)
	if err != nil {
		if errors.Is(err, errBoxError) {
			return nil, &Error{Kind: Failed, Msg: strings.TrimSpace(strings.TrimPrefix(ans, "error"))}
		}
		// The process may be out of step (a stray debug line): restart it.
		e.discard()
		return nil, &Error{Kind: Protocol, Msg: fmt.Sprintf("%v; the answer was %q (answer one line per call: the value, or error MESSAGE)", err, shortText(ans))}
	}
	return v, nil
}

func (e *execBox) callBits(ctx context.Context, args []uint64) (uint64, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	line := append(e.line[:0], e.name...)
	for i, a := range args {
		line = append(line, ' ')
		if e.sig.params[i].Kind == smt.KindBool {
			line = strconv.AppendBool(line, a != 0)
		} else {
			line = strconv.AppendUint(line, a, 10)
		}
	}
	line = append(line, '\n')
	e.line = line
	ans, err := e.roundTrip(ctx, line)
	if err != nil {
		return 0, err
	}
	if x, ok := parseBitsFast(ans, e.sig.result); ok {
		return x, nil
	}
	v, err := parseAnswer(ans, e.f.Result)
	if err != nil {
		if errors.Is(err, errBoxError) {
			return 0, &Error{Kind: Failed, Msg: strings.TrimSpace(strings.TrimPrefix(ans, "error"))}
		}
		e.discard()
		return 0, &Error{Kind: Protocol, Msg: fmt.Sprintf("%v; the answer was %q (answer one line per call: the value, or error MESSAGE)", err, shortText(ans))}
	}
	return valueBits(v), nil
}

// roundTrip writes one line and reads one answer, with the call's time
// limit. e.mu is held.
func (e *execBox) roundTrip(ctx context.Context, line []byte) (string, error) {
	if e.closed.Load() {
		e.discard()
		return "", &Error{Kind: Closed, Msg: "the box was closed"}
	}
	if err := ctx.Err(); err != nil {
		return "", &Error{Kind: Canceled, Msg: err.Error()}
	}
	if e.p == nil {
		p, err := e.start()
		if err != nil {
			return "", err
		}
		e.p = p
		e.cur.Store(p)
		if e.closed.Load() { // Close ran while the process started
			e.discard()
			return "", &Error{Kind: Closed, Msg: "the box was closed"}
		}
	}
	p := e.p
	// The call's limit is CPU time of the box's process tree, so that a
	// loaded machine does not fail a call (nor cache the failure); twice
	// it in wall time bounds a box that waits without using CPU.
	lim, cancel := proc.WithCPULimit(ctx, e.timeout, e.wall, p.TreeCPU)
	defer cancel()
	p.Stdout.SetReadDeadline(time.Time{})
	p.Stdin.SetWriteDeadline(time.Time{})
	fired := make(chan struct{})
	stop := context.AfterFunc(lim, func() {
		p.Stdout.SetReadDeadline(time.Now())
		p.Stdin.SetWriteDeadline(time.Now())
		close(fired)
	})
	_, werr := p.Stdin.Write(line)
	var ans []byte
	var rerr error
	if werr == nil {
		ans, rerr = p.r.ReadSlice('\n')
		for errors.Is(rerr, bufio.ErrBufferFull) {
			ans = append([]byte(nil), ans...)
			var more []byte
			more, rerr = p.r.ReadSlice('\n')
			ans = append(ans, more...)
			if len(ans) > maxLine {
				e.discard()
				return "", &Error{Kind: Protocol, Msg: fmt.Sprintf("the answer is longer than %d bytes", maxLine)}
			}
		}
	}
	if !stop() {
		<-fired // its deadlines are set: a kept process gets new ones next call
	}
	err := werr
	if err == nil {
		err = rerr
	}
	if err == nil {
		return strings.TrimSpace(string(ans)), nil
	}
	if e.closed.Load() {
		e.discard()
		return "", &Error{Kind: Closed, Msg: "the box was closed during the call"}
	}
	if ctx.Err() != nil {
		e.discard()
		return "", &Error{Kind: Canceled, Msg: ctx.Err().Error()}
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		e.discard()
		if lim.Hit() == "wall" {
			return "", &Error{Kind: Timeout, Msg: fmt.Sprintf("no answer within %v of wall time (the safety limit; the CPU limit is %v)", e.wall, e.timeout)}
		}
		return "", &Error{Kind: Timeout, Msg: fmt.Sprintf("no answer within %v of CPU time", e.timeout)}
	}
	// The process closed its end: it died (or closed stdout) mid-call.
	select {
	case <-p.Done():
	case <-time.After(200 * time.Millisecond):
	}
	exited := p.Exited()
	e.discard()
	msg := "the process closed its standard output"
	if exited {
		msg = p.status()
	}
	msg += " during the call"
	kind := Crash
	if errs := lastLines(p.stderr, 5); errs != "" {
		msg += "; its last standard error lines:\n" + errs
		if outOfMemory(errs) {
			kind = Memory
		}
	}
	return "", &Error{Kind: kind, Msg: msg}
}

func outOfMemory(stderr string) bool {
	s := strings.ToLower(stderr)
	for _, m := range []string{"out of memory", "memoryerror", "cannot allocate memory", "bad_alloc", "std::bad_alloc"} {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// discard kills the current process; the next call starts a new one.
// e.mu is held.
func (e *execBox) discard() {
	if p := e.p; p != nil {
		e.p = nil
		e.cur.Store(nil)
		p.wait()
	}
}

// close kills the process group at once (ending a call in flight), then
// reaps the process.
func (e *execBox) close() error {
	e.closed.Store(true)
	if p := e.cur.Load(); p != nil {
		p.Kill()
	}
	e.mu.Lock()
	e.discard()
	e.mu.Unlock()
	return nil
}

// appendValue writes a value in the protocol's notation: decimals
// (bit-vectors unsigned, Ints with a leading minus), true/false.
func appendValue(dst []byte, v smt.Value) []byte {
	switch v := v.(type) {
	case smt.BoolValue:
		return strconv.AppendBool(dst, bool(v))
	case smt.BVValue:
		return v.V.Append(dst, 10)
	case smt.IntValue:
		return v.V.Append(dst, 10)
	}
	return append(dst, v.String()...)
}

var errBoxError = errors.New("the box reported an error")

// parseBitsFast reads the common answers (a decimal that fits, true,
// false) without allocating.
func parseBitsFast(s string, res *smt.Sort) (uint64, bool) {
	if res.Kind == smt.KindBool {
		switch s {
		case "true":
			return 1, true
		case "false":
			return 0, true
		}
		return 0, false
	}
	x, err := strconv.ParseUint(s, 10, 64)
	if err != nil || x&^maskOf(res.Width) != 0 {
		return 0, false
	}
	return x, true
}

// parseAnswer reads an answer as a value of sort res: decimal, #x…, #b…,
// (_ bvN w) for bit-vectors; -5, (- 5) for Ints; true, false; or
// error MESSAGE.
func parseAnswer(s string, res *smt.Sort) (smt.Value, error) {
	if s == "error" || strings.HasPrefix(s, "error ") || strings.HasPrefix(s, "error\t") {
		return nil, errBoxError
	}
	switch res.Kind {
	case smt.KindBool:
		switch s {
		case "true", "1":
			return smt.BoolValue(true), nil
		case "false", "0":
			return smt.BoolValue(false), nil
		}
		return nil, fmt.Errorf("want true or false")
	case smt.KindInt:
		t := s
		if strings.HasPrefix(t, "(-") && strings.HasSuffix(t, ")") {
			t = "-" + strings.TrimSpace(t[2:len(t)-1])
		}
		x, ok := new(big.Int).SetString(t, 10)
		if !ok {
			return nil, fmt.Errorf("want an integer in decimal")
		}
		return smt.IntValue{V: x}, nil
	case smt.KindBitVec:
		x, w, err := parseBV(s)
		if err != nil {
			return nil, err
		}
		if w != 0 && w != res.Width {
			return nil, fmt.Errorf("the answer has %d bits, want %d", w, res.Width)
		}
		if x.Sign() < 0 || x.BitLen() > res.Width {
			return nil, fmt.Errorf("%s does not fit in %s: answer an unsigned value below 2^%d", x, res, res.Width)
		}
		return smt.BVValue{W: res.Width, V: x}, nil
	}
	return nil, fmt.Errorf("sort %s cannot be read", res)
}

// parseBV reads a decimal (width 0: any), #x…, #b… or (_ bvN w).
func parseBV(s string) (*big.Int, int, error) {
	bad := fmt.Errorf("want an unsigned decimal, #x…, #b… or (_ bvN w)")
	switch {
	case strings.HasPrefix(s, "#x"):
		x, ok := new(big.Int).SetString(s[2:], 16)
		if !ok || s[2:] == "" || strings.ContainsAny(s[2:], "+-_") {
			return nil, 0, bad
		}
		return x, 4 * (len(s) - 2), nil
	case strings.HasPrefix(s, "#b"):
		x, ok := new(big.Int).SetString(s[2:], 2)
		if !ok || s[2:] == "" || strings.ContainsAny(s[2:], "+-_") {
			return nil, 0, bad
		}
		return x, len(s) - 2, nil
	case strings.HasPrefix(s, "(_"):
		f := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(s, "(_"), ")"))
		if len(f) != 2 || !strings.HasPrefix(f[0], "bv") {
			return nil, 0, bad
		}
		x, ok := new(big.Int).SetString(f[0][2:], 10)
		w, err := strconv.Atoi(f[1])
		if !ok || err != nil {
			return nil, 0, bad
		}
		return x, w, nil
	}
	if s == "" || bytes.IndexFunc([]byte(s), func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return nil, 0, bad
	}
	x, _ := new(big.Int).SetString(s, 10)
	return x, 0, nil
}
