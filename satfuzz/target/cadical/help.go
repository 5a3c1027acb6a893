package cadical

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strconv"
)

// OutputOptions only change what CaDiCaL prints, so the option model leaves
// them out.
var OutputOptions = map[string]bool{
	"quiet": true, "verbose": true, "report": true, "reportall": true,
	"reportsolve": true, "profile": true, "realtime": true,
	"stats": true, // 2.x: statistics at the end
}

// helpLine is one advanced option of `cadical --help`:
// "  --NAME=bool|MIN..MAX   DOC [DEFAULT]".
var helpLine = regexp.MustCompile(`^\s+--([a-z0-9]+)=(bool|(-?[0-9.e]+)\.\.(-?[0-9.e]+))\s+(.*?)\s*\[[^\]]*\]\s*$`)

// ParseHelp reads the option model from the output of `cadical --help`:
// every "--NAME=bool" or "--NAME=MIN..MAX" line (ranges as CaDiCaL prints
// them, e.g. 1..2e9), minus OutputOptions. It is how a CaDiCaL built from
// source (target cadical@DIR) gets the model of its own version, and how
// TestHelpMatchesModel checks that Options still matches the installed
// binary.
func ParseHelp(help []byte) ([]Option, error) {
	var opts []Option
	sc := bufio.NewScanner(bytes.NewReader(help))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		m := helpLine.FindStringSubmatch(sc.Text())
		if m == nil || OutputOptions[m[1]] {
			continue
		}
		o := Option{Name: m[1], Doc: m[5]}
		if m[2] == "bool" {
			o.Max, o.Bool = 1, true
		} else {
			lo, err1 := parseBound(m[3])
			hi, err2 := parseBound(m[4])
			if err1 != nil || err2 != nil || lo > hi {
				return nil, fmt.Errorf("cadical --help line %d: option %s has range %s, not MIN..MAX with integers", n, m[1], m[2])
			}
			o.Min, o.Max = lo, hi
		}
		opts = append(opts, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("cadical --help: %w", err)
	}
	if len(opts) == 0 {
		return nil, fmt.Errorf("cadical --help lists no option of the form --NAME=bool or --NAME=MIN..MAX: is it CaDiCaL's output?")
	}
	return opts, nil
}

// parseBound reads a range bound as CaDiCaL prints it: 16, -1, 2e9, 1e5.
func parseBound(s string) (int64, error) {
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return i, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != float64(int64(f)) {
		return 0, fmt.Errorf("bad bound %q", s)
	}
	return int64(f), nil
}
