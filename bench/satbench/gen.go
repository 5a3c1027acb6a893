package main

import (
	"math/rand"
)

// cnfBuilder hands out fresh variables and collects clauses, for the
// structured families of the mixed set.
type cnfBuilder struct {
	vars    int
	clauses [][]int
}

func (b *cnfBuilder) fresh() int { b.vars++; return b.vars }

func (b *cnfBuilder) add(c ...int) { b.clauses = append(b.clauses, c) }

// xor returns a fresh z with z = x ⊕ y (Tseitin).
func (b *cnfBuilder) xor(x, y int) int {
	z := b.fresh()
	b.add(-z, x, y)
	b.add(-z, -x, -y)
	b.add(z, -x, y)
	b.add(z, x, -y)
	return z
}

// and returns a fresh z with z = x ∧ y.
func (b *cnfBuilder) and(x, y int) int {
	z := b.fresh()
	b.add(-z, x)
	b.add(-z, y)
	b.add(z, -x, -y)
	return z
}

// or returns a fresh z with z = x ∨ y.
func (b *cnfBuilder) or(x, y int) int {
	z := b.fresh()
	b.add(z, -x)
	b.add(z, -y)
	b.add(-z, x, y)
	return z
}

// parityEquivalence says that the parity of n inputs computed by an XOR
// chain in index order differs from the parity computed by a chain in a
// random order: unsatisfiable, and hard for CDCL as n grows.
func parityEquivalence(r *rand.Rand, n int) (int, [][]int) {
	var b cnfBuilder
	xs := make([]int, n)
	for i := range xs {
		xs[i] = b.fresh()
	}
	chain := func(order []int) int {
		acc := xs[order[0]]
		for _, i := range order[1:] {
			acc = b.xor(acc, xs[i])
		}
		return acc
	}
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	a := chain(id)
	c := chain(r.Perm(n))
	b.add(a, c)
	b.add(-a, -c)
	return b.vars, b.clauses
}

// factoring says that N is the product of two m-bit numbers, both greater
// than 1, through an array multiplier of ripple-carry adders: satisfiable
// iff N has such a factorisation (unsatisfiable for a prime N).
func factoring(N uint64, m int) (int, [][]int) {
	var b cnfBuilder
	a := make([]int, m)
	c := make([]int, m)
	for i := range a {
		a[i] = b.fresh()
	}
	for i := range c {
		c[i] = b.fresh()
	}
	f := b.fresh() // constant false
	b.add(-f)
	// acc holds the running sum, 2m bits.
	acc := make([]int, 2*m)
	for i := range acc {
		acc[i] = f
	}
	for j := range m {
		carry := f
		for i := range 2 * m {
			pp := f
			if k := i - j; k >= 0 && k < m {
				pp = b.and(a[k], c[j])
			}
			if pp == f && carry == f {
				continue
			}
			s1 := b.xor(acc[i], pp)
			sum := b.xor(s1, carry)
			carry = b.or(b.and(acc[i], pp), b.and(s1, carry))
			acc[i] = sum
		}
	}
	for i, x := range acc {
		if N>>uint(i)&1 == 1 {
			b.add(x)
		} else {
			b.add(-x)
		}
	}
	// Neither factor is 0 or 1: some bit above bit 0 is set.
	b.add(a[1:]...)
	b.add(c[1:]...)
	return b.vars, b.clauses
}
