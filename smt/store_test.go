package smt

import (
	"fmt"
	"math/big"
	"math/rand"
	"slices"
	"sync"
	"testing"
)

func bigOf(t *testing.T, s string) *big.Int {
	t.Helper()
	v, ok := new(big.Int).SetString(s, 0)
	if !ok {
		t.Fatalf("bad number %s", s)
	}
	return v
}

// Literals below 2^64 are held inline and wider ones in a big.Int; every
// builder must give one node per value, whichever form it starts from.
func TestLiteralForms(t *testing.T) {
	st := NewStore()
	for _, w := range []int{1, 7, 8, 63, 64, 65, 128, 200} {
		for _, v := range []string{"0", "1", "0xFF", "0x7FFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFF", "0x10000000000000000", "0x1FFFFFFFFFFFFFFFFFFFF", "-1", "-0x10000000000000001"} {
			b := bigOf(t, v)
			want := new(big.Int).Mod(b, new(big.Int).Lsh(big.NewInt(1), uint(w)))
			x, err := st.BV(b, w)
			if err != nil {
				t.Fatal(err)
			}
			if x.BigInt().Cmp(want) != 0 || x.Sort() != BitVecSort(w) || x.LiteralKind() != LitBitVec || x.Kind() != Literal {
				t.Errorf("BV(%s, %d) = %s (%v), want %s", v, w, x.BigInt(), x.Sort(), want)
			}
			// The same value from its reduced form, and through BVUint64.
			if y, _ := st.BV(want, w); y != x {
				t.Errorf("BV(%s, %d) and BV(%s, %d) are different nodes", v, w, want, w)
			}
			if want.IsUint64() {
				if y := st.BVUint64(want.Uint64(), w); y != x {
					t.Errorf("BVUint64(%s, %d) is another node than BV", want, w)
				}
			}
			if got, err := ValueOf(x); err != nil || got.(BVValue).V.Cmp(want) != 0 {
				t.Errorf("ValueOf(%s) = %v, %v", x, got, err)
			}
		}
	}
	// BVUint64 keeps the low w bits.
	if a, b := st.BVUint64(0x1FF, 8), st.BVUint64(0xFF, 8); a != b || a.String() != "#xff" {
		t.Errorf("BVUint64 does not reduce: %s %s", a, b)
	}
	// Numerals: int64, big.Int of every size, and the negative ones as (- n).
	for _, v := range []string{"0", "5", "0x7FFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFF", "0x10000000000000000", "123456789012345678901234567890", "-3", "-0x8000000000000000", "-0x10000000000000000"} {
		b := bigOf(t, v)
		x := st.Numeral(b)
		if y := st.Numeral(new(big.Int).Set(b)); y != x {
			t.Errorf("Numeral(%s) twice: two nodes", v)
		}
		if b.IsInt64() {
			if y := st.Int(b.Int64()); y != x {
				t.Errorf("Int(%s) and Numeral(%s) are different nodes", v, v)
			}
		}
		lit := x
		if b.Sign() < 0 {
			if x.Op() != OpNeg {
				t.Fatalf("Numeral(%s) = %s, want (- …)", v, x)
			}
			lit = x.Arg(0)
		}
		if lit.BigInt().Cmp(new(big.Int).Abs(b)) != 0 || lit.LiteralKind() != LitNumeral || lit.Sort() != IntSort() {
			t.Errorf("Numeral(%s) holds %s", v, lit.BigInt())
		}
		if x.String() != b.String() && x.String() != "(- "+new(big.Int).Abs(b).String()+")" {
			t.Errorf("Numeral(%s) prints as %s", v, x)
		}
	}
	// BigInt is the same pointer on every call, from any goroutine.
	x := st.BVUint64(42, 32)
	var wg sync.WaitGroup
	ptrs := make([]*big.Int, 8)
	for i := range ptrs {
		wg.Add(1)
		go func() { defer wg.Done(); ptrs[i] = x.BigInt() }()
	}
	wg.Wait()
	for _, p := range ptrs {
		if p != ptrs[0] || p.Uint64() != 42 {
			t.Fatalf("BigInt differs between calls")
		}
	}
	// Literals of different kinds or sorts with one value are different.
	if st.BVUint64(1, 8) == st.BVUint64(1, 16) || st.Int(1) == st.BVUint64(1, 64) {
		t.Error("literals of different sorts are one node")
	}
	if a, b := st.Decimal(big.NewRat(5, 2)), st.Decimal(big.NewRat(10, 4)); a != b || a.Rat().Cmp(big.NewRat(5, 2)) != 0 {
		t.Error("equal decimals are different nodes")
	}
	s1, _ := st.String([]rune("héllo"))
	s2, _ := st.String([]rune("héllo"))
	s3, _ := st.String([]rune("hello"))
	if s1 != s2 || s1 == s3 || string(s1.Runes()) != "héllo" {
		t.Error("string literals hash-cons wrong")
	}
}

// Indexed operators keep their indices in one record per distinct list.
func TestIndexedShareRecords(t *testing.T) {
	st := NewStore()
	x := st.Const(st.NewFunc("x", FuncDeclared, nil, BitVecSort(32)))
	y := st.Const(st.NewFunc("y", FuncDeclared, nil, BitVecSort(32)))
	a := st.MustApply(OpExtract, []int{7, 0}, x)
	b := st.MustApply(OpExtract, []int{7, 0}, y)
	c := st.MustApply(OpExtract, []int{8, 1}, x)
	if &a.Indices()[0] != &b.Indices()[0] {
		t.Error("(_ extract 7 0) of x and of y do not share their indices")
	}
	if !slices.Equal(c.Indices(), []int{8, 1}) || !slices.Equal(a.Indices(), []int{7, 0}) {
		t.Errorf("indices %v %v", a.Indices(), c.Indices())
	}
	if st.MustApply(OpExtract, []int{7, 0}, x) != a || a == c {
		t.Error("extract hash-conses wrong")
	}
	// The caller's slice is not kept.
	idx := []int{3, 3}
	d := st.MustApply(OpExtract, idx, x)
	idx[0] = 4
	if d.Indices()[0] != 3 || st.MustApply(OpExtract, []int{3, 3}, x) != d {
		t.Error("the store keeps the caller's index slice")
	}
	// Same indices under different operators are different terms.
	if st.MustApply(OpZeroExtend, []int{8}, x) == st.MustApply(OpSignExtend, []int{8}, x) {
		t.Error("zero_extend and sign_extend are one node")
	}
}

// Every form of node: up to three arguments inline, a side record with up
// to two, and spilled arguments.
func TestNodeForms(t *testing.T) {
	st := NewStore()
	bv := BitVecSort(8)
	var xs []*Term
	for i := 0; i < 6; i++ {
		xs = append(xs, st.Const(st.NewFunc(string(rune('a'+i)), FuncDeclared, nil, bv)))
	}
	for n := 1; n <= 6; n++ {
		args := xs[:n]
		if n == 1 {
			goto app
		}
		if add := st.MustApply(OpBVAdd, nil, args...); add.NumArgs() != n || !slices.Equal(add.Args(), args) || add.Op() != OpBVAdd || add.Sort() != bv || add.Func() != nil || add.Indices() != nil {
			t.Errorf("bvadd of %d: %s", n, add)
		}
		if add := st.MustApply(OpBVAdd, nil, args...); st.MustApply(OpBVAdd, nil, slices.Clone(args)...) != add {
			t.Errorf("bvadd of %d built twice: two nodes", n)
		} else {
			for i := range args {
				if add.Arg(i) != args[i] {
					t.Errorf("Arg(%d)", i)
				}
			}
		}
	app:
		// A function application of n arguments: a side record and n.
		ps := make([]*Sort, n)
		for i := range ps {
			ps[i] = bv
		}
		f := st.NewFunc("f", FuncDeclared, ps, bv)
		app, err := st.ApplyFunc(f, args)
		if err != nil {
			t.Fatal(err)
		}
		if app.Func() != f || app.Name() != "f" || app.NumArgs() != n || !slices.Equal(app.Args(), args) || app.Op() != OpNone || app.IsConst() {
			t.Errorf("f of %d: %s", n, app)
		}
		if again, _ := st.ApplyFunc(f, slices.Clone(args)); again != app {
			t.Errorf("f of %d built twice: two nodes", n)
		}
	}
	if !xs[0].IsConst() || xs[0].NumArgs() != 0 || xs[0].Args() != nil {
		t.Error("a constant")
	}
	// Arguments that differ only in order, or in one place, are other terms.
	if st.MustApply(OpBVAdd, nil, xs[0], xs[1], xs[2], xs[3]) == st.MustApply(OpBVAdd, nil, xs[0], xs[1], xs[3], xs[2]) {
		t.Error("spilled arguments compared wrong")
	}
	// Lets of one, two and three bindings; quantifiers; annotations.
	for n := 1; n <= 3; n++ {
		var vars, vals []*Term
		for i := 0; i < n; i++ {
			vars = append(vars, st.Var("v"+string(rune('0'+i)), bv))
			vals = append(vals, xs[i])
		}
		body := st.MustApply(OpBVUlt, nil, vars[n-1], xs[5])
		l, err := st.Let(vars, vals, body)
		if err != nil {
			t.Fatal(err)
		}
		if l.Kind() != Let || !slices.Equal(l.Binders(), vars) || l.NumArgs() != n+1 || l.Arg(n) != body || l.Sort() != BoolSort() {
			t.Errorf("let of %d: %s", n, l)
		}
		if again, _ := st.Let(slices.Clone(vars), slices.Clone(vals), body); again != l {
			t.Errorf("let of %d built twice: two nodes", n)
		}
	}
	v := st.Var("q", IntSort())
	if v != st.Var("q", IntSort()) || v == st.Var("q", RealSort()) || v.Name() != "q" || v.Kind() != Var {
		t.Error("variables")
	}
	fa, _ := st.Quantifier(true, []*Term{v}, st.MustApply(OpEq, nil, v, v))
	ex, _ := st.Quantifier(false, []*Term{v}, st.MustApply(OpEq, nil, v, v))
	if fa == ex || fa.Kind() != Forall || ex.Kind() != Exists || fa.Binders()[0] != v {
		t.Error("quantifiers")
	}
	named := st.Annotate(xs[0], []Attribute{{Key: ":named", Value: "n"}})
	pat := st.Annotate(xs[0], []Attribute{{Key: ":pattern", Terms: []*Term{xs[1]}}})
	empty := st.Annotate(xs[0], []Attribute{{Key: ":pattern", Terms: []*Term{}}})
	noTerms := st.Annotate(xs[0], []Attribute{{Key: ":pattern"}})
	if named != st.Annotate(xs[0], []Attribute{{Key: ":named", Value: "n"}}) || named == pat || empty == noTerms ||
		pat != st.Annotate(xs[0], []Attribute{{Key: ":pattern", Terms: []*Term{xs[1]}}}) || named.Attributes()[0].Value != "n" {
		t.Error("annotations")
	}
}

// Ids are dense and TermByID finds every node, across the small first
// chunks, the large ones and many growths of the table; rebuilding finds
// the same nodes.
func TestManyTerms(t *testing.T) {
	st := NewStore()
	consts := newConsts(st)
	terms := buildRandom(st, consts, rand.New(rand.NewSource(3)), 50_000)
	n := st.NumTerms()
	if n < 50_000 {
		t.Fatalf("only %d terms", n)
	}
	for id := 0; id < n; id++ {
		if st.TermByID(id).ID() != id {
			t.Fatalf("TermByID(%d).ID() = %d", id, st.TermByID(id).ID())
		}
	}
	again := buildRandom(st, consts, rand.New(rand.NewSource(3)), 50_000)
	if st.NumTerms() != n || !slices.Equal(terms, again) {
		t.Fatalf("rebuilding made new terms: %d, then %d", n, st.NumTerms())
	}
	for _, x := range terms {
		for _, a := range x.Args() {
			if a.ID() >= x.ID() {
				t.Fatalf("argument %d of %d built later", a.ID(), x.ID())
			}
		}
	}
}

// nodeString prints one node, its arguments by id.
func nodeString(t *Term) string {
	s := fmt.Sprint(t.Kind(), t.Op(), t.Sort(), t.Indices(), t.Name(), t.BigInt(), "(")
	for _, a := range t.Args() {
		s += fmt.Sprint(" ", a.ID())
	}
	return s + ")"
}

// Stores in different goroutines share only the table of shapes; build the
// same terms in each and compare them node by node (run with -race).
func TestStoresConcurrently(t *testing.T) {
	const workers = 4
	out := make([][]string, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := NewStore()
			// New sorts while others build: shapes are registered concurrently.
			for i := 1; i <= 40; i++ {
				x := st.Const(st.NewFunc("x", FuncDeclared, nil, BitVecSort(1000+i)))
				st.MustApply(OpBVNot, nil, x)
			}
			buildRandom(st, newConsts(st), rand.New(rand.NewSource(9)), 3000)
			for id := 0; id < st.NumTerms(); id++ {
				out[w] = append(out[w], nodeString(st.TermByID(id)))
			}
		}()
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		if !slices.Equal(out[w], out[0]) {
			t.Fatalf("store %d built other terms", w)
		}
	}
}
