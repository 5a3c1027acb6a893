package sat

import (
	"fmt"
	"strconv"
	"strings"
)

// The names of the enumerated options, as `tandem sat` and satfuzz's
// option model spell them; String and Options.Set use these tables only.
var (
	restartNames  = []string{RestartEMA: "ema", RestartLuby: "luby", RestartNone: "none"}
	decisionNames = []string{DecideVSIDS: "vsids", DecideStatic: "static"}
	modeNames     = []string{ModeSwitch: "switch", ModeFocused: "focused", ModeStable: "stable"}
	phaseNames    = []string{PhaseSaved: "saved", PhaseFalse: "false", PhaseTrue: "true", PhaseRandom: "random"}
	reduceNames   = []string{ReduceLBD: "lbd", ReduceNone: "none"}
	minimizeNames = []string{MinimizeRecursive: "recursive", MinimizeLocal: "local", MinimizeNone: "none"}
	unitsNames    = []string{UnitsSimplify: "simplify", UnitsKeep: "keep"}
)

func name(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return strconv.Itoa(i)
}

// String returns the policy's name: ema, luby or none.
func (p RestartPolicy) String() string { return name(restartNames, int(p)) }

// String returns the heuristic's name: vsids or static.
func (h DecisionHeuristic) String() string { return name(decisionNames, int(h)) }

// String returns the policy's name: switch, focused or stable.
func (p ModePolicy) String() string { return name(modeNames, int(p)) }

// String returns the policy's name: saved, false, true or random.
func (p PhasePolicy) String() string { return name(phaseNames, int(p)) }

// String returns the policy's name: lbd or none.
func (p ReducePolicy) String() string { return name(reduceNames, int(p)) }

// String returns the minimization's name: recursive, local or none.
func (m Minimization) String() string { return name(minimizeNames, int(m)) }

// String returns the policy's name: simplify or keep.
func (p UnitPolicy) String() string { return name(unitsNames, int(p)) }

// enumOptions are the enumerated options by name, with their value names.
var enumOptions = map[string][]string{
	"restart": restartNames, "decision": decisionNames, "phase": phaseNames,
	"reduce": reduceNames, "minimize": minimizeNames, "units": unitsNames, "mode": modeNames,
}

// OptionValues returns the value names of the enumerated option name
// ("restart": ema, luby, none), in the order of their constants (the
// default first); nil when name is not an enumerated option.
func OptionValues(name string) []string {
	return append([]string(nil), enumOptions[name]...)
}

// Set sets the option name to value, both as text. name is the Options
// field's name in lowerCamelCase ("restart", "lubyUnit", "varDecay", …,
// "seed"); an enumerated option takes its value's name (OptionValues,
// any case), a numeric one a number. Range checks are Options' own: a
// zero or out-of-range number means the default.
func (o *Options) Set(name, value string) error {
	if names, ok := enumOptions[name]; ok {
		i := -1
		for k, n := range names {
			if strings.EqualFold(n, value) {
				i = k
			}
		}
		if i < 0 {
			return fmt.Errorf("%s %q: want one of %s", name, value, strings.Join(names, ", "))
		}
		o.setEnum(name, i)
		return nil
	}
	ints := map[string]*int{"lubyUnit": &o.LubyUnit, "restartMin": &o.RestartMin, "reduceInterval": &o.ReduceInterval,
		"reduceIncrement": &o.ReduceIncrement, "keepLBD": &o.KeepLBD, "tier2LBD": &o.Tier2LBD, "maxVar": &o.MaxVar,
		"modeInterval": &o.ModeInterval, "rephaseInterval": &o.RephaseInterval}
	floats := map[string]*float64{"restartMargin": &o.RestartMargin, "varDecay": &o.VarDecay, "randomFreq": &o.RandomFreq}
	var err error
	switch {
	case ints[name] != nil:
		*ints[name], err = strconv.Atoi(value)
	case floats[name] != nil:
		*floats[name], err = strconv.ParseFloat(value, 64)
	case name == "seed":
		o.Seed, err = strconv.ParseInt(value, 10, 64)
	case name == "conflictLimit":
		o.ConflictLimit, err = strconv.ParseInt(value, 10, 64)
	default:
		return fmt.Errorf("unknown option %q", name)
	}
	if err != nil {
		return fmt.Errorf("%s %q: want a number", name, value)
	}
	return nil
}

func (o *Options) setEnum(name string, i int) {
	switch name {
	case "restart":
		o.Restart = RestartPolicy(i)
	case "decision":
		o.Decision = DecisionHeuristic(i)
	case "phase":
		o.Phase = PhasePolicy(i)
	case "reduce":
		o.Reduce = ReducePolicy(i)
	case "minimize":
		o.Minimize = Minimization(i)
	case "units":
		o.Units = UnitPolicy(i)
	case "mode":
		o.Mode = ModePolicy(i)
	}
}
