package solver

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Version runs the solver with its VersionArgs and returns the version
// number it prints (e.g. "4.8.12" for z3), or the first output line when
// there is no dotted number in it. It fails when the binary is missing or
// prints nothing.
func Version(ctx context.Context, p *Profile) (string, error) {
	if len(p.VersionArgs) == 0 {
		return "", fmt.Errorf("profile %q has no version_args: set them in the profiles file", p.Name)
	}
	lim := Limits{Wall: 5 * time.Second, Memory: DefaultMemory, OutputCap: 64 << 10}.withDefaults()
	ex, err := execute(ctx, p, p.VersionArgs, lim, stdinNull, nil)
	if err != nil {
		return "", err
	}
	cmd := p.Binary + " " + strings.Join(p.VersionArgs, " ")
	if ex.timedOut || ex.cancelled {
		return "", fmt.Errorf("solver %s: %s timed out after %v (check that the binary is the solver)", p.Name, cmd, lim.Wall)
	}
	out := strings.TrimSpace(string(ex.res.Stdout) + "\n" + string(ex.res.Stderr))
	if out == "" {
		return "", fmt.Errorf("solver %s: %s printed no version (check that the binary is the solver)", p.Name, cmd)
	}
	for _, line := range strings.Split(out, "\n") {
		if v := versionPattern.FindString(line); v != "" {
			return v, nil
		}
	}
	return Printable(firstLine(out), maxVersion), nil
}

// maxVersion bounds the version text shown for a binary that prints no
// version number.
const maxVersion = 60

// Printable makes program output safe to show on one terminal line: each
// control character, invalid UTF-8 byte or other non-printing rune becomes
// '?', and the text is cut to max runes with "…".
func Printable(s string, max int) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		if n == max {
			b.WriteString("…")
			break
		}
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			r = '?'
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
