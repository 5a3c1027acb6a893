package satfuzz

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
)

// Kind is the type of a solver option in an option model.
type Kind int

// The kinds of options.
const (
	Bool  Kind = iota // "true" or "false" (CaDiCaL: 1 or 0)
	Int               // an integer in [Min, Max]
	Float             // a decimal in [Min, Max)
	Enum              // one of Values
)

// OptionSpec is one entry of a target's option model (Artho, Biere and
// Seidl's "option model"; Algorithm 2 of the thesis for Sat4j): an option
// and its valid values. Every value the generator draws from a spec is
// valid for the target, so an error on it is a finding.
type OptionSpec struct {
	Name   string
	Kind   Kind
	Min    float64
	Max    float64
	Values []string
	// Doc says what the option is, in a few words.
	Doc string
	// SlowValues (Bool, Enum) and SlowFrom (Int, Float: the values from
	// SlowFrom up, when SlowFrom > Min) mark the values that made most of
	// a campaign's timeouts (docs/satfuzz.md, "Timeouts"). A trace that
	// draws one is generated smaller (Options.SlowShrink), so that it still
	// solves well within the trace's time limit.
	SlowValues []string
	SlowFrom   float64
}

// Slow reports whether v is one of the option's slow values.
func (o OptionSpec) Slow(v string) bool {
	switch o.Kind {
	case Bool, Enum:
		return slices.Contains(o.SlowValues, v)
	case Int, Float:
		f, err := strconv.ParseFloat(v, 64)
		return err == nil && o.SlowFrom > o.Min && f >= o.SlowFrom
	}
	return false
}

// Valid reports whether v is a valid value of the option.
func (o OptionSpec) Valid(v string) bool {
	switch o.Kind {
	case Bool:
		return v == "true" || v == "false"
	case Int:
		n, err := strconv.ParseInt(v, 10, 64)
		return err == nil && float64(n) >= o.Min && float64(n) <= o.Max
	case Float:
		f, err := strconv.ParseFloat(v, 64)
		return err == nil && f >= o.Min && f <= o.Max
	case Enum:
		for _, s := range o.Values {
			if s == v {
				return true
			}
		}
	}
	return false
}

// Draw picks a random valid value. Integers with a wide range are drawn
// log-uniformly half of the time, so that small values (where the
// interesting corner cases are) are as likely as huge ones.
func (o OptionSpec) Draw(r *rand.Rand) string {
	switch o.Kind {
	case Bool:
		if r.IntN(2) == 0 {
			return "false"
		}
		return "true"
	case Int:
		lo, hi := int64(o.Min), int64(o.Max)
		if hi <= lo {
			return strconv.FormatInt(lo, 10)
		}
		if hi-lo > 1000 && r.IntN(2) == 0 {
			e := r.Float64() * math.Log(float64(hi-lo+1))
			v := lo + int64(math.Exp(e)) - 1
			if v > hi {
				v = hi
			}
			if v < lo {
				v = lo
			}
			return strconv.FormatInt(v, 10)
		}
		return strconv.FormatInt(lo+r.Int64N(hi-lo+1), 10)
	case Float:
		return strconv.FormatFloat(o.Min+r.Float64()*(o.Max-o.Min), 'f', 5, 64)
	case Enum:
		if len(o.Values) == 0 {
			return ""
		}
		return o.Values[r.IntN(len(o.Values))]
	}
	return ""
}

// lookupOption finds the spec of key in model.
func lookupOption(model []OptionSpec, key string) (OptionSpec, bool) {
	for _, o := range model {
		if o.Name == key {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// checkOptions returns an error for an option line outside the model.
func checkOptions(model []OptionSpec, opts [][2]string) error {
	for _, kv := range opts {
		o, ok := lookupOption(model, kv[0])
		if !ok {
			return fmt.Errorf("unknown option %q", kv[0])
		}
		if !o.Valid(kv[1]) {
			return fmt.Errorf("invalid value %q of option %s", kv[1], kv[0])
		}
	}
	return nil
}
