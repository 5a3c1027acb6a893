package fp_test

import (
	"fmt"
	"math/big"

	"tandem/smt/fp"
)

// Example computes 0.1 + 0.2 in Float64 under two rounding modes, then a
// case SMT-LIB leaves open.
func Example() {
	tenth := fp.FromRat(fp.RNE, big.NewRat(1, 10), 11, 53)
	fifth := fp.FromRat(fp.RNE, big.NewRat(1, 5), 11, 53)
	sum := fp.Add(fp.RNE, tenth, fifth)
	r, _ := fp.ToRat(sum)
	fmt.Println(r.FloatString(20))
	fmt.Println(fp.Eq(sum, fp.FromRat(fp.RNE, big.NewRat(3, 10), 11, 53)))
	down := fp.Add(fp.RTZ, tenth, fifth)
	fmt.Println(fp.Lt(down, sum))

	// The IEEE remainder rounds the quotient to even: 5 rem 2 = 1, 7 rem 2 = -1.
	two := fp.FromRat(fp.RNE, big.NewRat(2, 1), 3, 5)
	for _, n := range []int64{5, 7} {
		q, _ := fp.ToRat(fp.Rem(fp.FromRat(fp.RNE, big.NewRat(n, 1), 3, 5), two))
		fmt.Println(n, "rem 2 =", q.RatString())
	}

	// fp.min of +0 and -0 is unspecified.
	_, ok := fp.Min(fp.Zero(3, 5, false), fp.Zero(3, 5, true))
	fmt.Println(ok, fp.NaN(3, 5))
	// Output:
	// 0.30000000000000004441
	// false
	// true
	// 5 rem 2 = 1
	// 7 rem 2 = -1
	// false (_ NaN 3 5)
}
