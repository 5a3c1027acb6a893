package diver

import (
	"context"
	"errors"
	"strings"
	"sync"

	"tandem/campaign"
	"tandem/solver"
)

// Why a seed is skipped: each skip is counted as campaign.SkipCounter +
// reason ("seed skipped: parse error"), so the summary, `tandem report`
// and a broken campaign's problem name the reasons. The classes are short
// and stable (no file names, no messages).
const (
	SkipRead          = "file not readable"
	SkipParse         = "parse error"
	SkipExpand        = "definitions not expandable"
	SkipQuantifiers   = "quantifiers"
	SkipIncremental   = "incremental script"
	SkipNoAssertions  = "no assertions"
	SkipLogic         = "logic not selected"
	SkipLogicTaken    = "logic not taken by the solver"
	SkipNoModel       = "solver gave no model" // + " (STATUS)"
	SkipModelRead     = "model not readable"
	SkipModelFalse    = "model falsifies the seed (z3 div0 & co.)"
	SkipNoValue       = "model gives no usable value"
	SkipModelText     = "model not printable"
	SkipTooLarge      = "seed over the node limit"
	SkipUnsatSeeds    = "unsat seed (--no-unsat-seeds)"
	SkipStatusSat     = "unsat answer on a seed with :status sat"
	SkipAllUnusable   = "every seed file unusable"
	SkipDrawsUnusable = "every draw known unusable"
)

// SeedDraws and SeedTries bound the seed files one iteration draws and
// tries: a file known to be unusable costs nothing and is drawn again
// from, one found unusable now costs its parse or its model run (up to
// the seed limit) before the next draw. After SeedDraws draws or
// SeedTries files tried without a usable one the iteration counts as
// skipped.
const (
	SeedDraws = 64
	SeedTries = 8
)

// errSeedSkipped is what a seed's round returns when the seed was skipped
// (the reason is counted by skipSeed): the iteration draws another.
var errSeedSkipped = errors.New("diver: seed skipped")

// seedError is parseSeed's error with the reason class of the skip.
type seedError struct {
	reason string
	err    error
}

func (e *seedError) Error() string { return e.err.Error() }
func (e *seedError) Unwrap() error { return e.err }

// skipReason is the reason class of parseSeed's error.
func skipReason(err error) string {
	var se *seedError
	if errors.As(err, &se) {
		return se.reason
	}
	return SkipParse
}

// skipSeed counts a skipped seed by reason and, with remember, marks the
// seed file unusable for the rest of the run (Diver.unusable): the
// reason cannot change within it (the file, the solver and its default
// options, the seed limit are the same), so the file is neither parsed
// nor solved again. Built-in seeds are never remembered. It returns
// errSeedSkipped.
func (d *Diver) skipSeed(st *Stats, cst *campaign.Stats, name, reason string, remember bool) error {
	st.SeedsSkipped++
	cst.Count(campaign.SkipCounter+reason, 1)
	if remember && len(d.files) > 0 && !strings.HasPrefix(name, "builtin-") {
		d.unusableMu.Lock()
		if d.unusable == nil {
			d.unusable = map[string]string{}
		}
		d.unusable[name] = reason
		delete(d.probe, name)
		d.unusableMu.Unlock()
	}
	return errSeedSkipped
}

// noModelReason is the skip reason of a seed the solver answered without
// a usable model: its status, or an unreadable model.
func noModelReason(res *solver.Result) string {
	if res == nil {
		return SkipNoModel
	}
	if res.Status == solver.StatusSat {
		return SkipModelRead
	}
	return SkipNoModel + " (" + res.Status.String() + ")"
}

// Seed file states in Diver.probe: a file absent from it has not been
// tried in this run.
const (
	seedProbing = 1 + iota // its first try is under way in some worker
	seedUsable             // tried and used
)

// Outcomes of claimSeed.
const (
	seedTake      = iota // use the file
	seedSkip             // known to be unusable: draw another
	seedExhausted        // every file is known to be unusable (or ctx is done)
)

// claimSeed decides about a drawn seed file. A file whose first try is
// under way in another worker is waited for, so that an unusable file is
// solved at most once and the draws do not depend on the other workers:
// whether a draw is used depends only on the file, so an iteration uses
// the seed it would use replayed alone (where the files it skips are
// found unusable again). A file it returns seedTake for untried is marked
// as being tried until endTry.
func (d *Diver) claimSeed(ctx context.Context, name string) int {
	d.unusableMu.Lock()
	defer d.unusableMu.Unlock()
	if d.probe == nil {
		d.probe = map[string]int{}
		d.probeDone = sync.NewCond(&d.unusableMu)
	}
	for d.probe[name] == seedProbing && ctx.Err() == nil {
		d.probeDone.Wait()
	}
	switch _, bad := d.unusable[name]; {
	case ctx.Err() != nil || len(d.unusable) >= len(d.files):
		return seedExhausted
	case bad:
		return seedSkip
	}
	if d.probe[name] == 0 {
		d.probe[name] = seedProbing
	}
	return seedTake
}

// usableSeed records that a seed file was used.
func (d *Diver) usableSeed(name string) {
	d.unusableMu.Lock()
	defer d.unusableMu.Unlock()
	if d.probe != nil && d.probe[name] == seedProbing {
		d.probe[name] = seedUsable
		d.probeDone.Broadcast()
	}
}

// endTry ends the first try of a seed file claimed by claimSeed: unless it
// was found usable or unusable, the file counts as untried again (the
// run ended during its try).
func (d *Diver) endTry(name string) {
	d.unusableMu.Lock()
	defer d.unusableMu.Unlock()
	if d.probe != nil && d.probe[name] == seedProbing {
		delete(d.probe, name)
	}
	if d.probeDone != nil {
		d.probeDone.Broadcast()
	}
}

// Unusable is the seed files found unusable so far, with the reason
// (tests and reports).
func (d *Diver) Unusable() map[string]string {
	d.unusableMu.Lock()
	defer d.unusableMu.Unlock()
	out := make(map[string]string, len(d.unusable))
	for k, v := range d.unusable {
		out[k] = v
	}
	return out
}
