package satfuzz

import (
	"context"
	"os"
	"path/filepath"

	"tandem/satfuzz/target/cadical"
	"tandem/satfuzz/trace"
	"tandem/solver"
)

func init() {
	RegisterTarget("cadical", func() (Target, error) { return &CaDiCaL{}, nil })
}

// CaDiCaL is the target of CaDiCaL's C++ API (Debian libcadical-dev 1.5.3):
// the driver in satfuzz/target/cadical/src/driver.cpp, built with g++ on
// first use and run as a separate process per trace under the time and
// memory limits. Its option model is every option of `cadical --help`.
// CaDiCaL has no enumeration API, so enumerating counts with blocking
// clauses in the driver.
type CaDiCaL struct{}

// Name returns "cadical".
func (*CaDiCaL) Name() string { return "cadical" }

// CaDiCaLOptions is the option model (from cadical.Options).
var CaDiCaLOptions = func() []OptionSpec {
	var o []OptionSpec
	for _, c := range cadical.Options {
		if c.Name == "checkfrozen" {
			// Contract checking of freeze/melt, which traces do not call:
			// every reused literal aborts ("can not reuse molten literal"),
			// as found by the first campaign. An option-model constraint,
			// like the thesis' Figs 8-9.
			continue
		}
		if c.Bool {
			spec := OptionSpec{Name: c.Name, Kind: Bool, Doc: c.Doc}
			switch c.Name {
			case "bump":
				// No variable bumping is a static decision order: 18 of
				// 21 timeouts of a 300 s campaign, 19 of 23 of a 2-minute
				// one (docs/satfuzz.md, Timeouts).
				spec.SlowValues = []string{"false"}
			case "forcephase": // a search that never changes phase,
				spec.SlowValues = []string{"true"}
			case "restart": // or never restarts: most other timeouts
				spec.SlowValues = []string{"false"}
			}
			o = append(o, spec)
		} else {
			o = append(o, OptionSpec{Name: c.Name, Kind: Int, Min: float64(c.Min), Max: float64(c.Max), Doc: c.Doc})
		}
	}
	return o
}()

// Options returns CaDiCaLOptions.
func (*CaDiCaL) Options() []OptionSpec { return CaDiCaLOptions }

// Driver builds the driver (once) and returns its path.
func (*CaDiCaL) Driver(ctx context.Context) (string, error) {
	dir, err := cachedBuild(ctx, "cadical", cadical.Source, func(ctx context.Context, dir string) error {
		if err := os.WriteFile(filepath.Join(dir, "driver.cpp"), cadical.Source, 0o644); err != nil {
			return err
		}
		return runCmd(ctx, dir, "g++", "-O2", "-o", "driver", "driver.cpp", "-lcadical")
	})
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "driver"), nil
}

// Run executes the trace in a driver process.
func (c *CaDiCaL) Run(ctx context.Context, t *trace.Trace, lim Limits) (*Result, error) {
	lim = lim.withDefaults()
	if err := checkOptions(CaDiCaLOptions, t.Options()); err != nil {
		return &Result{Error: "option: " + err.Error()}, nil
	}
	bin, err := c.Driver(ctx)
	if err != nil {
		return nil, err
	}
	return runDriver(ctx, "cadical", []string{bin}, t, solver.Limits{CPU: lim.Time, Wall: WallFactor * lim.Time, Memory: lim.Memory})
}
