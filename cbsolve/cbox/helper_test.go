package cbox

import (
	"bufio"
	"fmt"
	"math/big"
	"os"
	"strings"
	"time"
)

// helperEnv makes the test binary an exec box (see runHelper).
const helperEnv = "TANDEM_CBOX_HELPER"

// runHelper is an exec box written in Go: the test binary re-executed with
// helperEnv set. It answers by the function name:
//
//	mul a b      a*b mod 2^32
//	add a b      a+b (Ints)
//	not b        the negation of a Bool
//	hang x       hangs when x is 1, else x
//	burn x       spins on the CPU when x is 1, else x
//	die x        exits with status 3 when x is 1 (after a line on stderr), else x
//	garbage x    prints garbage when x is 1, else x
//	fail x       answers "error x is odd" when x is odd, else x
//	big x        prints x+2^70 (too wide for its sort)
//	count        the number of lines read so far
func runHelper() int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	n := 0
	for in.Scan() {
		n++
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			fmt.Fprintln(out, "error empty line")
			out.Flush()
			continue
		}
		num := func(i int) *big.Int {
			x, ok := new(big.Int).SetString(f[i], 10)
			if !ok {
				x = big.NewInt(-1)
			}
			return x
		}
		switch f[0] {
		case "mul":
			x := new(big.Int).Mul(num(1), num(2))
			x.And(x, big.NewInt(1<<32-1))
			fmt.Fprintln(out, x)
		case "add":
			fmt.Fprintln(out, new(big.Int).Add(num(1), num(2)))
		case "not":
			if f[1] == "true" {
				fmt.Fprintln(out, "false")
			} else {
				fmt.Fprintln(out, "true")
			}
		case "hang":
			if f[1] == "1" {
				time.Sleep(time.Hour)
			}
			fmt.Fprintln(out, f[1])
		case "burn":
			for n := 0; f[1] == "1"; n++ {
			}
			fmt.Fprintln(out, f[1])
		case "die":
			if f[1] == "1" {
				fmt.Fprintln(os.Stderr, "helper: dying on purpose")
				os.Exit(3)
			}
			fmt.Fprintln(out, f[1])
		case "garbage":
			if f[1] == "1" {
				fmt.Fprintln(out, "#!?garbage")
			} else {
				fmt.Fprintln(out, f[1])
			}
		case "fail":
			if num(1).Bit(0) == 1 {
				fmt.Fprintln(out, "error", f[1], "is odd")
			} else {
				fmt.Fprintln(out, f[1])
			}
		case "big":
			x := new(big.Int).Lsh(big.NewInt(1), 70)
			fmt.Fprintln(out, x.Add(x, num(1)))
		case "count":
			fmt.Fprintln(out, n)
		default:
			fmt.Fprintln(out, "error unknown function", f[0])
		}
		out.Flush()
	}
	return 0
}
