package solver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"tandem/internal/proc"
	"tandem/smtlib"
)

// Input is what a one-shot run solves: a file, or a script given on
// standard input. Exactly one of Path and Data is used; Path wins.
type Input struct {
	// Path of an SMT-LIB file, passed to the solver as an argument.
	Path string
	// Data is a whole script written to the solver's standard input.
	Data []byte
}

// FileInput is an Input reading the file at path.
func FileInput(path string) Input { return Input{Path: path} }

// BytesInput is an Input giving script on standard input.
func BytesInput(script []byte) Input { return Input{Data: script} }

// RunOptions are the settings of one [Run].
type RunOptions struct {
	Limits
	Mode
}

// Result is everything tandem learned from one solver run.
type Result struct {
	// Status is the outcome. When the solver answered every check-sat and
	// nothing went wrong it is the last answer; see [Run] for the rules.
	Status Status `json:"status"`
	// Reason says in words why Status was chosen when it is not an answer.
	Reason string `json:"reason,omitempty"`
	// Answers are the check-sat answers in the order printed (also the
	// ones printed before a timeout or crash).
	Answers []Status `json:"answers"`
	// Errors are the messages of the (error "…") responses, unescaped.
	Errors []string `json:"errors,omitempty"`
	// RawResponses are the other top-level s-expressions on stdout, as raw
	// text: models, get-value pairs, unsat cores, get-info answers. Parse
	// them with the smtlib package's response parser.
	RawResponses []string `json:"raw_responses,omitempty"`
	// Unsupported counts the "unsupported" responses.
	Unsupported int `json:"unsupported,omitempty"`
	// ErrorBeforeAnswer says an (error "…") response came before
	// the first answer: the solver skipped a command (z3 goes on after an
	// unknown symbol), so its answers are not about the whole script.
	ErrorBeforeAnswer bool `json:"error_before_answer,omitempty"`

	// ExitCode is the exit status, or -1 when a signal ended the process.
	ExitCode int `json:"exit_code"`
	// Signal is the signal that ended the process ("" when it exited).
	Signal string `json:"signal,omitempty"`
	// Signature is the first output line matching a crash or self-check
	// signature of the profile, and SignatureNorm its normalized form (for
	// dedup); for a signal death without such a line, the signal.
	Signature     string `json:"signature,omitempty"`
	SignatureNorm string `json:"signature_norm,omitempty"`

	Wall time.Duration `json:"wall_ns"`
	// User and Sys are the CPU time of the solver's whole process tree:
	// from its cgroup's cpu.stat, or (pgroup isolation) its rusage, which
	// includes the children it waited for, plus the descendants tandem
	// swept up.
	User time.Duration `json:"user_ns"`
	Sys  time.Duration `json:"sys_ns"`
	// PeakRSS is the solver's peak resident set size from wait4's rusage,
	// in bytes, or the largest resident memory of its tree seen while it
	// ran when that is larger. The solver is started with vfork (CLONE_VM, as os/exec
	// does too), and Linux carries the old memory map's high-water mark
	// over exec, so it is never below tandem's own peak RSS at the start:
	// it measures the solver only when the solver is the bigger of the two.
	PeakRSS int64 `json:"peak_rss_bytes"`

	Stdout        []byte `json:"-"`
	Stderr        []byte `json:"-"`
	StdoutDropped int64  `json:"stdout_dropped,omitempty"` // bytes read past OutputCap and discarded
	StderrDropped int64  `json:"stderr_dropped,omitempty"`

	// Isolation is how the solver's process tree was contained: "cgroup"
	// or "pgroup" (see tandem/internal/proc).
	Isolation string `json:"isolation,omitempty"`
	// TreeLimit is "cpu" or "memory" when the whole tree passed that limit
	// and was killed for it.
	TreeLimit string `json:"tree_limit,omitempty"`

	// Argv is the command that ran, program first.
	Argv []string `json:"argv"`
	// PID is the solver's process id, which is also its process group id.
	PID int `json:"pid"`

	noise string // the first line of stdout that is no response, for Reason
}

// CPU is user plus system CPU time.
func (r *Result) CPU() time.Duration { return r.User + r.Sys }

// drainGrace bounds how long output is read after the process group is
// gone; only a process that escaped the group (setsid) can hold a pipe open
// that long.
const drainGrace = 500 * time.Millisecond

// Run solves one input with one solver process and classifies the outcome.
// It never uses a shell; the solver runs in its own process group under the
// limits of opts, and the whole group is killed (SIGKILL) when the wall-time
// limit passes or ctx is done, and swept again after the solver exits, so a
// child that outlives the solver does not survive the call. The returned
// error is non-nil only when the solver could not be run at all (binary
// missing, pipes, limits); everything the solver does is in the Result.
//
// Status rules, in order: timeout (wall limit, ctx deadline, CPU limit);
// error when ctx was cancelled; memout (out-of-memory message or peak RSS at
// 90% of the limit, without a clean finish); crash (a signal, or a crash or
// self-check signature in the output); error when stdout ends inside an
// s-expression; the last check-sat answer when there is one; unsupported;
// error.
func Run(ctx context.Context, p *Profile, in Input, opts RunOptions) (*Result, error) {
	if err := opts.Limits.check(); err != nil {
		return nil, fmt.Errorf("solver %s: %w", p.Name, err)
	}
	lim := opts.Limits.withDefaults()
	var argv []string
	if in.Path != "" {
		argv = p.OneShotArgv(in.Path, opts.Mode)
	} else {
		argv = p.StdinArgv(opts.Mode)
	}
	kind := stdinData
	if in.Path != "" {
		kind = stdinNull
	}
	ex, err := execute(ctx, p, argv, lim, kind, in.Data)
	if err != nil {
		return nil, err
	}
	res := ex.res
	parseOutput(res, res.Stdout, res.StdoutDropped > 0)
	classify(res, p, lim, ex.sig, ex.timedOut, ex.cancelled)
	return res, nil
}

// execution is a finished process before its output is interpreted.
type execution struct {
	res                 *Result
	sig                 syscall.Signal // -1 when the process exited
	timedOut, cancelled bool
}

// execute runs argv under lim to its end (or its limit) and collects the
// raw facts: output, exit, resources.
func execute(ctx context.Context, p *Profile, argv []string, lim Limits, kind stdinKind, stdin []byte) (*execution, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("solver %s not started: %w", p.Name, err)
	}
	pr, err := startProc(p, argv, lim, kind, stdin)
	if err != nil {
		return nil, err
	}
	var ex *execution
	ok := false
	if pr.PidFD >= 0 {
		ex, ok = executeLoop(ctx, pr, lim)
	}
	if !ok {
		ex = executeWatched(ctx, pr, lim)
	}
	ex.res.Argv = append([]string{pr.path}, argv...)
	if sig, ok := pr.Exit().Signaled(); ok {
		ex.sig = sig
	}
	return ex, nil
}

// executeWatched is execute with a goroutine per pipe and one waiting for
// the exit, for kernels without pidfds (before 5.3).
func executeWatched(ctx context.Context, pr *child, lim Limits) *execution {
	pr.watch()
	outC := startCapture(pr.stdout, lim.OutputCap)
	errC := startCapture(pr.stderr, lim.OutputCap)
	var inDone <-chan struct{}
	if pr.stdin != nil {
		inDone = writeInput(pr.stdin, pr.pending)
	}

	ex := &execution{sig: -1}
	timer := time.NewTimer(lim.Wall)
	defer timer.Stop()
	tick := time.NewTicker(proc.TreePoll)
	defer tick.Stop()
wait:
	for {
		select {
		case <-pr.Done():
			break wait
		case <-tick.C:
			pr.CheckTree()
		case <-timer.C:
			ex.timedOut = true
			pr.Kill()
			break wait
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				ex.timedOut = true
			} else {
				ex.cancelled = true
			}
			pr.Kill()
			break wait
		}
	}
	<-pr.Done() // the tree is swept when the solver exits, before it is reaped
	outC.finish(pr.stdout, drainGrace)
	errC.finish(pr.stderr, drainGrace)
	if inDone != nil {
		select {
		case <-inDone:
		case <-time.After(drainGrace):
			pr.stdin.SetWriteDeadline(time.Now())
			<-inDone
		}
	}
	ex.res = pr.result(outC.data, errC.data, outC.dropped, errC.dropped)
	return ex
}

// result is the Result of a reaped process with its output, before the
// output is interpreted.
func (pr *child) result(stdout, stderr []byte, outDropped, errDropped int64) *Result {
	e := pr.Exit()
	res := &Result{
		Stdout:        stdout,
		Stderr:        stderr,
		StdoutDropped: outDropped,
		StderrDropped: errDropped,
		Wall:          e.Wall,
		ExitCode:      -1,
		PID:           pr.Pid,
		Isolation:     proc.Isolation().Mode,
		TreeLimit:     e.LimitHit,
	}
	if e.Err == nil {
		res.User, res.Sys, res.PeakRSS = e.User, e.Sys, e.PeakRSS
		if sig, ok := e.Signaled(); ok {
			res.Signal = signalName(sig)
		} else {
			res.ExitCode = e.Status.ExitStatus()
		}
	}
	return res
}

// parseOutput frames stdout into responses and sorts them into answers,
// errors and raw responses. capped says the output was cut at OutputCap, in
// which case an unterminated last response is expected, not an error.
// Responses splits a solver's standard output into its top-level
// responses in order (atoms such as sat or success, and balanced
// s-expressions), so that a caller that sent a script with :print-success
// on can pair every command with its response. The error says the output
// ends inside a response (the responses before it are returned).
func Responses(out []byte) ([]string, error) {
	fr := newBytesFrameReader(out)
	var rs []string
	for {
		text, err := fr.next()
		if err == io.EOF {
			return rs, nil
		}
		if err != nil {
			return rs, err
		}
		rs = append(rs, text)
	}
}

func parseOutput(res *Result, out []byte, capped bool) {
	fr := newBytesFrameReader(out)
	// A word of prose is noise, and so is every word on its line: the
	// "unknown" of z3's "ERROR: unknown parameter 'foo'" is no answer.
	noiseLine, answerLine := -1, -1
	for {
		text, err := fr.next()
		if err == io.EOF {
			return
		}
		if err != nil {
			if !capped {
				res.Reason = err.Error()
			}
			return
		}
		kind, st, msg := ClassifyResponse(text)
		if kind == RespAnswer && fr.startLine == noiseLine {
			kind = RespNoise
		}
		switch kind {
		case RespNoise:
			if fr.startLine == answerLine {
				res.Answers = res.Answers[:len(res.Answers)-1]
				answerLine = -1
			}
			if noiseLine < 0 {
				res.noise = lineAt(out, fr.startLine)
			}
			noiseLine = fr.startLine
		case RespAnswer:
			res.Answers = append(res.Answers, st)
			answerLine = fr.startLine
		case RespError:
			res.Errors = append(res.Errors, msg)
			if len(res.Answers) == 0 {
				res.ErrorBeforeAnswer = true
			}
		case RespUnsupported:
			// z3 says unsupported for an unknown logic or set-info key and
			// goes on unharmed: not a reason to distrust its answers.
			res.Unsupported++
		case RespOther:
			res.RawResponses = append(res.RawResponses, text)
		}
	}
}

func classify(res *Result, p *Profile, lim Limits, sig syscall.Signal, timedOut, cancelled bool) {
	set := func(s Status, why string) { res.Status, res.Reason = s, why }
	unterminated := res.Reason != "" // set by parseOutput
	both := append(append([]byte(nil), res.Stdout...), res.Stderr...)
	if line, norm, ok := findSignature(both, p.Signatures); ok {
		res.Signature, res.SignatureNorm = line, norm
	}
	abnormal := sig >= 0 || !p.normalExit(res.ExitCode)
	memLimit := lim.Memory
	if memLimit < 0 {
		memLimit = -memLimit
	}
	switch {
	case timedOut:
		set(StatusTimeout, fmt.Sprintf("wall-time limit %v reached; process tree killed", lim.Wall))
		return
	case cancelled:
		set(StatusError, "cancelled by the caller; process tree killed")
		return
	case res.TreeLimit == "cpu":
		set(StatusTimeout, fmt.Sprintf("CPU limit %v reached by the process tree (%v used); tree killed", lim.CPU, res.CPU().Round(time.Millisecond)))
		return
	case sig == syscall.SIGXCPU || (sig == syscall.SIGKILL && res.CPU() >= lim.CPU):
		set(StatusTimeout, fmt.Sprintf("CPU limit %v reached (%s)", lim.CPU, res.Signal))
		return
	case (sig == syscall.SIGABRT || sig == syscall.SIGKILL || sig == syscall.SIGTERM) && lim.CPU > 0 && res.Signature == "" && res.CPU() >= lim.CPU*3/4:
		// A solver that handles SIGXCPU and ends by another signal: cvc5
		// 1.0.3 prints "cvc5 interrupted by timeout." and aborts. The
		// kernel sends SIGXCPU on its own CPU count, which the rusage read
		// here can trail by 5–10%. With no crash signature it ran out of
		// time; it did not crash. A fault signal (SIGSEGV, SIGBUS, SIGILL,
		// SIGFPE) stays a crash however late it comes: z3 segfaults
		// without printing anything.
		set(StatusTimeout, fmt.Sprintf("CPU limit %v reached (%s after %v of CPU, no crash signature)", lim.CPU, res.Signal, res.CPU().Round(time.Millisecond)))
		return
	case res.TreeLimit == "memory":
		set(StatusMemout, fmt.Sprintf("memory limit %s reached by the process tree (peak %s); tree killed", FormatSize(max(lim.Memory, -lim.Memory)), FormatSize(res.PeakRSS)))
		return
	}
	oom := hasOOMMarker(res.Stderr) || hasOOMMarker(res.Stdout) || res.PeakRSS >= memLimit/10*9
	if oom && (abnormal || len(res.Answers) == 0) {
		set(StatusMemout, fmt.Sprintf("out of memory (limit %s, peak RSS %s)", FormatSize(memLimit), FormatSize(res.PeakRSS)))
		return
	}
	if res.Signature != "" {
		set(StatusCrash, "crash signature: "+res.SignatureNorm)
		return
	}
	if sig >= 0 {
		res.Signature = "signal " + res.Signal
		res.SignatureNorm = res.Signature
		set(StatusCrash, "killed by "+res.Signal)
		return
	}
	if unterminated {
		set(StatusError, "malformed output: "+res.Reason)
		return
	}
	if len(res.Answers) > 0 && res.ErrorBeforeAnswer {
		msg := firstLine(res.Errors[0])
		if isUnsupportedMessage(msg) {
			set(StatusUnsupported, "the solver skipped an unsupported command before answering: "+msg)
		} else {
			set(StatusError, "the solver reported an error before answering, so its answers ignore a command: "+msg)
		}
		return
	}
	if n := len(res.Answers); n > 0 {
		res.Status, res.Reason = res.Answers[n-1], ""
		if res.Status == StatusTimeout {
			res.Reason = "the solver reported its own timeout"
		}
		return
	}
	if res.Unsupported > 0 {
		set(StatusUnsupported, "the solver answered unsupported")
		return
	}
	for _, e := range res.Errors {
		if isUnsupportedMessage(e) {
			set(StatusUnsupported, "the solver said: "+firstLine(e))
			return
		}
	}
	if len(res.Errors) > 0 {
		set(StatusError, "the solver said: "+firstLine(res.Errors[0]))
		return
	}
	if abnormal {
		msg := lastLine(res.Stderr)
		if msg == "" {
			msg = res.noise
		}
		if msg == "" {
			msg = lastLine(res.Stdout)
		}
		if isUnsupportedMessage(msg) {
			set(StatusUnsupported, "the solver said: "+msg)
			return
		}
		set(StatusError, fmt.Sprintf("exit code %d without an answer: %s", res.ExitCode, msg))
		return
	}
	if res.noise != "" {
		set(StatusError, "no check-sat answer in the output, which says: "+res.noise)
		return
	}
	set(StatusError, "no check-sat answer in the output")
}

// lineAt is line n (0-based) of out, trimmed and cut short.
func lineAt(out []byte, n int) string {
	for ; n > 0; n-- {
		i := bytes.IndexByte(out, '\n')
		if i < 0 {
			return ""
		}
		out = out[i+1:]
	}
	if i := bytes.IndexByte(out, '\n'); i >= 0 {
		out = out[:i]
	}
	return firstLine(strings.TrimSpace(string(out)))
}

// lastLine returns the last non-empty line of out, where a failing
// program usually says why.
func lastLine(out []byte) string {
	s := strings.TrimSpace(string(out))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return firstLine(s)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGXCPU:
		return "SIGXCPU"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGPIPE:
		return "SIGPIPE"
	case syscall.SIGTRAP:
		return "SIGTRAP"
	}
	return fmt.Sprintf("signal %d", int(s))
}

// InputFrom is the input named path on a command line: the file path, or
// the script read from stdin (at most smtlib.MaxScriptBytes) when path is
// "-". A file that does not exist is an error now, not at the run.
func InputFrom(path string, stdin io.Reader) (Input, error) {
	if path == "-" {
		data, err := smtlib.ReadAll(stdin, "standard input", "script", smtlib.MaxScriptBytes)
		if err != nil {
			return Input{}, err
		}
		return BytesInput(data), nil
	}
	if _, err := os.Stat(path); err != nil {
		return Input{}, fmt.Errorf("input file: %w", err)
	}
	return FileInput(path), nil
}
