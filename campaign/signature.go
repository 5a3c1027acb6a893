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
// solver (see SignatureSolver), solver version, class and normalized
// message, separated by " | ".
func SignatureKey(system string, f *Finding) string {
	return strings.Join([]string{system, SignatureSolver(f.Class, f.Solver), f.SolverVersion, string(f.Class), NormalizeMessage(f.Message)}, " | ")
}

// SignatureSolver is the solver part of a signature. For crashes and API
// errors it is the solver's name alone, without options: the solver's
// own message (an assertion, an exception and where it was thrown) names
// the root cause, and one crash reached under six option sets is one bug,
// not six. For soundness, invalid models, disagreements and performance
// the message is the oracle's, the same for every such bug, so the
// options the solver ran with stay in: they are the best hint to the
// cause there is. Options are the words after the first of each solver
// spec; a disagreement's specs are separated by " | ".
func SignatureSolver(class Class, spec string) string {
	if class != Crash && class != APIError {
		return spec
	}
	parts := strings.Split(spec, " | ")
	for i, p := range parts {
		if f := strings.Fields(p); len(f) > 0 {
			parts[i] = f[0]
		}
	}
	return strings.Join(parts, " | ")
}

// Signature is the dedup key of a finding: 16 hex digits of the SHA-256 of
// its SignatureKey. Findings with one signature are counted as one bug.
func Signature(system string, f *Finding) string {
	h := sha256.Sum256([]byte(SignatureKey(system, f)))
	return hex.EncodeToString(h[:8])
}

// SimilarShare is how much two normalized messages may differ and still be
// one bug in fuzzy dedup: Murxla's rule (src/murxla.cpp, add_error), where
// error messages whose token diff, digits ignored, changes at most 5% of
// their characters are the same error.
const SimilarShare = 0.05

// MessageDistance is the share of characters that differ between two
// messages: the characters of the tokens a minimal token diff deletes or
// inserts, over the characters of both. Tokens are runs of letters, digits
// and underscores, and single other characters; white space separates
// them and does not count. 0 means the same tokens, 1 nothing in common.
// Compare normalized messages (NormalizeMessage), so digits do not count.
func MessageDistance(a, b string) float64 {
	ta, tb := tokens(a), tokens(b)
	na, nb := tokenChars(ta), tokenChars(tb)
	if na+nb == 0 {
		return 0
	}
	// Longest common subsequence of tokens, weighted by their length.
	prev, cur := make([]int, len(tb)+1), make([]int, len(tb)+1)
	for i := range ta {
		for j := range tb {
			switch {
			case ta[i] == tb[j]:
				cur[j+1] = prev[j] + len(ta[i])
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	common := prev[len(tb)]
	return float64(na+nb-2*common) / float64(na+nb)
}

// SimilarMessages reports whether two findings' messages are one bug for
// fuzzy dedup: their normalized forms are within SimilarShare.
func SimilarMessages(a, b string) bool {
	return MessageDistance(NormalizeMessage(a), NormalizeMessage(b)) <= SimilarShare
}

func tokens(s string) []string {
	var out []string
	word := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case word(c):
			j := i
			for j < len(s) && word(s[j]) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			out = append(out, s[i:i+1])
			i++
		}
	}
	return out
}

func tokenChars(ts []string) int {
	n := 0
	for _, t := range ts {
		n += len(t)
	}
	return n
}

// Cluster is one bug after fuzzy dedup: signatures of the same class,
// solver and version whose normalized messages are similar
// (SimilarMessages), linked transitively, so the grouping depends only on
// which signatures exist, not on the order they were found.
type Cluster struct {
	// Signatures in the order of the rows given to ClusterSignatures; the
	// first stands for the cluster.
	Signatures []string `json:"signatures"`
	// Count is the number of findings of all of them.
	Count int64 `json:"count"`
}

// ClusterSignatures groups a campaign's signature rows (as Store.Signatures
// returns them) into clusters for fuzzy dedup, on top of the exact
// signatures: the store keeps counting, reducing and exporting each
// signature; clusters say which of them are probably one bug. Clusters come
// in the order of their first rows.
func ClusterSignatures(system string, rows []SignatureRow) []Cluster {
	parent := make([]int, len(rows))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	msgs := make([]string, len(rows))
	for i, r := range rows {
		msgs[i] = rowMessage(system, r)
	}
	for i := range rows {
		for j := i + 1; j < len(rows); j++ {
			a, b := rows[i], rows[j]
			if a.Class != b.Class || SignatureSolver(a.Class, a.Solver) != SignatureSolver(b.Class, b.Solver) || a.SolverVersion != b.SolverVersion || find(i) == find(j) {
				continue
			}
			if MessageDistance(msgs[i], msgs[j]) <= SimilarShare {
				// The earlier row's root stays the root.
				ri, rj := find(i), find(j)
				parent[max(ri, rj)] = min(ri, rj)
			}
		}
	}
	var out []Cluster
	at := map[int]int{} // root → index in out
	for i, r := range rows {
		root := find(i)
		k, ok := at[root]
		if !ok {
			k = len(out)
			at[root] = k
			out = append(out, Cluster{})
		}
		out[k].Signatures = append(out[k].Signatures, r.Signature)
		out[k].Count += r.Count
	}
	return out
}

// rowMessage is the normalized message of a stored signature: its key
// without the system, solver, version and class in front.
func rowMessage(system string, s SignatureRow) string {
	return strings.TrimPrefix(s.Key, strings.Join([]string{system, SignatureSolver(s.Class, s.Solver), s.SolverVersion, string(s.Class)}, " | ")+" | ")
}
