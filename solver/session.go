package solver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"tandem/internal/proc"
)

// SessionOptions are the settings of an incremental [Session].
type SessionOptions struct {
	// Mode adds the model and self-check options to the solver's arguments.
	Mode
	// CallTimeout bounds each call in wall time (default
	// DefaultCallTimeout); a context deadline that comes earlier wins. A
	// call that times out kills the process; the next call starts a new
	// one and replays the live assertion stack into it.
	CallTimeout time.Duration
	// CallCPU, when positive, bounds each call by the CPU time (user +
	// system) the solver's process tree spends on it, polled while the
	// call waits: a call that reaches it is a timeout as above. With it,
	// CallTimeout is only a hang detector: set it well above CallCPU, so
	// that a loaded machine does not turn a slow answer into a timeout.
	CallCPU time.Duration
	// Memory is the address-space limit of each solver process (default
	// DefaultMemory; negative for none). There is no CPU limit: the process
	// lives across many calls, and CallTimeout bounds each of them.
	Memory int64
	// MaxResponse is the largest response kept, in bytes (default 64 MiB).
	// A larger one restarts the process and the call fails.
	MaxResponse int
}

// DefaultCallTimeout is the per-call time limit of a Session.
const DefaultCallTimeout = 10 * time.Second

// ReplyKind says what kind of response a [Reply] carries; it is the
// [ResponseKind] of the solver's response, or ReplyNone when the solver
// gave none (it timed out or died).
type ReplyKind = ResponseKind

// ReplyNone is the kind of a Reply to a call that got no response.
const ReplyNone ResponseKind = -1

// Reply is the outcome of one Session call.
type Reply struct {
	// Kind is what the solver printed: RespAnswer (check-sat), RespSuccess,
	// RespError, RespUnsupported, RespOther (a model, get-value pairs, an
	// unsat core), or ReplyNone when the call failed.
	Kind ResponseKind
	// Status is the check-sat answer when Kind is RespAnswer, StatusError
	// for RespError, StatusUnsupported for RespUnsupported, and for
	// ReplyNone what went wrong: StatusTimeout, StatusCrash, StatusMemout or
	// StatusError. For RespSuccess and RespOther it is StatusUnknown and
	// carries no meaning.
	Status Status
	// Raw is the solver's response as raw s-expression text: for get-model,
	// get-value and get-unsat-core this is what the smtlib package's
	// response parser reads.
	Raw string
	// Message is the text of an (error "…") response, unescaped, or why a
	// call failed.
	Message string
	// Signature is the normalized crash signature when the process crashed.
	Signature string
	// Restarted says this call started a new solver process (the previous
	// one crashed, timed out or exited during an earlier call) and replayed
	// the live assertion stack into it before running. A call that fails
	// does not restart anything: the process is gone until the next call.
	Restarted bool
	// Wall is the time the call took, including any restart.
	Wall time.Duration
}

// Failed reports whether the call got no usable response: the solver
// timed out, died, or answered with an error or unsupported.
func (r Reply) Failed() bool {
	return r.Kind == ReplyNone || r.Kind == RespError || r.Kind == RespUnsupported
}

// SessionStats counts what happened in a session.
type SessionStats struct {
	Calls     int // calls made (not counting replayed commands)
	Restarts  int // processes started after the first one
	Timeouts  int // calls that hit their time limit
	Crashes   int // calls during which the process died
	Replayed  int // commands sent again to restarted processes
	Processes int // solver processes started
	// EndedCPU is the CPU time (user + system, whole process tree) of the
	// session's processes that have ended and been reaped. With the live
	// process's CPU (from /proc, see PID) it gives the session's total even
	// across restarts.
	EndedCPU time.Duration
}

// Session is one long-lived solver process driven over standard input and
// output for many incremental queries. It tracks the live assertion stack
// (declarations, definitions, options, assertions and push levels) and, when
// the process crashes or a call times out, starts a new process and replays
// that stack into it, so the caller can go on as if nothing had happened;
// the Reply and the stats say that it did.
//
// Responses are read by s-expression framing with :print-success on, so
// every command has exactly one response and no call ever sleeps to wait
// for output; Isolated and Fresh exchanges run with it off where the
// solver allows (the quiet exchange, quiet.go) and end at the answer of a
// closing command. A Session is safe for use by one goroutine at a time; calls
// from several goroutines are serialized.
type Session struct {
	mu     sync.Mutex
	p      *Profile
	opts   SessionOptions
	argv   []string
	cur    *incarnation
	levels [][]stackCmd // levels[0]: base commands; levels[i>0]: after the i-th push
	// global says :global-declarations is on: declarations and
	// definitions made now outlive pop and reset-assertions
	global bool
	stats  SessionStats
	closed bool
	// lastSent is the history of the last process torn down
	lastSent *history
	// quietState says whether exchanges run quiet (quiet.go): 0 not
	// known yet (the solver is asked its stack depth before the first
	// one), 1 yes, -1 no (the solver did not answer the depth, or
	// ignores print-success off)
	quietState int8
}

// incarnation is one solver process of a session.
type incarnation struct {
	pr *child
	// fr reads the solver's responses in the calling goroutine, under
	// the call's read deadline (see readReply): no reader goroutine, so
	// no hand-off per response.
	fr   *frameReader
	errC *capture
	sent history // what was written to it (Session.History)
	// lastError is the message of its last (error …) response: a solver
	// that exits normally right after one (cvc5 on an exception in
	// interactive mode) ended on that error, not in a crash.
	lastError string
	// quiet says print-success is off (a quiet exchange turned it off;
	// see Session.loud)
	quiet bool
}

// stackCmd is one command of the live stack a restart replays; lasting
// says it outlives pop and reset-assertions (SMT-LIB 2.6 §4.2.2: an
// option, set-info, set-logic, or a declaration or definition made under
// :global-declarations).
type stackCmd struct {
	text    string
	lasting bool
}

type frame struct {
	text string
	err  error
}

// StartSession starts the profile's solver in interactive mode. The
// profile must have InteractiveArgs and accept :print-success.
func StartSession(ctx context.Context, p *Profile, opts SessionOptions) (*Session, error) {
	if !p.Incremental() || p.Quirks.NoPrintSuccess {
		return nil, fmt.Errorf("solver %s has no interactive mode tandem can drive (set interactive_args in its profile, or use Run)", p.Name)
	}
	if opts.CallTimeout < 0 || opts.CallCPU < 0 {
		return nil, fmt.Errorf("solver %s: negative call timeout (wall %v, CPU %v): give a positive one, or zero for the default", p.Name, opts.CallTimeout, opts.CallCPU)
	}
	if opts.CallTimeout == 0 {
		opts.CallTimeout = DefaultCallTimeout
	}
	if opts.Memory == 0 {
		opts.Memory = DefaultMemory
	}
	if opts.MaxResponse <= 0 {
		opts.MaxResponse = 64 << 20
	}
	s := &Session{p: p.Clone(), opts: opts, argv: p.InteractiveArgv(opts.Mode), levels: [][]stackCmd{nil}}
	if err := s.spawn(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// spawn starts a process, turns on print-success and replays the stack.
func (s *Session) spawn(ctx context.Context) error {
	lim := Limits{Memory: s.opts.Memory}
	if lim.Memory < 0 {
		lim.Memory = 0
	}
	pr, err := startProc(s.p, s.argv, lim, stdinInteractive, nil)
	if err != nil {
		return err
	}
	pr.watch()
	if s.stats.Processes > 0 {
		s.stats.Restarts++
	}
	s.stats.Processes++
	inc := &incarnation{pr: pr, fr: newFrameReader(pr.stdout, s.opts.MaxResponse)}
	inc.errC = startCapture(pr.stderr, 1<<20)
	s.cur = inc
	if r := s.roundTrip(ctx, "(set-option :print-success true)"); r.Kind != RespSuccess {
		s.teardown()
		return fmt.Errorf("solver %s: turning on :print-success failed (%s %s): the profile's interactive_args may be wrong", s.p.Name, r.Status, r.Message)
	}
	for i, lvl := range s.levels {
		if i > 0 {
			if r := s.roundTrip(ctx, "(push 1)"); r.Kind != RespSuccess {
				s.teardown()
				return fmt.Errorf("solver %s: replaying push %d after a restart failed: %s %s", s.p.Name, i, r.Status, r.Message)
			}
			s.stats.Replayed++
		}
		for _, cmd := range lvl {
			if r := s.roundTrip(ctx, cmd.text); r.Kind != RespSuccess {
				s.teardown()
				return fmt.Errorf("solver %s: replaying %.80q after a restart failed: %s %s", s.p.Name, cmd.text, r.Status, r.Message)
			}
			s.stats.Replayed++
		}
	}
	return nil
}

// teardown kills the current process group, waits until it is reaped
// and closes its pipes (nothing reads stdout but a call, which has
// returned).
func (s *Session) teardown() {
	inc := s.cur
	if inc == nil {
		return
	}
	s.cur = nil
	s.lastSent = &inc.sent
	inc.pr.Kill()
	<-inc.pr.Done()
	if e := inc.pr.Exit(); e.Err == nil {
		s.stats.EndedCPU += e.User + e.Sys
	}
	inc.pr.stdin.Close()
	inc.pr.stdout.Close()
	inc.errC.finish(inc.pr.stderr, drainGrace)
}

// roundTrip sends one command and reads its one response. On a timeout or
// a dead process it tears the incarnation down and returns a ReplyNone
// reply; it does not restart.
func (s *Session) roundTrip(ctx context.Context, cmd string) Reply {
	inc := s.cur
	w := s.startWait(ctx, inc, s.deadline(ctx))
	defer w.stop()
	inc.pr.stdin.SetWriteDeadline(w.deadline)
	inc.sent.add([]byte(cmd + "\n"))
	if _, err := inc.pr.stdin.Write([]byte(cmd + "\n")); err != nil {
		return s.writeFailed(ctx, err, w.deadline)
	}
	return s.readReply(ctx, inc, w)
}

// callWait is how long one call may wait: its wall deadline and, with
// SessionOptions.CallCPU, the process tree's CPU time at its start and
// when to look at it next. The tree cannot use more CPU than wall time
// times the machine's cores, so the next look is when the rest of the
// limit could at the earliest be used up: a few looks per call, not a
// poll every few milliseconds (which on a loaded machine, where a CPU
// second takes many wall seconds, cost tandem more than the call). The
// reads of the solver's output wait until the earlier of the two
// (stdout's read deadline), or until ctx is done (ctx's AfterFunc moves
// the deadline to the past).
type callWait struct {
	deadline time.Time
	look     time.Time // zero without a CPU limit
	cpu0     time.Duration
	limit    time.Duration
	out      *os.File
	stopCtx  func() bool
}

func (s *Session) startWait(ctx context.Context, inc *incarnation, deadline time.Time) *callWait {
	w := &callWait{deadline: deadline, out: inc.pr.stdout}
	if s.opts.CallCPU > 0 {
		w.limit = s.opts.CallCPU
		w.cpu0 = inc.pr.TreeCPU()
		w.look = time.Now().Add(proc.NextCPULook(w.limit))
	}
	w.arm()
	if ctx.Done() != nil {
		out := w.out
		w.stopCtx = context.AfterFunc(ctx, func() { out.SetReadDeadline(time.Unix(1, 0)) })
	}
	return w
}

// arm sets the read deadline of the solver's output to the call's next
// moment to look: its deadline or its next look at the CPU time.
func (w *callWait) arm() {
	d := w.deadline
	if !w.look.IsZero() && w.look.Before(d) {
		d = w.look
	}
	w.out.SetReadDeadline(d)
}

func (w *callWait) stop() {
	if w.stopCtx != nil {
		w.stopCtx()
	}
}

// deadline is the end of a call that starts now.
func (s *Session) deadline(ctx context.Context) time.Time {
	deadline := time.Now().Add(s.opts.CallTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	return deadline
}

// writeFailed classifies a failed write to the solver's input.
func (s *Session) writeFailed(ctx context.Context, err error, deadline time.Time) Reply {
	if errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe) {
		return s.died("the solver closed its input")
	}
	if time.Now().After(deadline) {
		return s.timedOut(ctx)
	}
	return s.died("writing to the solver: " + err.Error())
}

// syncWrite is the largest batch written without a goroutine: well
// under Linux's smallest pipe buffer of 64 KiB (16 pages).
const syncWrite = 32 << 10

// roundTrips pipelines cmds: it writes them all (from a goroutine, so a
// solver that blocks on a full output pipe cannot deadlock the write)
// and reads their responses in order, under one deadline. The replies
// from the first failed one on are ReplyNone, and the incarnation is torn
// down then, as in roundTrip.
func (s *Session) roundTrips(ctx context.Context, cmds []string) []Reply {
	inc := s.cur
	w := s.startWait(ctx, inc, s.deadline(ctx))
	defer w.stop()
	werr := s.writeAll(inc, joinCommands(cmds), w.deadline)
	out := make([]Reply, len(cmds))
	for i := range cmds {
		out[i] = s.readReply(ctx, inc, w)
		if out[i].Kind == ReplyNone {
			// torn down: the write has failed or fails now
			<-werr
			for j := i + 1; j < len(cmds); j++ {
				out[j] = Reply{Kind: ReplyNone, Status: out[i].Status, Message: "not run: an earlier command of the batch failed"}
			}
			return out
		}
	}
	if err := <-werr; err != nil {
		// every response arrived, so the write cannot have failed
		// but for a race with the process exiting: report it on the last
		out[len(out)-1] = s.writeFailed(ctx, err, w.deadline)
	}
	return out
}

// joinCommands is cmds, one per line.
func joinCommands(cmds []string) []byte {
	n := 0
	for _, c := range cmds {
		n += len(c) + 1
	}
	text := make([]byte, 0, n)
	for _, c := range cmds {
		text = append(append(text, c...), '\n')
	}
	return text
}

// writeAll writes text to the solver's input and sends the write's error
// on the returned channel: directly when it fits in the pipe, which the
// solver has emptied (it answered every earlier command), so the write
// cannot block and a goroutine would cost a thread hand-off on a loaded
// machine; from a goroutine otherwise, so that a solver blocked on a full
// output pipe cannot deadlock the write.
func (s *Session) writeAll(inc *incarnation, text []byte, deadline time.Time) <-chan error {
	inc.pr.stdin.SetWriteDeadline(deadline)
	inc.sent.add(text)
	werr := make(chan error, 1)
	if len(text) <= syncWrite {
		_, err := inc.pr.stdin.Write(text)
		werr <- err
		return werr
	}
	go func() {
		_, err := inc.pr.stdin.Write(text)
		werr <- err
	}()
	return werr
}

// readReply reads the next response of inc, until the call's wall
// deadline or CPU limit is reached or ctx is done. It reads in the
// calling goroutine: a read deadline (see callWait) interrupts it to
// look at the CPU time, and the response read so far is kept.
func (s *Session) readReply(ctx context.Context, inc *incarnation, w *callWait) Reply {
	for {
		text, err := inc.fr.next()
		if !isDeadline(err) {
			return s.frameReply(frame{text, err})
		}
		now := time.Now()
		if ctx.Err() != nil || !now.Before(w.deadline) {
			return s.timedOut(ctx)
		}
		if !w.look.IsZero() && !now.Before(w.look) {
			used := inc.pr.TreeCPU() - w.cpu0
			if used >= w.limit {
				r := s.timedOut(ctx)
				if r.Status == StatusTimeout {
					r.Message = "CPU time limit reached; solver process killed"
				}
				return r
			}
			w.look = now.Add(proc.NextCPULook(w.limit - used))
		}
		// the deadline came early (ctx's AfterFunc of an earlier call
		// on the same pipe): arm it again, then look at ctx, whose
		// AfterFunc may have run before this arm
		w.arm()
		if ctx.Err() != nil {
			return s.timedOut(ctx)
		}
	}
}

// frameReply classifies one frame read from the solver.
func (s *Session) frameReply(f frame) Reply {
	if f.err == io.EOF || errors.Is(f.err, errUnterminated) || (f.err != nil && !errors.Is(f.err, errFrameTooLarge)) {
		return s.died("the solver closed its output")
	}
	if f.err != nil {
		s.teardown()
		return Reply{Kind: ReplyNone, Status: StatusError, Message: f.err.Error()}
	}
	kind, st, msg := ClassifyResponse(f.text)
	r := Reply{Kind: kind, Status: st, Raw: f.text, Message: msg}
	if kind == RespError && s.cur != nil {
		s.cur.lastError = msg
	}
	switch kind {
	case RespSuccess, RespOther:
		r.Status = StatusUnknown
	case RespNoise:
		r.Kind, r.Status = RespOther, StatusUnknown
	}
	return r
}

func (s *Session) timedOut(ctx context.Context) Reply {
	s.teardown()
	if err := ctx.Err(); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return Reply{Kind: ReplyNone, Status: StatusError, Message: "cancelled: " + err.Error()}
	}
	s.stats.Timeouts++
	return Reply{Kind: ReplyNone, Status: StatusTimeout, Message: "time limit reached; solver process killed"}
}

// died classifies a process that stopped answering.
func (s *Session) died(why string) Reply {
	inc := s.cur
	// Give the process a moment to finish exiting, then make sure.
	select {
	case <-inc.pr.Done():
	case <-time.After(200 * time.Millisecond):
	}
	s.teardown()
	r := Reply{Kind: ReplyNone, Status: StatusCrash, Message: why}
	normalExit := false
	if e := inc.pr.Exit(); inc.pr.Exited() && e.Err == nil {
		if ws := e.Status; ws.Signaled() {
			r.Message += "; killed by " + signalName(ws.Signal())
			r.Signature = "signal " + signalName(ws.Signal())
		} else {
			normalExit = true
			r.Message += fmt.Sprintf("; exit code %d", ws.ExitStatus())
		}
	}
	// out of memory first, as Run decides: "terminate called after
	// throwing an instance of 'std::bad_alloc'" matches the C++ crash
	// signature too, but a solver that dies of its memory limit did not
	// crash (one-shot runs called it memout, sessions crash: DIVER then
	// reported it as an incremental-only crash of Bitwuzla)
	if lim := inc.pr.Exit().LimitHit; lim != "" {
		// tandem killed the tree at its limit (the cgroup's OOM killer,
		// the tree's CPU or memory check): a stop of tandem's, as Run
		// calls it, never a crash of the solver's
		r.Status, r.Signature = StatusMemout, ""
		if lim == "cpu" {
			r.Status = StatusTimeout
		}
		r.Message = why + "; the process tree passed its " + lim + " limit and was killed"
	} else if hasOOMMarker(inc.errC.data) {
		r.Status = StatusMemout
	} else if _, norm, ok := findSignature(inc.errC.data, s.p.Signatures); ok {
		r.Signature = norm
	} else if normalExit {
		// An exit of its own, with no signal and no crash signature, is
		// an error, as Run calls a process that exits without an answer
		// (cvc5 trunk exits with code 1 after an exception's (error …)
		// in interactive mode; DIVER called that an incremental-only
		// crash, which the one-shot run called an error).
		r.Status = StatusError
		if inc.lastError != "" {
			r.Message = fmt.Sprintf("the solver exited (%s) after the error: %s", strings.TrimPrefix(r.Message, why+"; "), firstLine(inc.lastError))
		}
	}
	if r.Status == StatusCrash {
		s.stats.Crashes++
	}
	return r
}

// call runs one command, first starting a new process when the previous
// one is gone (see ensure). A failed call leaves the process gone; it is
// not restarted until the next call.
func (s *Session) call(ctx context.Context, cmd string) (Reply, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return Reply{Kind: ReplyNone, Status: StatusError, Message: "session closed"}, errors.New("solver session is closed")
	}
	start := time.Now()
	s.stats.Calls++
	if s.cur != nil && s.cur.pr.Exited() {
		s.teardown()
	}
	if s.cur == nil && s.stackOnly(cmd) {
		// No process to tell: the next one gets the stack replayed.
		s.track(cmd)
		return Reply{Kind: RespSuccess, Status: StatusUnknown, Raw: "success", Wall: time.Since(start)}, nil
	}
	restarted, fail, err := s.ensure(ctx)
	if fail != nil {
		fail.Wall = time.Since(start)
		return *fail, err
	}
	if fail := s.loud(ctx); fail != nil {
		fail.Restarted, fail.Wall = restarted, time.Since(start)
		return *fail, cancelled(ctx, true)
	}
	r := s.roundTrip(ctx, cmd)
	if r.Kind == RespSuccess {
		s.track(cmd)
	}
	r.Restarted = restarted
	r.Wall = time.Since(start)
	return r, cancelled(ctx, r.Kind == ReplyNone)
}

// ensure makes sure a process is running before a call: when the last one
// died or was killed, it starts a new one and replays the live stack
// (restarted), unless ctx is already done: then nothing is started and
// fail is the call's reply (a timeout for a passed deadline, an error for
// a cancellation). err is non-nil when the session cannot go on (the
// solver cannot be started again) or ctx was cancelled.
func (s *Session) ensure(ctx context.Context) (restarted bool, fail *Reply, err error) {
	if s.cur != nil && s.cur.pr.Exited() {
		s.teardown()
	}
	if s.cur != nil {
		return false, nil, nil
	}
	notRun := func() *Reply {
		r := Reply{Kind: ReplyNone, Status: StatusTimeout, Message: "not run: the call's deadline had passed"}
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			r.Status, r.Message = StatusError, "not run: cancelled: "+ctx.Err().Error()
		}
		return &r
	}
	if ctx.Err() != nil {
		return false, notRun(), cancelled(ctx, true)
	}
	if err := s.spawn(ctx); err != nil {
		if ctx.Err() != nil { // the deadline came during the replay
			r := notRun()
			r.Restarted = true
			return true, r, cancelled(ctx, true)
		}
		return true, &Reply{Kind: ReplyNone, Status: StatusError, Message: err.Error(), Restarted: true}, err
	}
	return true, nil, nil
}

// stackOnly reports whether cmd only moves the live stack (a push, or a
// pop of open levels), which needs no process: when none is running it
// is tracked, and the restart that the next real command makes replays
// the stack as it then is. A caller that pops after a failed call (a
// deferred pop) so costs no restart, even after its context is done.
func (s *Session) stackOnly(cmd string) bool {
	head, arg := commandHead(cmd)
	n, err := strconv.Atoi(arg)
	if arg == "" {
		n, err = 1, nil
	}
	switch {
	case err != nil || n < 0:
		return false
	case head == "push":
		return true
	case head == "pop":
		return n <= len(s.levels)-1
	}
	return false
}

// cancelled is ctx's error when a call failed because ctx was cancelled
// (a passed deadline is a timeout, not an error of the session).
func cancelled(ctx context.Context, failed bool) error {
	if err := ctx.Err(); failed && err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// track applies a successful command to the live stack, as the standard
// defines it: a pop removes the popped levels' commands but the lasting
// ones (options, and declarations under :global-declarations), which move
// to the level below, in order; reset-assertions keeps only the lasting
// commands of every level; reset keeps nothing.
func (s *Session) track(cmd string) {
	head, arg := commandHead(cmd)
	switch head {
	case "push":
		for range levelsArg(arg) {
			s.levels = append(s.levels, nil)
		}
	case "pop":
		n := min(levelsArg(arg), len(s.levels)-1)
		keep := lasting(s.levels[len(s.levels)-n:])
		s.levels = s.levels[:len(s.levels)-n]
		s.levels[len(s.levels)-1] = append(s.levels[len(s.levels)-1], keep...)
	case "reset":
		s.levels = [][]stackCmd{nil}
		s.global = false
	case "reset-assertions":
		s.levels = [][]stackCmd{lasting(s.levels)}
	case "check-sat", "check-sat-assuming", "get-model", "get-value", "get-unsat-core", "get-info",
		"get-option", "get-assertions", "get-assignment", "get-proof", "get-unsat-assumptions", "echo", "exit":
	default:
		c := stackCmd{text: cmd, lasting: head == "set-option" || head == "set-info" || head == "set-logic" ||
			s.global && isDeclaration(head)}
		s.levels[len(s.levels)-1] = append(s.levels[len(s.levels)-1], c)
		if head == "set-option" {
			if v, ok := strings.CutPrefix(arg, ":global-declarations"); ok && (v == "" || v[0] == ' ' || v[0] == '\t' || v[0] == '\n') {
				s.global = strings.TrimSpace(v) == "true"
			}
		}
	}
}

// lasting is the lasting commands of levels, in order.
func lasting(levels [][]stackCmd) []stackCmd {
	var keep []stackCmd
	for _, lvl := range levels {
		for _, c := range lvl {
			if c.lasting {
				keep = append(keep, c)
			}
		}
	}
	return keep
}

// isDeclaration reports whether a command of this head declares or
// defines a symbol (a sort, function, constant or datatype).
func isDeclaration(head string) bool {
	return strings.HasPrefix(head, "declare-") || strings.HasPrefix(head, "define-")
}

// commandHead returns the command name of "(name rest…)" and the rest.
func commandHead(cmd string) (string, string) {
	c := strings.TrimSpace(cmd)
	c = strings.TrimPrefix(c, "(")
	c = strings.TrimSuffix(c, ")")
	c = strings.TrimSpace(c)
	i := strings.IndexAny(c, " \t\n\r()")
	if i < 0 {
		return c, ""
	}
	return c[:i], strings.TrimSpace(c[i:])
}

// levelsArg reads the numeral of push/pop (1 when absent).
func levelsArg(arg string) int {
	if arg == "" {
		return 1
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 {
		return 1
	}
	return n
}

// Batch sends commands as one pipelined write and then reads their
// responses in order: one round trip for all of them instead of one each,
// which is what an incremental caller pays for most when the solver
// answers in well under a millisecond. Each command must be one balanced
// command, as for [Session.Exec] (reset, exit and print-success off are
// refused). The solver goes on after a command it answers with an error,
// so later commands still run; each successful one changes the live stack
// as Exec would. When the solver times out or dies during the batch, the
// replies from that command on are ReplyNone and the process is gone; the
// next call starts a new one with the live stack (the commands that
// succeeded), and the batch is not resent. The time limits
// (SessionOptions.CallTimeout and CallCPU, or ctx) bound the whole batch.
// The error is non-nil only when the session cannot go on or ctx was
// cancelled.
func (s *Session) Batch(ctx context.Context, cmds ...string) ([]Reply, error) {
	for _, c := range cmds {
		if err := checkCommand(c); err != nil {
			return nil, err
		}
		head, arg := commandHead(c)
		switch {
		case head == "set-option" && strings.HasPrefix(arg, ":print-success") && strings.Contains(arg, "false"):
			return nil, errors.New("(set-option :print-success false) would desynchronize the session: it needs print-success on")
		case head == "exit":
			return nil, errors.New("use Close to end a session, not (exit)")
		case head == "reset":
			return nil, errors.New("(reset) turns print-success off: send it with Exec, not in a batch")
		}
	}
	if len(cmds) == 0 {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("solver session is closed")
	}
	start := time.Now()
	s.stats.Calls += len(cmds)
	restarted, fail, err := s.ensure(ctx)
	if fail != nil {
		if fail.Status == StatusError && ctx.Err() == nil {
			return nil, err
		}
		fail.Wall = time.Since(start)
		out := make([]Reply, len(cmds))
		for i := range out {
			out[i] = *fail
		}
		return out, err
	}
	if fail := s.loud(ctx); fail != nil {
		fail.Restarted, fail.Wall = restarted, time.Since(start)
		out := make([]Reply, len(cmds))
		for i := range out {
			out[i] = *fail
		}
		return out, cancelled(ctx, true)
	}
	out := s.roundTrips(ctx, cmds)
	for i, r := range out {
		if r.Kind == RespSuccess {
			s.track(cmds[i])
		}
	}
	wall := time.Since(start)
	for i := range out {
		out[i].Restarted, out[i].Wall = restarted, wall
	}
	return out, cancelled(ctx, out[len(out)-1].Kind == ReplyNone)
}

// Exec sends one SMT-LIB command given as text, such as
// "(declare-const x Int)" or "(set-option :timeout 100)", and returns its
// response. Declarations, definitions, options, assertions, push, pop and
// reset change the live stack that a restart replays. The text must be one
// balanced command; (set-option :print-success false) is refused because the
// session relies on it. The error is non-nil only when the session cannot go
// on (it is closed, or the solver could not be restarted).
func (s *Session) Exec(ctx context.Context, command string) (Reply, error) {
	if err := checkCommand(command); err != nil {
		return Reply{Kind: ReplyNone, Status: StatusError, Message: err.Error()}, err
	}
	head, arg := commandHead(command)
	if head == "set-option" && strings.HasPrefix(arg, ":print-success") && strings.Contains(arg, "false") {
		err := errors.New("(set-option :print-success false) would desynchronize the session: it needs print-success on")
		return Reply{Kind: ReplyNone, Status: StatusError, Message: err.Error()}, err
	}
	if head == "exit" {
		err := errors.New("use Close to end a session, not (exit)")
		return Reply{Kind: ReplyNone, Status: StatusError, Message: err.Error()}, err
	}
	if head == "reset" {
		return s.reset(ctx)
	}
	return s.call(ctx, command)
}

// reset is Exec("(reset)"). Solvers answer a reset differently (z3 prints
// success, cvc5 nothing, since the reset turns print-success off), so it
// is not one round trip: it is a Fresh exchange with no commands, the
// reset and print-success on again followed by the closing sync command,
// whose answer ends the reading whatever the reset printed. Its reply is
// the first error the solver printed, else success.
func (s *Session) reset(ctx context.Context) (Reply, error) {
	s.mu.Lock()
	if s.cur == nil && !s.closed {
		// No process to tell: the next one starts empty.
		s.track("(reset)")
		s.mu.Unlock()
		return Reply{Kind: RespSuccess, Status: StatusUnknown, Raw: "success"}, nil
	}
	s.mu.Unlock()
	ex, err := s.exchange(ctx, true, nil)
	if ex.Failed() {
		r := ex.Failure
		r.Restarted, r.Wall = ex.Restarted, ex.Wall
		return r, err
	}
	r := Reply{Kind: RespSuccess, Status: StatusUnknown, Raw: "success"}
	for _, x := range ex.Replies {
		if x.Kind != RespSuccess {
			r = x
			break
		}
	}
	r.Restarted, r.Wall = ex.Restarted, ex.Wall
	return r, err
}

// checkCommand checks that text is exactly one balanced s-expression:
// after top-level blanks, comments and stray ')' (which a frameReader
// skips), one list, then nothing but those. It scans the bytes once
// without allocating (it runs for every command of every exchange) and
// accepts exactly what reading text with a frameReader accepts:
// TestCheckCommandMatchesFrames and FuzzCheckCommand compare the two.
func checkCommand(text string) error {
	i, n := 0, len(text)
	// skip moves i past top-level blanks, comments and stray ')'.
	skip := func() {
		for i < n {
			switch text[i] {
			case ' ', '\t', '\n', '\r', '\f', '\v', ')':
				i++
			case ';':
				for i < n && text[i] != '\n' {
					i++
				}
			default:
				return
			}
		}
	}
	skip()
	if i == n || text[i] != '(' || !balancedList(text, &i) {
		return fmt.Errorf("not one SMT-LIB command: %.80q", text)
	}
	if skip(); i < n {
		return fmt.Errorf("more than one SMT-LIB command in %.80q: send them one at a time", text)
	}
	return nil
}

// balancedList moves *i from the '(' at text[*i] past the ')' that
// closes it, following the frameReader's rules for string literals (""
// escapes), |quoted| symbols and ; comments; false when text ends first.
func balancedList(text string, i *int) bool {
	depth := 0
	for j := *i; j < len(text); j++ {
		switch text[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				*i = j + 1
				return true
			}
		case '"':
			for j++; ; j++ {
				if j >= len(text) {
					return false
				}
				if text[j] == '"' {
					if j+1 < len(text) && text[j+1] == '"' {
						j++
						continue
					}
					break
				}
			}
		case '|':
			for j++; j < len(text) && text[j] != '|'; j++ {
			}
			if j >= len(text) {
				return false
			}
		case ';':
			for j < len(text) && text[j] != '\n' {
				j++
			}
		}
	}
	return false
}

// Assert adds (assert term) to the current level.
func (s *Session) Assert(ctx context.Context, term string) (Reply, error) {
	return s.Exec(ctx, "(assert "+term+")")
}

// Push opens n new assertion levels.
func (s *Session) Push(ctx context.Context, n int) (Reply, error) {
	return s.Exec(ctx, fmt.Sprintf("(push %d)", n))
}

// Pop removes the top n assertion levels.
func (s *Session) Pop(ctx context.Context, n int) (Reply, error) {
	return s.Exec(ctx, fmt.Sprintf("(pop %d)", n))
}

// CheckSat runs (check-sat). Reply.Status is the answer, or timeout, crash,
// memout or error.
func (s *Session) CheckSat(ctx context.Context) (Reply, error) {
	return s.call(ctx, "(check-sat)")
}

// CheckSatAssuming runs (check-sat-assuming (lits…)); each literal is a
// Boolean constant or its negation, as text.
func (s *Session) CheckSatAssuming(ctx context.Context, lits ...string) (Reply, error) {
	return s.call(ctx, "(check-sat-assuming ("+strings.Join(lits, " ")+"))")
}

// GetModel runs (get-model); Reply.Raw is the model text. The session must
// have been started with Mode.Models (or the script must set
// :produce-models).
func (s *Session) GetModel(ctx context.Context) (Reply, error) {
	return s.call(ctx, "(get-model)")
}

// GetValue runs (get-value (terms…)); Reply.Raw is the ((term value) …)
// text.
func (s *Session) GetValue(ctx context.Context, terms ...string) (Reply, error) {
	return s.call(ctx, "(get-value ("+strings.Join(terms, " ")+"))")
}

// GetUnsatCore runs (get-unsat-core); Reply.Raw is the list of names.
func (s *Session) GetUnsatCore(ctx context.Context) (Reply, error) {
	return s.call(ctx, "(get-unsat-core)")
}

// Stats returns the session's counters.
func (s *Session) Stats() SessionStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// PID returns the current solver process id (0 when none is running).
func (s *Session) PID() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil {
		return 0
	}
	return s.cur.pr.Pid
}

// Depth returns the number of open push levels.
func (s *Session) Depth() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.levels) - 1
}

// Close kills the solver's process group and waits for it and for every
// goroutine of the session. It is safe to call more than once.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	s.teardown()
	return nil
}

// SetCallLimits changes the time limits of the calls that follow (the
// per-call limits of SessionOptions: cpu is CallCPU, zero for none; wall
// is CallTimeout, zero for DefaultCallTimeout), for a caller whose calls
// deserve different budgets, such as DIVER's adaptive per-mutant limit.
// A restart and replay inside a later call runs under that call's limits.
// Negative limits are refused and change nothing.
func (s *Session) SetCallLimits(cpu, wall time.Duration) error {
	if cpu < 0 || wall < 0 {
		return fmt.Errorf("solver %s: negative call timeout (wall %v, CPU %v): give a positive one, or zero for the default", s.p.Name, wall, cpu)
	}
	if wall == 0 {
		wall = DefaultCallTimeout
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.CallCPU, s.opts.CallTimeout = cpu, wall
	return nil
}

// CPU returns the CPU time (user + system, whole process trees) that the
// session's solver processes have used so far: the ended ones
// (SessionStats.EndedCPU) and the live one.
func (s *Session) CPU() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	cpu := s.stats.EndedCPU
	if s.cur != nil {
		cpu += s.cur.pr.TreeCPU()
	}
	return cpu
}

// Exchange is the outcome of one [Session.Isolated] call.
type Exchange struct {
	// Replies are the solver's responses in the order printed: the push's,
	// then the commands', then the pop's. A command may draw more than
	// one (z3's model_validate prints an error after sat), so they are
	// not matched to commands. When the call failed they stop where the
	// solver stopped. In a quiet exchange (quiet.go) the successes are
	// not printed but rebuilt: the same replies, but that an error of a
	// command that prints nothing else may stand at another place in its
	// run of such commands, the protocol's own commands (Fresh's resets)
	// draw no success, and in a failed exchange the successes of the
	// commands before the first missing response are assumed.
	Replies []Reply
	// Failure is the ReplyNone reply of a call that got no complete
	// answer (Status timeout, crash, memout or error); Kind is RespSuccess
	// when the exchange completed.
	Failure Reply
	// Restarted says the call started a new process first (see
	// Reply.Restarted).
	Restarted bool
	// Wall is the time the call took, including any restart.
	Wall time.Duration
}

// Failed reports whether the exchange got no complete answer.
func (e *Exchange) Failed() bool { return e.Failure.Kind == ReplyNone }

// syncCommand ends an isolated exchange: its answer, (:name "…"), is one
// no other command prints, so it marks the end of the exchange's output
// however many responses the commands drew.
const syncCommand = "(get-info :name)"

// echoSync ends an isolated exchange for a solver without get-info
// ([Quirks.NoGetInfo]: Bitwuzla exits on it); its answer is the string
// literal echoSyncReply.
const (
	echoSync      = `(echo "tandem-sync")`
	echoSyncReply = `"tandem-sync"`
)

// syncCommand is the command that ends an isolated exchange with this
// session's solver.
func (s *Session) syncCommand() string {
	if s.p.Quirks.NoGetInfo {
		return echoSync
	}
	return syncCommand
}

// Isolated runs cmds in a scope of their own, (push 1) cmds… (pop 1), as
// one pipelined write, and reads every response up to the answer of a
// closing (get-info :assertion-stack-levels) in a quiet exchange (see
// quiet.go), or (get-info :name) with print-success on. It is for callers whose commands may draw
// more responses than one each, such as check-sat under z3's
// model_validate, and leaves the live stack as it was: cmds may not push,
// pop, reset or exit, nor set an option, info or logic, nor (under
// :global-declarations) declare, since those outlive the pop. Declarations
// inside the scope are popped with it.
// When the pop is not answered success (or, quiet, the depth after it is
// not the one before the push) the process is dropped (the next call
// starts a new one), so a failed scope never leaks into the next.
// The time limits bound the whole exchange; the error is non-nil only
// when the session cannot go on or ctx was cancelled.
func (s *Session) Isolated(ctx context.Context, cmds ...string) (Exchange, error) {
	if err := checkExchange(cmds, false); err != nil {
		return Exchange{}, err
	}
	return s.exchange(ctx, false, cmds)
}

// Fresh runs cmds from a solver reset to its start-up state, in the same
// process: (reset) and print-success on again (left out when the live
// stack is empty, i.e. the last call was a Fresh one), cmds…, (reset) and
// print-success again, and the closing (get-info :name) of
// [Session.Isolated], as one pipelined write, reading every response up
// to that closing answer. cmds are a whole script (set-logic,
// declarations, assertions, check-sat…), as in a one-shot run, so the
// solver picks its non-incremental strategy for them (z3 4.8.12 keeps its
// logic's tactic, which it leaves after a push) while the process start
// is saved; options given on the command line (the profile's and Mode's)
// survive the reset. The replies include those of the resets and of
// print-success, when the solver prints them (cvc5 prints none for a
// reset). Afterwards the live stack is empty, and so is the solver: the
// next call may declare anything. cmds may not push, pop, reset or exit;
// limits and errors as for Isolated.
func (s *Session) Fresh(ctx context.Context, cmds ...string) (Exchange, error) {
	if err := checkExchange(cmds, true); err != nil {
		return Exchange{}, err
	}
	return s.exchange(ctx, true, cmds)
}

// checkExchange refuses commands that would change the live stack or the
// framing of an exchange; in a push/pop scope (not reset) also those that
// would outlive its pop.
func checkExchange(cmds []string, reset bool) error {
	for _, c := range cmds {
		if err := checkCommand(c); err != nil {
			return err
		}
		switch head, arg := commandHead(c); head {
		case "push", "pop", "reset", "reset-assertions", "exit":
			return fmt.Errorf("%s in an isolated exchange would change the live stack", c)
		case "set-option":
			if strings.HasPrefix(arg, ":print-success") {
				return errors.New("(set-option :print-success …) in an isolated exchange would desynchronize the session")
			}
			if !reset {
				return fmt.Errorf("%.80s in an isolated exchange would outlive its pop: send it with Exec or Batch", c)
			}
		case "set-info", "set-logic":
			if !reset {
				return fmt.Errorf("%.80s in an isolated exchange would outlive its pop: send it with Exec or Batch", c)
			}
		}
	}
	return nil
}

// exchange is Isolated (a push/pop scope) or, with reset, Fresh.
func (s *Session) exchange(ctx context.Context, reset bool, cmds []string) (Exchange, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return Exchange{}, errors.New("solver session is closed")
	}
	if s.global && !reset {
		for _, c := range cmds {
			if head, _ := commandHead(c); isDeclaration(head) {
				return Exchange{}, fmt.Errorf("%.80s in an isolated exchange would outlive its pop under :global-declarations: send it with Exec or Batch", c)
			}
		}
	}
	start := time.Now()
	s.stats.Calls += len(cmds) + 2
	restarted, fail, err := s.ensure(ctx)
	if fail != nil {
		if fail.Status == StatusError && ctx.Err() == nil {
			return Exchange{}, err
		}
		return Exchange{Failure: *fail, Restarted: restarted, Wall: time.Since(start)}, err
	}
	quiet := s.quietUsable(cmds)
	if quiet {
		fail = s.probeQuiet(ctx)
		quiet = s.quietState > 0
	} else {
		fail = s.loud(ctx)
	}
	if fail != nil {
		return Exchange{Failure: *fail, Restarted: restarted, Wall: time.Since(start)}, cancelled(ctx, true)
	}
	inc := s.cur
	w := s.startWait(ctx, inc, s.deadline(ctx))
	defer w.stop()
	if quiet {
		ex := Exchange{Failure: Reply{Kind: RespSuccess}, Restarted: restarted}
		s.quietExchange(ctx, inc, w, reset, cmds, &ex)
		ex.Wall = time.Since(start)
		return ex, cancelled(ctx, ex.Failed())
	}
	all := make([]string, 0, len(cmds)+3)
	if reset {
		// reset first unless the solver is as started (the last exchange
		// was a Fresh one), and again after the script, so that the
		// solver holds nothing the tracked stack (empty) does not
		if len(s.levels) > 1 || len(s.levels[0]) > 0 {
			all = append(all, "(reset)", "(set-option :print-success true)")
		}
		s.levels = [][]stackCmd{nil}
		s.global = false
		all = append(append(all, cmds...), "(reset)", "(set-option :print-success true)", s.syncCommand())
	} else {
		all = append(append(append(all, "(push 1)"), cmds...), "(pop 1)", s.syncCommand())
	}
	werr := s.writeAll(inc, joinCommands(all), w.deadline)
	ex := Exchange{Failure: Reply{Kind: RespSuccess}, Restarted: restarted}
	// bound the responses read: a solver that prints without end must
	// not keep the exchange going
	for limit := 4*len(all) + 64; ; limit-- {
		r := s.readReply(ctx, inc, w)
		if r.Kind == ReplyNone {
			<-werr
			ex.Failure = r
			break
		}
		if r.Kind == RespOther && (strings.HasPrefix(r.Raw, "(:name") || r.Raw == echoSyncReply) {
			if n := len(ex.Replies); !reset && (n == 0 || ex.Replies[n-1].Kind != RespSuccess) {
				s.teardown() // the pop was not answered success: the stack is unknown
			}
			<-werr // everything was answered, so everything was written
			break
		}
		ex.Replies = append(ex.Replies, r)
		if limit == 0 {
			s.teardown()
			<-werr
			ex.Failure = Reply{Kind: ReplyNone, Status: StatusError, Message: fmt.Sprintf("no end of the exchange after %d responses; solver process killed", len(ex.Replies))}
			break
		}
	}
	ex.Wall = time.Since(start)
	return ex, cancelled(ctx, ex.Failed())
}
