// Package strs is the SMT-LIB 2.6 theory of Strings with exact semantics:
// every string function of the standard (and cvc5's str.rev, str.update,
// str.to_lower, str.to_upper and str.indexof_re) on strings of code points
// in [0, 0x2FFFF], and regular languages with membership decided by
// Brzozowski derivatives (J. A. Brzozowski, Derivatives of regular
// expressions, JACM 11(4), 1964).
//
// # Strings
//
// Strings are []rune. The functions follow the standard's definitions to
// their edge cases, which is where solvers and programs most often
// disagree: (str.at s i) and (str.substr s i n) are "" out of range,
// (str.indexof s "" i) is i for 0 <= i <= |s| and -1 beyond, (str.replace
// s "" t) prepends t, (str.to_int "") is -1, (str.from_int -5) is "",
// (str.to_code "ab") is -1 and (str.from_code 196608) is "". Integer
// arguments are ints; [Index] converts an SMT-LIB integer exactly, since a
// position beyond the int range behaves like the nearest int. [Quote] and
// [Unquote] print and read string literals.
//
// # Regular languages
//
// A [Builder] turns ground RegLan terms into [Regex] values
// ([Builder.Compile]) or builds them directly (Str, Range, Concat, Union,
// Inter, Star, Plus, Opt, Comp, Diff, Loop, Power). A Regex is hash-consed
// in normal form, and its derivatives are memoized per cell of a partition
// of the alphabet into intervals on which the derivative is the same: the
// Builder is a DFA built lazily, one state per distinct derivative, with
// transitions on character intervals, so the 196,608-character alphabet
// costs no more than {a, b}. Membership ([Builder.Match]) takes one
// transition per character; nested stars do not blow up, because (r*)* =
// r* and the other normalizations keep the derivatives finite; loop and
// power bounds stay symbolic, so ((_ re.loop 0 1000000000) r) is one
// node.
//
// str.replace_re, str.replace_re_all and str.indexof_re find leftmost
// matches for all positions in one backward pass over the reversed
// language, then the shortest match forward: linear time.
//
// # Evaluating terms
//
// [Builder.Eval] evaluates ground terms of this theory on its own;
// [Builder.Apply] applies one operator to argument values and is what the
// interpreter in tandem/eval calls for the Strings theory.
package strs
