package strs_test

import (
	"errors"
	"testing"

	"tandem/smt/strs"
)

func TestEquivalentAndEmpty(t *testing.T) {
	b := strs.NewBuilder()
	cases := []struct {
		x, y string
		want bool
	}{
		{`(re.* (str.to_re "a"))`, `(re.* (re.* (str.to_re "a")))`, true},
		{`(re.* (re.union (str.to_re "a") (str.to_re "b")))`, `(re.* (re.++ (re.* (str.to_re "a")) (re.* (str.to_re "b"))))`, true},
		{`(re.+ (str.to_re "a"))`, `(re.* (str.to_re "a"))`, false},
		{`re.all`, `(re.comp re.none)`, true},
		{`(re.range "a" "c")`, `(re.union (str.to_re "a") (str.to_re "b") (str.to_re "c"))`, true},
		{`((_ re.loop 3 1) re.all)`, `re.none`, true},
		{`(re.inter (re.* (str.to_re "aa")) (re.* (str.to_re "aaa")))`, `(re.* ((_ re.^ 6) (str.to_re "a")))`, true},
		{`re.allchar`, `(re.range "\u{0}" "\u{2ffff}")`, true},
		{`re.allchar`, `(re.range "\u{0}" "\u{2fffe}")`, false},
	}
	for _, c := range cases {
		x, _ := b.Compile(re(t, c.x))
		y, _ := b.Compile(re(t, c.y))
		got, err := b.Equivalent(x, y, 0)
		if err != nil || got != c.want {
			t.Errorf("(= %s %s) = %v, %v; want %v", c.x, c.y, got, err, c.want)
		}
	}
	empty, _ := b.Compile(re(t, `(re.inter (re.++ re.all (str.to_re "a")) (re.++ re.all (str.to_re "b")))`))
	if e, err := b.IsEmpty(empty, 0); !e || err != nil {
		t.Errorf("IsEmpty = %v, %v", e, err)
	}
	huge, _ := b.Compile(re(t, `((_ re.^ 1000000000) (str.to_re "a"))`))
	if _, err := b.IsEmpty(huge, 1000); !errors.Is(err, strs.ErrBudget) {
		t.Errorf("IsEmpty of a^1e9 with budget 1000: %v", err)
	}
}
