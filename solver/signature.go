package solver

import (
	"bytes"
	"regexp"
	"strings"
)

// oomMarkers are output fragments (compared in lower case) that mean the
// process ran out of memory: the C++ runtime, z3, cvc5, glibc, Go.
var oomMarkers = []string{
	"std::bad_alloc",
	"out of memory",
	"cannot allocate memory",
	"memory exhausted",
	"failed to allocate",
	"memoryerror",
	"allocation failed",
	"failed to reserve", // Go runtime under RLIMIT_AS
}

// findSignature returns the first line of out (stdout and stderr are
// searched in that order by the caller) that contains one of sigs, and the
// normalized form used for dedup. ok is false when no line matches.
func findSignature(out []byte, sigs []string) (line, norm string, ok bool) {
	if len(sigs) == 0 {
		return "", "", false
	}
	rest := out
	for len(rest) > 0 {
		var l []byte
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			l, rest = rest, nil
		}
		if len(l) > 4096 {
			l = l[:4096]
		}
		s := string(l)
		for _, sig := range sigs {
			if sig != "" && strings.Contains(s, sig) {
				line = strings.TrimSpace(s)
				norm = NormalizeSignature(line)
				// A bare marker ("ASSERTION VIOLATION") says little: add the
				// next line, which names the place (z3 prints "File: …").
				if len(norm) < 32 {
					if next := nextNonEmptyLine(rest); next != "" {
						norm += " | " + NormalizeSignature(next)
					}
				}
				return line, norm, true
			}
		}
	}
	return "", "", false
}

func nextNonEmptyLine(b []byte) string {
	for len(b) > 0 {
		var l []byte
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			l, b = b[:i], b[i+1:]
		} else {
			l, b = b, nil
		}
		if s := strings.TrimSpace(string(l)); s != "" {
			if len(s) > 4096 {
				s = s[:4096]
			}
			return s
		}
	}
	return ""
}

var (
	reHex     = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	rePidTag  = regexp.MustCompile(`==\d+==`)
	reNumber  = regexp.MustCompile(`\b\d+\b`)
	reSpaces  = regexp.MustCompile(`\s+`)
	reTmpPath = regexp.MustCompile(`/tmp/[^\s:'"]+`)
)

// NormalizeSignature makes a crash line comparable across runs: addresses,
// sanitizer pid tags, temporary paths and numbers (line numbers, pids,
// sizes) become placeholders, and whitespace is collapsed. Two crashes with
// the same normalized signature are counted as one bug.
func NormalizeSignature(line string) string {
	s := reHex.ReplaceAllString(line, "ADDR")
	s = rePidTag.ReplaceAllString(s, "==PID==")
	s = reTmpPath.ReplaceAllString(s, "TMPFILE")
	s = reNumber.ReplaceAllString(s, "N")
	s = strings.TrimSpace(reSpaces.ReplaceAllString(s, " "))
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// hasOOMMarker reports whether out mentions running out of memory.
func hasOOMMarker(out []byte) bool {
	if len(out) > 1<<20 { // markers are near the end or start; avoid lowering huge output
		out = append(append([]byte(nil), out[:1<<19]...), out[len(out)-1<<19:]...)
	}
	l := bytes.ToLower(out)
	for _, m := range oomMarkers {
		if bytes.Contains(l, []byte(m)) {
			return true
		}
	}
	return false
}

// MatchSignature returns the first line of text that contains one of the
// profile's crash or self-check signatures, and its normalized form, as
// [Run] finds them in a run's output: for callers that read a solver's
// responses themselves (an incremental [Session]'s replies).
func (p *Profile) MatchSignature(text string) (line, norm string, ok bool) {
	return findSignature([]byte(text), p.Signatures)
}

// LooksLikeModel reports whether a raw response is a get-model answer
// (a parenthesized list of definitions, possibly with z3's comments), as
// opposed to an error, get-value pairs or get-info output.
func LooksLikeModel(raw string) bool { return looksLikeModel(raw) }
