// Package idrup reads the iCNF and IDRUP formats of incremental SAT solving
// and checks IDRUP proofs, as Biere's idrup-check does.
//
// An incremental SAT solver is used through an API: clauses are added,
// queries are asked under assumptions, answers come back with a model or a
// core of failed assumptions. The iCNF file records that interaction; the
// IDRUP proof (Fazekas, Pollitt, Fleury and Biere, MBMV'24) repeats it and
// adds what the solver did in between: learned lemmas 'l' (each must follow
// by reverse unit propagation, RUP), deletions 'd', and weakening 'w' and
// restoring 'r' of clauses. For the Figure 3 example of the Sat4j
// API-fuzzing thesis (testdata/figure3.*):
//
//	interactions (iCNF)      proof (IDRUP)
//	p icnf                   p idrup
//	i -1 3 4 0               i -1 3 4 0       (and three more clauses)
//	q 1 2 0                  q 1 2 0
//	                         l -4 -2 -1 0     RUP: 1, 2, 4 propagate to a conflict
//	                         l -2 -1 0
//	                         d -4 -2 -1 0
//	s UNSATISFIABLE          s UNSATISFIABLE
//	u 2 1 0                  u 2 1 0          core: 1, 2 propagate to a conflict
//
// [Check] reads both files in parallel through idrup-check's state machine
// and keeps the active and passive clause multisets: every input clause and
// query must match (as sets of literals; an input clause counts from the
// proof's 'i' line on, and a proof may add input clauses while it checks a
// query, before the 's' line), every lemma must be RUP (unit
// propagation with two watched literals), every model must satisfy every
// input clause ever added and the query's assumptions, and every core must
// be a subset of the assumptions that propagation refutes. The first
// failure is returned as an [*Error] with its file and line, in
// idrup-check's words. Duplicate literals are normalized away (idrup-check
// does not, which made Sat4j's fuzzer forbid them).
//
// [Reader] and [DIMACSReader] stream their input line by line through
// bufio; in strict mode they accept exactly what idrup-check accepts, in
// relaxed mode also any blanks, CR LF and a missing final new-line.
package idrup
