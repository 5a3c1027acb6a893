package cli

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/spf13/pflag"
)

// The rules a duration flag may carry (see [AllowDuration]).
const (
	ZeroOK     = "zero-ok"     // 0 has a meaning (none, no limit)
	NegativeOK = "negative-ok" // a negative value has a meaning (off)
)

// durationAnn is the pflag annotation holding a duration flag's rules.
const durationAnn = "tandem-duration"

const durationHint = "give a positive duration such as 500ms, 10s or 2m"

// AllowDuration marks the duration flag name of fs as giving zero or
// negative values (rules: [ZeroOK], [NegativeOK]) a meaning, which its
// usage text says. It panics on a flag fs does not have: a programming
// error the tests catch.
func AllowDuration(fs *pflag.FlagSet, name string, rules ...string) {
	if err := fs.SetAnnotation(name, durationAnn, rules); err != nil {
		panic(err)
	}
}

// Allows reports whether flag f was marked with rule by [AllowDuration].
func Allows(f *pflag.Flag, rule string) bool {
	return slices.Contains(f.Annotations[durationAnn], rule)
}

// CheckDurations rejects a duration flag of fs set to zero or a negative
// value unless the flag allows that value ([AllowDuration]), so that no
// mistyped limit silently becomes a default or no limit at all.
func CheckDurations(fs *pflag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		if err != nil || !f.Changed || f.Value.Type() != "duration" {
			return
		}
		d, perr := time.ParseDuration(f.Value.String())
		switch {
		case perr != nil:
		case d < 0 && !Allows(f, NegativeOK):
			err = fmt.Errorf("--%s %v: a negative duration is not a limit; %s", f.Name, d, durationHint)
		case d == 0 && !Allows(f, ZeroOK):
			err = fmt.Errorf("--%s 0s: a zero duration would leave no time at all; %s", f.Name, durationHint)
		}
	})
	return err
}

// OffDuration is a duration flag value that also takes -1 or "off"
// (stored as -1ns): the documented way to turn a time slice off. Any other
// negative duration means off too; a bare number other than -1 has no unit
// and is rejected, as [time.ParseDuration] would.
type OffDuration time.Duration

func (d *OffDuration) String() string {
	if *d < 0 {
		return "off"
	}
	return time.Duration(*d).String()
}

// Set implements [pflag.Value].
func (d *OffDuration) Set(s string) error {
	if s == "-1" || s == "off" {
		*d = -1
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("want a duration such as 500ms, or -1 (off)")
	}
	*d = OffDuration(max(v, -1))
	return nil
}

// Type implements [pflag.Value].
func (d *OffDuration) Type() string { return "duration|-1" }

// Seconds is a positive time limit given in seconds ("30", "1.5", as
// ddSMT takes it) or as a duration ("30s"); its zero value, printed as
// the empty string, means the default.
type Seconds time.Duration

func (s *Seconds) String() string {
	if *s == 0 {
		return ""
	}
	return time.Duration(*s).String()
}

// Set implements [pflag.Value].
func (s *Seconds) Set(v string) error {
	if f, err := strconv.ParseFloat(v, 64); err == nil && f > 0 {
		*s = Seconds(f * float64(time.Second))
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return fmt.Errorf("%q is neither seconds nor a duration such as 30s", v)
	}
	*s = Seconds(d)
	return nil
}

// Type implements [pflag.Value].
func (s *Seconds) Type() string { return "seconds" }

// WithTimeout is ctx with a deadline d from now, or ctx itself when d is
// not positive (no limit); call cancel when done either way.
func WithTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, d)
}
