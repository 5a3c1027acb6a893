package proc

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// SignalContext returns a context that the first SIGINT or SIGTERM cancels,
// so a command stops through its context and its children's trees are
// killed on the way out. A second signal kills every child tree at once
// ([KillAll]) and exits with status 130. stop undoes the handler.
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
		cancel()
		select {
		case <-ch:
			KillAll()
			os.Exit(130)
		case <-done:
		}
	}()
	return ctx, func() { close(done); signal.Stop(ch); cancel() }
}
