package eval

import (
	"fmt"
	"math/big"

	"tandem/smt"
)

var bigOne = big.NewInt(1)

func mask(w int) *big.Int {
	m := new(big.Int).Lsh(bigOne, uint(w))
	return m.Sub(m, bigOne)
}

// wrap reduces x modulo 2^w (x may be negative).
func wrap(x *big.Int, w int) *big.Int {
	if x.Sign() >= 0 && x.BitLen() <= w {
		return x
	}
	return x.And(x, mask(w))
}

// signed is the two's-complement value of an unsigned w-bit x.
func signed(x *big.Int, w int) *big.Int {
	if x.Bit(w-1) == 0 {
		return x
	}
	r := new(big.Int).Lsh(bigOne, uint(w))
	return r.Sub(x, r)
}

func bvv(x *big.Int, w int) smt.BVValue { return smt.BVValue{W: w, V: wrap(x, w)} }

func neg(x *big.Int, w int) *big.Int { return wrap(new(big.Int).Neg(x), w) }

// udiv and urem follow SMT-LIB 2.6: x/0 is all ones, x%0 is x.
func udiv(x, y *big.Int, w int) *big.Int {
	if y.Sign() == 0 {
		return mask(w)
	}
	return new(big.Int).Quo(x, y)
}

func urem(x, y *big.Int) *big.Int {
	if y.Sign() == 0 {
		return new(big.Int).Set(x)
	}
	return new(big.Int).Rem(x, y)
}

// bvOp evaluates a FixedSizeBitVectors operator on defined arguments.
func bvOp(t *smt.Term, a []smt.Value) (smt.Value, error) {
	op := t.Op()
	switch op {
	case smt.OpNat2BV, smt.OpIntToBV:
		iv, ok := a[0].(smt.IntValue)
		if !ok {
			return nil, fmt.Errorf("%s of %s", op, a[0])
		}
		w := t.Sort().Width
		return bvv(new(big.Int).Set(iv.V), w), nil
	}
	bs := make([]smt.BVValue, len(a))
	for i, v := range a {
		b, ok := v.(smt.BVValue)
		if !ok {
			return nil, fmt.Errorf("%s expects bit-vectors, got %s", op, v)
		}
		bs[i] = b
	}
	w := bs[0].W
	x := bs[0].V
	var y *big.Int
	if len(bs) > 1 {
		y = bs[1].V
	}
	switch op {
	case smt.OpBVRedOr:
		return bvv(big.NewInt(int64(b2i(x.Sign() != 0))), 1), nil
	case smt.OpBVRedAnd:
		return bvv(big.NewInt(int64(b2i(x.Cmp(mask(w)) == 0))), 1), nil
	case smt.OpBVIte:
		if x.Sign() != 0 {
			return bs[1], nil
		}
		return bs[2], nil
	case smt.OpBVSize:
		return smt.IntValue{V: big.NewInt(int64(w))}, nil
	case smt.OpBVUltBV:
		return bvv(big.NewInt(int64(b2i(x.Cmp(y) < 0))), 1), nil
	case smt.OpBVSltBV:
		return bvv(big.NewInt(int64(b2i(signed(x, w).Cmp(signed(y, w)) < 0))), 1), nil
	case smt.OpBV2Nat, smt.OpUBVToInt:
		return smt.IntValue{V: x}, nil
	case smt.OpSBVToInt:
		return smt.IntValue{V: signed(x, w)}, nil
	case smt.OpConcat:
		r := new(big.Int)
		for _, b := range bs {
			r.Lsh(r, uint(b.W))
			r.Or(r, b.V)
		}
		return smt.BVValue{W: t.Sort().Width, V: r}, nil
	case smt.OpExtract:
		i, j := t.Indices()[0], t.Indices()[1]
		r := new(big.Int).Rsh(x, uint(j))
		return bvv(r, i-j+1), nil
	case smt.OpRepeat:
		n := t.Indices()[0]
		r := new(big.Int)
		for k := 0; k < n; k++ {
			r.Lsh(r, uint(w))
			r.Or(r, x)
		}
		return smt.BVValue{W: w * n, V: r}, nil
	case smt.OpZeroExtend:
		return smt.BVValue{W: t.Sort().Width, V: x}, nil
	case smt.OpSignExtend:
		return bvv(new(big.Int).Set(signed(x, w)), t.Sort().Width), nil
	case smt.OpRotateLeft, smt.OpRotateRight:
		k := t.Indices()[0] % w
		if op == smt.OpRotateRight {
			k = (w - k) % w
		}
		if k == 0 {
			return bs[0], nil
		}
		hi := new(big.Int).Lsh(x, uint(k))
		lo := new(big.Int).Rsh(x, uint(w-k))
		return bvv(hi.Or(hi, lo), w), nil
	case smt.OpBVNot:
		return smt.BVValue{W: w, V: new(big.Int).Xor(x, mask(w))}, nil
	case smt.OpBVNeg:
		return smt.BVValue{W: w, V: neg(x, w)}, nil
	case smt.OpBVAnd, smt.OpBVOr, smt.OpBVXor, smt.OpBVAdd, smt.OpBVSub, smt.OpBVMul:
		r := new(big.Int).Set(x)
		for _, b := range bs[1:] {
			switch op {
			case smt.OpBVAnd:
				r.And(r, b.V)
			case smt.OpBVOr:
				r.Or(r, b.V)
			case smt.OpBVXor:
				r.Xor(r, b.V)
			case smt.OpBVAdd:
				r.Add(r, b.V)
			case smt.OpBVSub:
				r.Sub(r, b.V)
			case smt.OpBVMul:
				r.Mul(r, b.V)
			}
			r = wrap(r, w)
		}
		return smt.BVValue{W: w, V: r}, nil
	case smt.OpBVNand:
		r := new(big.Int).And(x, y)
		return smt.BVValue{W: w, V: r.Xor(r, mask(w))}, nil
	case smt.OpBVNor:
		r := new(big.Int).Or(x, y)
		return smt.BVValue{W: w, V: r.Xor(r, mask(w))}, nil
	case smt.OpBVXnor:
		r := new(big.Int).Xor(x, y)
		return smt.BVValue{W: w, V: r.Xor(r, mask(w))}, nil
	case smt.OpBVComp:
		if x.Cmp(y) == 0 {
			return smt.BVValue{W: 1, V: big.NewInt(1)}, nil
		}
		return smt.BVValue{W: 1, V: new(big.Int)}, nil
	case smt.OpBVUdiv:
		return smt.BVValue{W: w, V: udiv(x, y, w)}, nil
	case smt.OpBVUrem:
		return smt.BVValue{W: w, V: urem(x, y)}, nil
	case smt.OpBVSdiv:
		return smt.BVValue{W: w, V: sdiv(x, y, w)}, nil
	case smt.OpBVSrem:
		return smt.BVValue{W: w, V: srem(x, y, w)}, nil
	case smt.OpBVSmod:
		return smt.BVValue{W: w, V: smod(x, y, w)}, nil
	case smt.OpBVShl:
		if y.Cmp(big.NewInt(int64(w))) >= 0 {
			return smt.BVValue{W: w, V: new(big.Int)}, nil
		}
		return bvv(new(big.Int).Lsh(x, uint(y.Int64())), w), nil
	case smt.OpBVLshr:
		if y.Cmp(big.NewInt(int64(w))) >= 0 {
			return smt.BVValue{W: w, V: new(big.Int)}, nil
		}
		return smt.BVValue{W: w, V: new(big.Int).Rsh(x, uint(y.Int64()))}, nil
	case smt.OpBVAshr:
		s := new(big.Int).Set(signed(x, w))
		sh := uint(w)
		if y.Cmp(big.NewInt(int64(w))) < 0 {
			sh = uint(y.Int64())
		}
		return bvv(s.Rsh(s, sh), w), nil // Rsh of a negative big.Int rounds toward -inf: arithmetic
	case smt.OpBVUlt:
		return smt.BoolValue(x.Cmp(y) < 0), nil
	case smt.OpBVUle:
		return smt.BoolValue(x.Cmp(y) <= 0), nil
	case smt.OpBVUgt:
		return smt.BoolValue(x.Cmp(y) > 0), nil
	case smt.OpBVUge:
		return smt.BoolValue(x.Cmp(y) >= 0), nil
	case smt.OpBVSlt:
		return smt.BoolValue(signed(x, w).Cmp(signed(y, w)) < 0), nil
	case smt.OpBVSle:
		return smt.BoolValue(signed(x, w).Cmp(signed(y, w)) <= 0), nil
	case smt.OpBVSgt:
		return smt.BoolValue(signed(x, w).Cmp(signed(y, w)) > 0), nil
	case smt.OpBVSge:
		return smt.BoolValue(signed(x, w).Cmp(signed(y, w)) >= 0), nil
	case smt.OpBVNego:
		return smt.BoolValue(x.Cmp(new(big.Int).Lsh(bigOne, uint(w-1))) == 0), nil
	case smt.OpBVUaddo, smt.OpBVUsubo, smt.OpBVUmulo:
		r := new(big.Int)
		switch op {
		case smt.OpBVUaddo:
			r.Add(x, y)
		case smt.OpBVUsubo:
			r.Sub(x, y)
		default:
			r.Mul(x, y)
		}
		return smt.BoolValue(r.Sign() < 0 || r.BitLen() > w), nil
	case smt.OpBVSaddo, smt.OpBVSsubo, smt.OpBVSmulo, smt.OpBVSdivo:
		sx, sy := signed(x, w), signed(y, w)
		r := new(big.Int)
		switch op {
		case smt.OpBVSaddo:
			r.Add(sx, sy)
		case smt.OpBVSsubo:
			r.Sub(sx, sy)
		case smt.OpBVSmulo:
			r.Mul(sx, sy)
		default:
			if sy.Sign() == 0 {
				return smt.BoolValue(false), nil
			}
			r.Quo(sx, sy)
		}
		lo := new(big.Int).Neg(new(big.Int).Lsh(bigOne, uint(w-1)))
		hi := new(big.Int).Lsh(bigOne, uint(w-1))
		return smt.BoolValue(r.Cmp(lo) < 0 || r.Cmp(hi) >= 0), nil
	}
	return nil, fmt.Errorf("bit-vector operator %s: %w", op, ErrUnsupported)
}

// sdiv, srem and smod are defined in SMT-LIB through bvudiv and bvurem on
// the absolute values, which fixes their results for a zero divisor too.
func sdiv(x, y *big.Int, w int) *big.Int {
	ax, ay, nx, ny := magnitudes(x, y, w)
	q := udiv(ax, ay, w)
	if nx != ny {
		return neg(q, w)
	}
	return q
}

// magnitudes are the absolute values of x and y read as w-bit two's
// complement numbers, and whether each is negative.
func magnitudes(x, y *big.Int, w int) (ax, ay *big.Int, nx, ny bool) {
	nx, ny = x.Bit(w-1) == 1, y.Bit(w-1) == 1
	ax, ay = x, y
	if nx {
		ax = neg(x, w)
	}
	if ny {
		ay = neg(y, w)
	}
	return ax, ay, nx, ny
}

func srem(x, y *big.Int, w int) *big.Int {
	ax, ay, nx, _ := magnitudes(x, y, w)
	r := urem(ax, ay)
	if nx {
		return neg(r, w)
	}
	return r
}

func smod(x, y *big.Int, w int) *big.Int {
	ax, ay, nx, ny := magnitudes(x, y, w)
	u := urem(ax, ay)
	switch {
	case u.Sign() == 0 || (!nx && !ny):
		return u
	case nx && !ny:
		return wrap(new(big.Int).Add(neg(u, w), y), w)
	case !nx && ny:
		return wrap(new(big.Int).Add(u, y), w)
	}
	return neg(u, w)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
