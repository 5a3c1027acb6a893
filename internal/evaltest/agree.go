package evaltest

import (
	"fmt"
	"math/big"
	"math/rand/v2"

	"tandem/eval"
	"tandem/smt"
)

// Inputs draws random input vectors for a compiled program: edge values
// (0, 1, all ones, the sign bit), the literals that occur in the program's
// terms (so that comparisons with constants go both ways), small
// perturbations of those, and uniform values.
type Inputs struct {
	p     *eval.Program
	lits  []uint64
	masks []uint64
	r     *rand.Rand
}

// NewInputs prepares random inputs for p.
func NewInputs(p *eval.Program, r *rand.Rand) *Inputs {
	in := &Inputs{p: p, r: r}
	smt.InspectAll(p.Roots(), func(t *smt.Term) bool {
		if len(in.lits) > 256 {
			return false
		}
		if t.Kind() == smt.Literal && t.LiteralKind() == smt.LitBitVec {
			in.lits = append(in.lits, t.BigInt().Uint64())
		}
		return true
	})
	for _, f := range p.Inputs() {
		w := 1
		if f.Result.Kind == smt.KindBitVec {
			w = f.Result.Width
		}
		m := ^uint64(0)
		if w < 64 {
			m = 1<<w - 1
		}
		in.masks = append(in.masks, m)
	}
	return in
}

// Fill writes one random input vector into dst (len(p.Inputs())).
func (in *Inputs) Fill(dst []uint64) {
	for i, m := range in.masks {
		var v uint64
		switch k := in.r.IntN(10); {
		case k == 0:
			v = 0
		case k == 1:
			v = 1
		case k == 2:
			v = m
		case k == 3:
			v = (m >> 1) + 1
		case k <= 6 && len(in.lits) > 0:
			v = in.lits[in.r.IntN(len(in.lits))]
			if in.r.IntN(2) == 0 {
				v += uint64(in.r.IntN(3)) - 1
			}
		default:
			v = in.r.Uint64()
		}
		dst[i] = v & m
	}
}

// SetModel puts an input vector into a model, for the interpreter.
func SetModel(p *eval.Program, in []uint64, m *eval.Model) error {
	for i, f := range p.Inputs() {
		var v smt.Value
		if f.Result.Kind == smt.KindBool {
			v = smt.BoolValue(in[i] == 1)
		} else {
			v = smt.BVValue{W: f.Result.Width, V: new(big.Int).SetUint64(in[i])}
		}
		if err := m.SetConst(f, v); err != nil {
			return err
		}
	}
	return nil
}

// Agree runs p and the interpreter on runs random input vectors and
// returns an error describing the first root on which they differ.
func Agree(p *eval.Program, r *rand.Rand, runs int) error {
	gen := NewInputs(p, r)
	mach := p.NewMachine(nil)
	model := eval.NewModel()
	ev := eval.New(model)
	in := make([]uint64, len(p.Inputs()))
	for k := 0; k < runs; k++ {
		gen.Fill(in)
		if err := SetModel(p, in, model); err != nil {
			return err
		}
		ev.Reset()
		if err := mach.Run(in); err != nil {
			return err
		}
		for i, root := range p.Roots() {
			want, err := ev.Eval(root)
			if err != nil {
				return fmt.Errorf("interpreter: %w", err)
			}
			var w uint64
			switch v := want.(type) {
			case smt.BoolValue:
				if v {
					w = 1
				}
			case smt.BVValue:
				w = v.V.Uint64()
			default:
				return fmt.Errorf("root %d: interpreter gave %s", i, want)
			}
			if got := mach.Value(i); got != w {
				return fmt.Errorf("root %d %.200s on inputs %v: compiled %#x, interpreter %#x", i, root, in, got, w)
			}
			if d := mach.Distance(i); (d == 0) != (w == 1) && root.Sort() == smt.BoolSort() {
				return fmt.Errorf("root %d: distance %d but value %d", i, d, w)
			}
		}
	}
	return nil
}
