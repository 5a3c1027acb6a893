package main

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// Target is what an instance constrains: one box, or a chain f(g(x)) of
// two, applied to the instance's constants x0, x1, ….
type Target struct {
	Boxes  []*Box // every box the application uses, innermost first
	Params []int
	Result int
	// Fields are the (hi, lo) bit ranges of a result with several outputs,
	// constrained one by one; nil means the whole result.
	Fields [][2]int
	app    func(args []string) string
	Eval   func(a []uint64) uint64
	Draw   func(r *rand.Rand) []uint64
	Desc   string
}

// App is the SMT-LIB application of the target to args.
func (t *Target) App(args []string) string { return t.app(args) }

func single(b *Box, fields ...[2]int) *Target {
	return &Target{
		Boxes: []*Box{b}, Params: b.Params, Result: b.Result, Fields: fields,
		app:  func(args []string) string { return "(" + b.Name + " " + strings.Join(args, " ") + ")" },
		Eval: b.Eval, Draw: b.Draw, Desc: b.Name,
	}
}

// chained is f(g(x)) for a one-argument g whose result f takes.
func chained(f, g *Box) *Target {
	if len(f.Params) != 1 || f.Params[0] != g.Result {
		panic(fmt.Sprintf("cbgen: %s cannot take %s's result", f.Name, g.Name))
	}
	return &Target{
		Boxes: []*Box{g, f}, Params: g.Params, Result: f.Result,
		app: func(args []string) string {
			return "(" + f.Name + " (" + g.Name + " " + strings.Join(args, " ") + "))"
		},
		Eval: func(a []uint64) uint64 { return f.Eval([]uint64{g.Eval(a)}) },
		Draw: g.Draw, Desc: f.Name + "(" + g.Name + "(x))",
	}
}

// Family is a set of parametrised targets of one kind.
type Family struct {
	Name    string
	Kind    string // checksum, parser, bittrick, float, chain, multi
	Targets []*Target
}

func families() []Family {
	var crc8s, crc16s, crc32s, adlers, fnvs, fmixs []*Target
	for _, p := range []uint8{0x07, 0x31, 0x1d, 0x9b, 0x2f} {
		for _, n := range []int{1, 2, 4} {
			crc8s = append(crc8s, single(crc8Box(n, p, 0)))
		}
		crc8s = append(crc8s, single(crc8Box(2, p, 0xff)))
	}
	for _, p := range []uint16{0x1021, 0x8005, 0x3d65} {
		for _, n := range []int{2, 3, 4} {
			crc16s = append(crc16s, single(crc16Box(n, p, 0xffff)))
		}
		crc16s = append(crc16s, single(crc16Box(2, p, 0)))
	}
	for _, n := range []int{1, 2, 3, 4} {
		crc32s = append(crc32s, single(crc32Box(n)))
	}
	for _, n := range []int{2, 3, 4, 6, 8} {
		adlers = append(adlers, single(adler32Box(n), [2]int{31, 16}, [2]int{15, 0}))
	}
	for _, n := range []int{2, 3, 4} {
		fnvs = append(fnvs, single(fnv1aBox(n, false)), single(fnv1aBox(n, true)))
	}
	for _, r := range []int{8, 12, 16, 32} {
		fmixs = append(fmixs, single(fmix32Box(r)))
	}
	var atois, atoiss, pops, nlzs, revs, pars []*Target
	for _, n := range []int{3, 4, 6, 8} {
		atois = append(atois, single(atoiBox(n)))
		atoiss = append(atoiss, single(atoisBox(n)))
	}
	for _, w := range []int{16, 32, 64} {
		pops = append(pops, single(popcountBox(w)))
		nlzs = append(nlzs, single(nlzBox(w)))
		revs = append(revs, single(bitrevBox(w)))
		pars = append(pars, single(parityBox(w)))
	}
	fps := []*Target{
		single(isqrtfBox()), single(isqrtBox()), single(hypotBox(12)), single(hypotBox(16)),
		single(dfloorBox()), single(scaleBox("c2f16", 16, 20, 1.8, 32)), single(scaleBox("pct12", 12, 16, 0.01, 0)),
	}
	chains := []*Target{
		chained(crc8Box(4, 0x07, 0), fnv1aBox(4, false)),
		chained(popcountBox(32), fmix32Box(32)),
		chained(bitrevBox(32), crc32Box(4)),
		chained(fmix32Box(16), atoiBox(8)),
		chained(parityBox(32), adler32Box(4)),
		chained(isqrtBox(), fnv1aBox(2, false)),
		chained(crc16Box(4, 0x1021, 0xffff), fmix32Box(32)),
	}
	multis := []*Target{
		single(divmodBox(10), [2]int{63, 32}, [2]int{31, 0}),
		single(divmodBox(7), [2]int{63, 32}, [2]int{31, 0}),
		single(parseNumBox(6), [2]int{63, 32}, [2]int{31, 0}),
		single(parseNumBox(8), [2]int{63, 32}, [2]int{31, 0}),
		single(minmaxBox(16), [2]int{31, 16}, [2]int{15, 0}),
		single(minmaxBox(8), [2]int{15, 8}, [2]int{7, 0}),
	}
	return []Family{
		{"crc8", "checksum", crc8s}, {"crc16", "checksum", crc16s}, {"crc32", "checksum", crc32s},
		{"adler32", "checksum", adlers}, {"fnv1a", "hash", fnvs}, {"fmix32", "hash", fmixs},
		{"atoi", "parser", atois}, {"atois", "parser", atoiss},
		{"popcount", "bittrick", pops}, {"nlz", "bittrick", nlzs}, {"bitrev", "bittrick", revs}, {"parity", "bittrick", pars},
		{"float", "float", fps}, {"chain", "chain", chains}, {"multi", "multi", multis},
	}
}

// Instance is one generated benchmark.
type Instance struct {
	Name     string
	Family   Family
	Template string
	Target   *Target
	Define   bool   // the boxes are define-funs hidden with --cb-from-define, not C
	Intent   string // sat or unsat, as the generator built it (by witness or enumeration)
	Consts   []string
	Widths   []int
	Asserts  []string
	Witness  []uint64 // constants of a model, when Intent is sat
	Points   int      // the size of the box's restricted domain (0: not restricted)
	Note     string
}

// slots are the templates of a family's instances, in order.
var slots = []struct{ template, intent string }{
	{"preimage", "sat"}, {"preimage", "sat"}, {"preimage", "sat"},
	{"window", "sat"}, {"window", "unsat"},
	{"table", "sat"}, {"table", "unsat"}, {"table", "unsat"},
	{"collision", ""}, {"collision", ""},
	{"preimage", "sat"}, {"table", "unsat"},
	{"preimage", "sat"}, {"table", "unsat"}, // appended: earlier instances stay as they were
}

// Generate draws the instances of every family, deterministically from seed.
func Generate(seed uint64) []*Instance {
	var out []*Instance
	for fi, fam := range families() {
		r := rand.New(rand.NewPCG(seed, uint64(fi)))
		k := 0
		for si, s := range slots {
			for try := 0; try < 20; try++ {
				t := fam.Targets[r.IntN(len(fam.Targets))]
				in := build(r, fam, t, s.template, s.intent)
				if in == nil {
					continue
				}
				k++
				in.Name = fmt.Sprintf("%s_%02d_%s_%s", fam.Name, k, s.template, in.Intent)
				in.Define = si%4 == 3
				out = append(out, in)
				break
			}
		}
	}
	return out
}

func build(r *rand.Rand, fam Family, t *Target, template, intent string) *Instance {
	in := &Instance{Family: fam, Template: template, Target: t, Intent: intent}
	args := make([]string, len(t.Params))
	for i, w := range t.Params {
		args[i] = fmt.Sprintf("x%d", i)
		in.Consts = append(in.Consts, args[i])
		in.Widths = append(in.Widths, w)
	}
	app := t.App(args)
	a0 := t.Draw(r)
	v0 := t.Eval(a0)
	switch template {
	case "preimage":
		// f(x) = f(a0), with part of each argument fixed to a0's bits.
		for i, w := range t.Params {
			if w < 8 {
				continue
			}
			lo := r.IntN(w / 2)
			hi := lo + w/4 + r.IntN(w/4)
			in.Asserts = append(in.Asserts, fmt.Sprintf("(= ((_ extract %d %d) x%d) %s)", hi, lo, i, bv(a0[i]>>lo, hi-lo+1)))
		}
		in.Asserts = append(in.Asserts, eqFields(t, app, v0)...)
		in.Witness = a0
		in.Note = fmt.Sprintf("%s(x) = %#x with bits of x fixed", t.Desc, v0)
	case "window":
		// x is pinned by products with odd constants (SMT's side, not a
		// fuzzer's); the box's (first) output must land in a window.
		for i, w := range t.Params {
			k := r.Uint64()&mask(w) | 1
			in.Asserts = append(in.Asserts, fmt.Sprintf("(= (bvmul x%d %s) %s)", i, bv(k, w), bv(a0[i]*k, w)))
		}
		hi, lo := t.Result-1, 0
		if t.Fields != nil {
			hi, lo = t.Fields[0][0], t.Fields[0][1]
		}
		fw := hi - lo + 1
		fv := v0 >> lo & mask(fw)
		out := app
		if t.Fields != nil {
			out = fmt.Sprintf("((_ extract %d %d) %s)", hi, lo, app)
		}
		if fw < 3 {
			if intent == "sat" {
				return nil
			}
			in.Asserts = append(in.Asserts, fmt.Sprintf("(= %s %s)", out, bv(^fv, fw)))
			in.Points = 1
			in.Note = fmt.Sprintf("x pinned by odd products; %s(x) asked to be %#x, not %#x", t.Desc, ^fv&mask(fw), fv)
			break
		}
		bw := 1 + r.IntN(min(fw-1, 12)) // window of 2^bw-ish values
		width := uint64(1)<<bw - 1 + uint64(r.IntN(1<<bw))
		width = max(min(width, mask(fw)/2), 3)
		var c uint64
		if intent == "sat" {
			c = fv - 1 - uint64(r.Int64N(int64(width)-1)) // fv - c in [1, width-1]
			in.Witness = a0
		} else {
			c = fv + 1 + uint64(r.Int64N(int64(mask(fw)-width)))
			in.Points = 1
		}
		in.Asserts = append(in.Asserts, fmt.Sprintf("(bvult (bvsub %s %s) %s)", out, bv(c, fw), bv(width, fw)))
		in.Note = fmt.Sprintf("x pinned by odd products; %s(x) - %#x below %d", t.Desc, c&mask(fw), width)
	case "table", "collision":
		return buildTable(r, in, t, app, a0, template, intent)
	}
	return in
}

// domain restricts every argument to a range of small size around a draw.
type domain struct {
	lo, n []uint64
	w     []int
}

func drawDomain(r *rand.Rand, t *Target, a0 []uint64, total int) domain {
	var d domain
	per := total
	if len(t.Params) == 2 {
		per = 1 << (bitsOf(total) / 2)
	}
	for i, w := range t.Params {
		n := uint64(per)
		if n > mask(w) {
			n = mask(w) + 1
		}
		lo := (a0[i] - uint64(r.IntN(int(n)))) & mask(w) // may wrap around, as bvsub does
		d.lo, d.n, d.w = append(d.lo, lo), append(d.n, n), append(d.w, w)
	}
	return d
}

func bitsOf(n int) int {
	b := 0
	for 1<<b < n {
		b++
	}
	return b
}

func (d domain) points() int {
	p := 1
	for _, n := range d.n {
		p *= int(n)
	}
	return p
}

// each calls f on every argument tuple of the domain.
func (d domain) each(f func(a []uint64)) {
	a := make([]uint64, len(d.lo))
	var rec func(i int)
	rec = func(i int) {
		if i == len(a) {
			f(a)
			return
		}
		for k := uint64(0); k < d.n[i]; k++ {
			a[i] = (d.lo[i] + k) & mask(d.w[i])
			rec(i + 1)
		}
	}
	rec(0)
}

func (d domain) asserts(t *Target, prefix string) []string {
	var out []string
	for i, w := range t.Params {
		out = append(out, fmt.Sprintf("(bvule (bvsub %s%d %s) %s)", prefix, i, bv(d.lo[i], w), bv(d.n[i]-1, w)))
	}
	return out
}

func buildTable(r *rand.Rand, in *Instance, t *Target, app string, a0 []uint64, template, intent string) *Instance {
	total := 1 << (6 + r.IntN(7)) // 64 .. 4096 points
	d := drawDomain(r, t, a0, total)
	in.Points = d.points()
	img := map[uint64][]uint64{}
	var collision [2][]uint64
	d.each(func(a []uint64) {
		v := t.Eval(a)
		if prev, ok := img[v]; ok && collision[0] == nil {
			collision = [2][]uint64{prev, append([]uint64(nil), a...)}
		}
		if _, ok := img[v]; !ok {
			img[v] = append([]uint64(nil), a...)
		}
	})
	if template == "collision" {
		in.Asserts = append(d.asserts(t, "x"), d.asserts(t, "y")...)
		ys := make([]string, len(t.Params))
		var ne []string
		for i, w := range t.Params {
			ys[i] = fmt.Sprintf("y%d", i)
			in.Consts = append(in.Consts, ys[i])
			in.Widths = append(in.Widths, w)
			ne = append(ne, fmt.Sprintf("(distinct x%d y%d)", i, i))
		}
		or := ne[0]
		if len(ne) > 1 {
			or = "(or " + strings.Join(ne, " ") + ")"
		}
		in.Asserts = append(in.Asserts, or, fmt.Sprintf("(= %s %s)", app, t.App(ys)))
		if collision[0] != nil {
			in.Intent = "sat"
			in.Witness = append(append([]uint64(nil), collision[0]...), collision[1]...)
		} else {
			in.Intent = "unsat"
		}
		in.Note = fmt.Sprintf("two different arguments with equal %s, each in a domain of %d", t.Desc, in.Points)
		return in
	}
	in.Asserts = d.asserts(t, "x")
	var v uint64
	if intent == "sat" {
		// a value of the image, from a random point
		var pick []uint64
		k := r.IntN(in.Points)
		d.each(func(a []uint64) {
			if k == 0 {
				pick = append([]uint64(nil), a...)
			}
			k--
		})
		v = t.Eval(pick)
		in.Witness = pick
	} else {
		if uint64(len(img)) >= mask(t.Result) {
			return nil // the image is (nearly) everything
		}
		for {
			v = r.Uint64() & mask(t.Result)
			if t.Result > 12 && r.IntN(2) == 0 {
				// near the image, so that ranges do not rule it out
				v = (t.Eval(a0) ^ uint64(1)<<r.IntN(t.Result)) & mask(t.Result)
			}
			if _, ok := img[v]; !ok {
				break
			}
		}
	}
	in.Asserts = append(in.Asserts, eqFields(t, app, v)...)
	in.Note = fmt.Sprintf("%s(x) = %#x over a domain of %d points", t.Desc, v, in.Points)
	return in
}

// eqFields says app = v, field by field for a box with several outputs.
func eqFields(t *Target, app string, v uint64) []string {
	if t.Fields == nil {
		return []string{fmt.Sprintf("(= %s %s)", app, bv(v, t.Result))}
	}
	var out []string
	for _, f := range t.Fields {
		w := f[0] - f[1] + 1
		out = append(out, fmt.Sprintf("(= ((_ extract %d %d) %s) %s)", f[0], f[1], app, bv(v>>f[1], w)))
	}
	return out
}

// Script is the instance as SMT-LIB: closed (declare-cb, or the hidden
// define-funs of a define instance), transparent (every box a define-fun)
// or pure (every box an uninterpreted declare-fun).
func (in *Instance) Script(form string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "; %s (family %s, template %s, generated by bench/cb/cbgen)\n; %s\n(set-logic ALL)\n",
		in.Name, in.Family.Name, in.Template, in.Note)
	for _, box := range in.Target.Boxes {
		switch {
		case form == "pure":
			ps, r := box.Signature()
			fmt.Fprintf(&b, "(declare-fun %s %s %s)\n", box.Name, ps, r)
		case form == "closed" && !in.Define:
			b.WriteString(box.DeclareCB() + "\n")
		default:
			b.WriteString(box.DefineFun() + "\n")
		}
	}
	for i, c := range in.Consts {
		fmt.Fprintf(&b, "(declare-const %s %s)\n", c, sortOf(in.Widths[i]))
	}
	for _, a := range in.Asserts {
		fmt.Fprintf(&b, "(assert %s)\n", a)
	}
	b.WriteString("(check-sat)\n")
	return b.String()
}

// BoxKind is the manifest's box_kind: c (wasm) or define.
func (in *Instance) BoxKind() string {
	if in.Define {
		return "define"
	}
	return "c"
}

// CFile is the C file of a family's boxes: every box its targets use.
func CFile(fam Family) string {
	var b strings.Builder
	fmt.Fprintf(&b, "/* Closed boxes of the %s family, generated by bench/cb/cbgen: do not edit. */\n", fam.Name)
	b.WriteString("typedef unsigned char u8;\ntypedef unsigned short u16;\ntypedef unsigned int u32;\ntypedef unsigned long long u64;\n")
	seen := map[string]*Box{}
	var names []string
	for _, t := range fam.Targets {
		for _, box := range t.Boxes {
			if seen[box.Name] == nil {
				seen[box.Name] = box
				names = append(names, box.Name)
			}
		}
	}
	sort.Strings(names)
	for _, n := range names {
		b.WriteString("\n" + seen[n].CFunc())
	}
	return b.String()
}
