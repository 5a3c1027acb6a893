package sat_test

import (
	"bytes"
	"context"
	"testing"

	"tandem/idrup"
	"tandem/sat"
)

// FuzzSolve decodes bytes into a solver configuration and an incremental
// session over 8 variables (a byte is a literal, the end of a clause, or a
// query under the literals collected since), compares each answer with
// brute force and checks the IDRUP proof against the interactions.
func FuzzSolve(f *testing.F) {
	f.Add([]byte{0, 1, 2, 0xf0, 9, 0xf0, 0xe0})
	f.Add([]byte{0x55, 1, 0xf0, 9, 0xf0, 2, 0xe0, 3, 11, 0xe0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 400 {
			return
		}
		o := data[0]
		opts := sat.Options{
			Restart:  sat.RestartPolicy(o % 3),
			Decision: sat.DecisionHeuristic(o >> 2 & 1),
			Phase:    sat.PhasePolicy(o >> 3 & 3),
			Reduce:   sat.ReducePolicy(o >> 5 & 1),
			Minimize: sat.Minimization((o >> 6) % 3),
			Units:    sat.UnitPolicy(o >> 7),
			LubyUnit: 1, ReduceInterval: 3, ReduceIncrement: 1,
			Seed: int64(o),
			// The length picks the mode, independent of the first byte;
			// tiny intervals make switches and rephasing happen.
			Mode:         sat.ModePolicy(len(data) % 3),
			ModeInterval: 1 + len(data)%5, RephaseInterval: 1 + len(data)%7,
			Tier2LBD: 1 + len(data)%4,
		}
		var proof, inter bytes.Buffer
		s := sat.New(&opts)
		s.SetProof(&proof)
		inter.WriteString("p icnf\n")
		var clauses [][]int
		var buf []int
		line := func(t byte, lits []int) {
			inter.WriteByte(t)
			for _, l := range lits {
				inter.WriteString(" ")
				inter.WriteString(itoa(l))
			}
			inter.WriteString(" 0\n")
		}
		for _, b := range data[1:] {
			switch b >> 4 {
			case 0xf:
				s.AddClause(buf...)
				line('i', buf)
				clauses = append(clauses, buf)
				buf = nil
			case 0xe:
				for _, a := range buf {
					s.Assume(a)
				}
				line('q', buf)
				st := s.Solve(context.Background())
				want := bruteForce(8, clauses, buf)
				if (st == sat.Satisfiable) != want || st == sat.Unknown {
					t.Fatalf("got %v, brute force says %v", st, want)
				}
				inter.WriteString("s " + st.String() + "\n")
				if st == sat.Satisfiable {
					line('m', s.Model())
				} else {
					line('u', s.Core())
				}
				buf = nil
			default:
				l := int(b&7) + 1
				if b&8 != 0 {
					l = -l
				}
				buf = append(buf, l)
			}
		}
		s.Flush()
		if _, err := idrup.Check(context.Background(), idrup.Source{Name: "i", R: &inter}, idrup.Source{Name: "p", R: &proof}, idrup.Options{}); err != nil {
			t.Fatalf("proof does not check: %v", err)
		}
	})
}

func itoa(x int) string {
	var b []byte
	neg := x < 0
	if neg {
		x = -x
	}
	for {
		b = append([]byte{byte('0' + x%10)}, b...)
		x /= 10
		if x == 0 {
			break
		}
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}
