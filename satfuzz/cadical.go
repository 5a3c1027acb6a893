package satfuzz

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"tandem/satfuzz/target/cadical"
	"tandem/satfuzz/trace"
	"tandem/solver"
)

func init() {
	RegisterTarget("cadical", func() (Target, error) { return &CaDiCaL{}, nil })
	RegisterParamTarget("cadical", func(dir string) (Target, error) { return NewCaDiCaLAt(context.Background(), dir) })
}

// CaDiCaL is the target of CaDiCaL's C++ API (Debian libcadical-dev 1.5.3):
// the driver in satfuzz/target/cadical/src/driver.cpp, built with g++ on
// first use and run as a separate process per trace under the time and
// memory limits. Its option model is every option of `cadical --help`.
// CaDiCaL has no enumeration API, so enumerating counts with blocking
// clauses in the driver.
//
// With Dir set (target "cadical@DIR", see NewCaDiCaLAt) the driver links
// DIR/build/libcadical.a of a CaDiCaL built from source instead, and the
// option model is read from that build's `DIR/build/cadical --help`.
type CaDiCaL struct {
	Dir  string       // a CaDiCaL source tree after ./configure && make; "" is Debian's
	opts []OptionSpec // the model of Dir's build

	mu     sync.Mutex
	driver string // Dir's driver once built: the library is hashed once, not per trace
}

// NewCaDiCaLAt returns the target of the CaDiCaL built in dir (a source
// tree after `./configure && make`: dir/src/cadical.hpp,
// dir/build/libcadical.a and dir/build/cadical), with the option model of
// that version from `dir/build/cadical --help`.
func NewCaDiCaLAt(ctx context.Context, dir string) (*CaDiCaL, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	for _, f := range []string{"src/cadical.hpp", "build/libcadical.a", "build/cadical"} {
		if _, err := os.Stat(filepath.Join(abs, f)); err != nil {
			return nil, fmt.Errorf("satfuzz: target cadical@%s: no %s; give a CaDiCaL source tree after ./configure && make", dir, f)
		}
	}
	r, err := solver.Run(ctx, solver.Command("cadical --help", filepath.Join(abs, "build", "cadical"), "--help"), solver.BytesInput(nil),
		solver.RunOptions{Limits: solver.Limits{CPU: 10 * time.Second, Wall: 20 * time.Second, Memory: 1 << 30}})
	if err != nil {
		return nil, fmt.Errorf("satfuzz: target cadical@%s: %w", dir, err)
	}
	opts, err := cadical.ParseHelp(r.Stdout)
	if err != nil {
		return nil, fmt.Errorf("satfuzz: target cadical@%s: %w", dir, err)
	}
	return &CaDiCaL{Dir: abs, opts: cadicalModel(opts)}, nil
}

// Name returns "cadical", or "cadical@DIR" for a build from source.
func (c *CaDiCaL) Name() string {
	if c.Dir != "" {
		return "cadical@" + c.Dir
	}
	return "cadical"
}

// CaDiCaLOptions is the option model (from cadical.Options).
var CaDiCaLOptions = cadicalModel(cadical.Options)

// cadicalModel turns CaDiCaL's options into the option model, with the
// constraints every CaDiCaL version needs.
func cadicalModel(opts []cadical.Option) []OptionSpec {
	var o []OptionSpec
	for _, c := range opts {
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
}

// Options returns CaDiCaLOptions, or the model of Dir's build.
func (c *CaDiCaL) Options() []OptionSpec {
	if c.Dir != "" {
		return c.opts
	}
	return CaDiCaLOptions
}

// Driver builds the driver (once) and returns its path.
func (c *CaDiCaL) Driver(ctx context.Context) (string, error) {
	name, key, link := "cadical", cadical.Source, []string{"-lcadical"}
	if c.Dir != "" {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.driver != "" {
			return c.driver, nil
		}
		lib := filepath.Join(c.Dir, "build", "libcadical.a")
		hdr := filepath.Join(c.Dir, "src", "cadical.hpp")
		libSum, err := fileSum(lib)
		if err != nil {
			return "", fmt.Errorf("satfuzz: target %s: %w", c.Name(), err)
		}
		hdrSum, err := fileSum(hdr)
		if err != nil {
			return "", fmt.Errorf("satfuzz: target %s: %w", c.Name(), err)
		}
		// The cache key covers the driver, the header and the library (not
		// the tree's path), so a rebuilt library gets a new driver (in the
		// next tandem process) and the same build in another tree does not.
		name, key = "cadical-src", append([]byte(libSum+"\x00"+hdrSum+"\x00"), cadical.Source...)
		link = []string{"-I" + filepath.Join(c.Dir, "src"), lib}
	}
	dir, err := cachedBuild(ctx, name, key, func(ctx context.Context, dir string) error {
		if err := os.WriteFile(filepath.Join(dir, "driver.cpp"), cadical.Source, 0o644); err != nil {
			return err
		}
		return runCmd(ctx, dir, append([]string{"g++", "-O2", "-o", "driver", "driver.cpp"}, link...)...)
	})
	if err != nil {
		return "", err
	}
	if c.Dir != "" {
		c.driver = filepath.Join(dir, "driver")
	}
	return filepath.Join(dir, "driver"), nil
}

// Run executes the trace in a driver process.
func (c *CaDiCaL) Run(ctx context.Context, t *trace.Trace, lim Limits) (*Result, error) {
	lim = lim.withDefaults()
	if err := checkOptions(c.Options(), t.Options()); err != nil {
		return &Result{Error: "option: " + err.Error()}, nil
	}
	bin, err := c.Driver(ctx)
	if err != nil {
		return nil, err
	}
	return runDriver(ctx, "cadical", []string{bin}, t, solver.Limits{CPU: lim.Time, Wall: WallFactor * lim.Time, Memory: lim.Memory})
}

// fileSum is the SHA-256 of the file at path, in hex.
func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
