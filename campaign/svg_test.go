package campaign

import (
	"encoding/xml"
	"strings"
	"testing"
)

// wellFormed fails unless s parses as one XML element.
func wellFormed(t *testing.T, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return
			}
			t.Fatalf("not well-formed SVG: %v\n%s", err, s)
		}
	}
}

func TestCactus(t *testing.T) {
	s := Cactus("a <title>", 60, []Series{
		{Name: "cdfl", Color: "#f00", Y: []float64{3, 0.1, 0, 75}},
		{Name: "one", Color: "#0f0", Y: []float64{2}},
		{Name: "none", Color: "#00f"},
	})
	wellFormed(t, s)
	for _, want := range []string{"cdfl (4)", "one (1)", "none (0)", "a &lt;title&gt;", "<circle", "60"} {
		if !strings.Contains(s, want) {
			t.Errorf("cactus lacks %q", want)
		}
	}
	if strings.Count(s, "<polyline") != 1 {
		t.Errorf("want one polyline (the one-point series is a dot, the empty one nothing):\n%s", s)
	}
	wellFormed(t, Cactus("empty", 0, nil))
}
