package campaign

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"

	"tandem/solver"
)

var (
	// An absolute or relative path with at least one slash; the file's base
	// name is kept (it names the source file of an assertion), the
	// directories are not (they differ between machines and builds).
	rePath = regexp.MustCompile(`(?:[A-Za-z0-9_.+\-~]*/)+([A-Za-z0-9_.+\-]+)`)
	// Numbers glued to letters (tmp123, v4.8.12) that \b-numbers miss.
	reDigits = regexp.MustCompile(`[0-9]+`)
	reUUID   = regexp.MustCompile(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)
)

// NormalizeMessage makes a finding's message comparable across runs, as
// Murxla does before it compares error messages. Only the first non-empty
// line counts: later lines of solver errors quote the input (cvc5's parse
// errors print the offending line and a caret), which would make every
// finding unique. In it, addresses (0x…),
// sanitizer pid tags, UUIDs, directories of paths (the base name stays) and
// every run of digits become placeholders, and white space is collapsed.
// Two findings whose messages normalize alike (and whose system, solver,
// version and class agree) have the same Signature.
func NormalizeMessage(msg string) string {
	for _, line := range strings.Split(msg, "\n") {
		if strings.TrimSpace(line) != "" {
			msg = line
			break
		}
	}
	s := reUUID.ReplaceAllString(msg, "UUID")
	s = solver.NormalizeSignature(s) // 0x… → ADDR, ==pid== , /tmp/… , numbers → N
	s = rePath.ReplaceAllString(s, "…/$1")
	s = reDigits.ReplaceAllString(s, "N")
	return strings.TrimSpace(s)
}

// SignatureKey is the readable text a finding's signature hashes: system,
// solver spec, solver version, class and normalized message, separated by
// " | ".
func SignatureKey(system string, f *Finding) string {
	return strings.Join([]string{system, f.Solver, f.SolverVersion, string(f.Class), NormalizeMessage(f.Message)}, " | ")
}

// Signature is the dedup key of a finding: 16 hex digits of the SHA-256 of
// its SignatureKey. Findings with one signature are counted as one bug.
func Signature(system string, f *Finding) string {
	h := sha256.Sum256([]byte(SignatureKey(system, f)))
	return hex.EncodeToString(h[:8])
}
