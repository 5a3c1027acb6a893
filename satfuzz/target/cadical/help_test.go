package cadical

import (
	"os/exec"
	"reflect"
	"testing"

	"tandem/internal/testutil"
)

func TestParseHelp(t *testing.T) {
	help := `usage: cadical [ <option> ... ] [ <input> [ <proof> ] ]
  --help         print this complete list of all options
  --arena=bool               allocate clauses in arena [true]
  --arenatype=1..3           1=clause, 2=var, 3=queue [3]
  --blockmaxclslim=1..2e9    maximum clause size [1e5]
  --emagluefast=1..1e6       window fast glue [33]
  --seed=0..2e9              random seed [0]
  --verbose=0..3             more verbose messages [0]
  --chronolevelim=-1..2e6    chronological level limit [1e2]
`
	got, err := ParseHelp([]byte(help))
	if err != nil {
		t.Fatal(err)
	}
	want := []Option{
		{Name: "arena", Min: 0, Max: 1, Bool: true, Doc: "allocate clauses in arena"},
		{Name: "arenatype", Min: 1, Max: 3, Doc: "1=clause, 2=var, 3=queue"},
		{Name: "blockmaxclslim", Min: 1, Max: 2000000000, Doc: "maximum clause size"},
		{Name: "emagluefast", Min: 1, Max: 1000000, Doc: "window fast glue"},
		{Name: "seed", Min: 0, Max: 2000000000, Doc: "random seed"},
		{Name: "chronolevelim", Min: -1, Max: 2000000, Doc: "chronological level limit"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseHelp:\n got %+v\nwant %+v", got, want)
	}
	for _, bad := range []string{"", "no options here\n", "  --x=3..1  backwards [2]\n", "  --x=1..2.5  fraction [1]\n"} {
		if _, err := ParseHelp([]byte(bad)); err == nil {
			t.Errorf("ParseHelp(%q): no error", bad)
		}
	}
}

// TestHelpMatchesModel is the differential check of the generated model:
// Options must be exactly what the installed cadical's --help lists, so a
// Debian upgrade that renames or drops an option fails here, not as a
// flood of "option rejected" findings.
func TestHelpMatchesModel(t *testing.T) {
	bin := testutil.RequireBinary(t, "cadical")
	out, err := exec.Command(bin, "--help").Output()
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseHelp(out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, Options) {
		t.Errorf("options_gen.go no longer matches %s --help: regenerate it (got %d options, model has %d)", bin, len(got), len(Options))
	}
}
