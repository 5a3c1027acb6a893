package cbox

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"tandem/eval"
	"tandem/smt"
)

// Define makes a closed box of a define-fun: its body is run by the
// evaluator (package eval) and hidden from the SMT engine, the paper's way
// of turning SMT-LIB benchmarks into closed-box ones (`tandem solve
// --cb-from-define NAME`). f is the define-fun's declaration (Formals and
// Body set; its Kind may already have been changed to FuncClosedBox). The
// body must depend on its parameters only: free constants, uninterpreted
// functions, closed boxes and quantifiers are refused here. The box
// implements [Bits] when f's sorts are Bool and bit-vectors up to 64 bits
// and the body compiles (eval.Compile); otherwise the interpreter runs it.
// An undefined value (say, (div x 0) in an Int body) is an error of Kind
// [Undefined].
func Define(f *smt.Func) (Box, error) {
	if err := checkFunc(f); err != nil {
		return nil, err
	}
	if f.Body == nil || len(f.Formals) != len(f.Params) || f.Result == nil {
		return nil, &Error{Box: f.Name, Kind: Spec, Msg: fmt.Sprintf("%s is not a define-fun with a body: only a define-fun of the input can be run as a closed box", f.Name)}
	}
	inner := false // the body applies other define-funs declared closed
	if err := checkBody(f, map[*smt.Func]bool{}, &inner); err != nil {
		return nil, &Error{Box: f.Name, Kind: Signature, Msg: err.Error() + "; a define-fun run as a closed box must depend on its parameters only"}
	}
	st := smt.NewStore()
	kind := smt.FuncDefined
	if f.Kind == smt.FuncDefinedRec {
		kind = smt.FuncDefinedRec
	}
	df := st.NewFunc(f.Name, kind, f.Params, f.Result)
	df.Formals, df.Body = f.Formals, f.Body
	consts := make([]*smt.Func, len(f.Params))
	args := make([]*smt.Term, len(f.Params))
	for i, p := range f.Params {
		consts[i] = st.NewFunc(fmt.Sprintf("%s!arg%d", f.Name, i), smt.FuncDeclared, nil, p)
		args[i] = st.Const(consts[i])
	}
	app, err := st.ApplyFunc(df, args)
	if err != nil {
		return nil, &Error{Box: f.Name, Kind: Signature, Msg: fmt.Sprintf("applying the definition: %v", err)}
	}
	d := &defineBox{f: f, consts: consts, app: app, sig: signatureOf(f)}
	d.evals.New = func() any { return &defineEval{m: eval.NewModel()} }
	if d.sig.bits && kind == smt.FuncDefined && !inner {
		d.compile()
	}
	if d.prog == nil {
		// No fast path: the box must not claim Bits.
		return &box{f: f, impl: d, sig: signatureOf(f)}, nil
	}
	return newBox(f, d), nil
}

// checkBody refuses bodies that depend on more than the parameters.
func checkBody(f *smt.Func, seen map[*smt.Func]bool, inner *bool) error {
	if seen[f] {
		return nil
	}
	seen[f] = true
	check := func(t *smt.Term) error {
		switch t.Kind() {
		case smt.Forall, smt.Exists:
			return fmt.Errorf("the body of %s has a quantifier, which the evaluator cannot run", f.Name)
		case smt.App:
			if g := t.Func(); g != nil {
				switch g.Kind {
				case smt.FuncDeclared:
					if t.NumArgs() == 0 {
						if t.Sort().Kind == smt.KindUninterpreted {
							break // an element of an uninterpreted sort names itself
						}
						return fmt.Errorf("the body of %s mentions the constant %s", f.Name, g.Name)
					}
					return fmt.Errorf("the body of %s applies the uninterpreted function %s", f.Name, g.Name)
				case smt.FuncClosedBox, smt.FuncOracle:
					if g.Body != nil && len(g.Formals) == len(g.Params) {
						// Another define-fun declared closed: run its body too.
						*inner = true
						if err := checkBody(g, seen, inner); err != nil {
							return err
						}
						break
					}
					return fmt.Errorf("the body of %s applies the closed box %s", f.Name, g.Name)
				case smt.FuncDefined, smt.FuncDefinedRec:
					if g.Body == nil {
						return fmt.Errorf("the body of %s applies %s, which has no body", f.Name, g.Name)
					}
					if err := checkBody(g, seen, inner); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	var err error
	smt.Inspect(f.Body, func(t *smt.Term) bool {
		if err == nil {
			err = check(t)
		}
		return err == nil
	})
	return err
}

type defineBox struct {
	f      *smt.Func
	consts []*smt.Func
	app    *smt.Term
	sig    signature
	evals  sync.Pool // *defineEval

	// The compiled fast path (nil when the body does not compile).
	prog     *eval.Program
	inputs   []int // per parameter: its input index, or -1 when unused
	machines sync.Pool
}

type defineEval struct {
	m  *eval.Model
	ev *eval.Evaluator
}

type defineMachine struct {
	m  *eval.Machine
	in []uint64
}

func (d *defineBox) compile() {
	prog, err := eval.Compile(d.app)
	if err != nil || len(prog.Roots()) != 1 {
		return
	}
	d.inputs = make([]int, len(d.consts))
	for i, c := range d.consts {
		d.inputs[i] = prog.InputIndex(c)
	}
	if len(prog.Inputs()) > len(d.consts) {
		return // an input that is not a parameter: cannot happen after checkBody
	}
	d.prog = prog
	d.machines.New = func() any {
		return &defineMachine{m: prog.NewMachine(nil), in: make([]uint64, len(prog.Inputs()))}
	}
}

func (d *defineBox) callBits(ctx context.Context, args []uint64) (uint64, error) {
	if d.prog == nil {
		v, err := d.call(ctx, bitsValues(d.sig, args))
		if err != nil {
			return 0, err
		}
		if u, ok := v.(smt.Undefined); ok {
			return 0, &Error{Kind: Undefined, Msg: undefReason(u)}
		}
		return valueBits(v), nil
	}
	m := d.machines.Get().(*defineMachine)
	for i, a := range args {
		if j := d.inputs[i]; j >= 0 {
			m.in[j] = a
		}
	}
	err := m.m.Run(m.in)
	x := m.m.Value(0)
	d.machines.Put(m)
	if err != nil {
		return 0, &Error{Kind: Failed, Msg: err.Error()}
	}
	return x, nil
}

func (d *defineBox) call(ctx context.Context, args []smt.Value) (smt.Value, error) {
	if d.prog != nil {
		var buf [8]uint64
		x, err := d.callBits(ctx, d.sig.toBits(args, buf[:0]))
		if err != nil {
			return nil, err
		}
		return bitsValue(d.sig.result, x), nil
	}
	e := d.evals.Get().(*defineEval)
	defer d.evals.Put(e)
	for i, c := range d.consts {
		if err := e.m.SetConst(c, args[i]); err != nil {
			return nil, &Error{Kind: BadArgs, Msg: err.Error()}
		}
	}
	if e.ev == nil {
		e.ev = eval.New(e.m)
	} else {
		e.ev.Reset()
	}
	v, err := e.ev.Eval(d.app)
	if err != nil {
		if errors.Is(err, eval.ErrUnsupported) {
			return nil, &Error{Kind: Failed, Msg: "the evaluator cannot run the body: " + err.Error()}
		}
		return nil, &Error{Kind: Failed, Msg: err.Error()}
	}
	return v, nil
}

func (d *defineBox) close() error { return nil }

func bitsValues(sig signature, args []uint64) []smt.Value {
	vals := make([]smt.Value, len(args))
	for i, a := range args {
		vals[i] = bitsValue(sig.params[i], a)
	}
	return vals
}
