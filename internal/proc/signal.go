package proc

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// SignalContext returns a context that the first SIGINT or SIGTERM cancels,
// so a command stops through its context and its children's trees are
// killed on the way out. A second signal kills every child tree at once
// ([KillAll]) and exits with status 130. stop undoes the handler. A
// program calls it once, in main; commands add what they have to say
// with [OnSignal].
//
// The children are in process groups (or cgroups) of their own, so a
// terminal's Ctrl-C reaches only tandem: without this, or with the default
// action of the signal, they would be left to PR_SET_PDEATHSIG and the
// guardian.
func SignalContext(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
		case <-done:
			return
		}
		notify(1)
		cancel()
		select {
		case <-ch:
			notify(2)
			KillAll()
			os.Exit(130)
		case <-done:
		}
	}()
	return ctx, func() { close(done); signal.Stop(ch); cancel() }
}

var (
	hooksMu sync.Mutex
	hooks   = map[int]func(n int){}
	hookID  int
)

// OnSignal registers f to run when SignalContext's handler gets its n-th
// signal (1: the context is about to be cancelled; 2: the program is about
// to exit), e.g. to say what stopping means. remove unregisters it.
func OnSignal(f func(n int)) (remove func()) {
	hooksMu.Lock()
	defer hooksMu.Unlock()
	hookID++
	id := hookID
	hooks[id] = f
	return func() {
		hooksMu.Lock()
		delete(hooks, id)
		hooksMu.Unlock()
	}
}

func notify(n int) {
	hooksMu.Lock()
	fs := make([]func(int), 0, len(hooks))
	for _, f := range hooks {
		fs = append(fs, f)
	}
	hooksMu.Unlock()
	for _, f := range fs {
		f(n)
	}
}
