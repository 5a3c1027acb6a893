package solver

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// FilePlaceholder is the argument in [Profile.OneShotArgs] that is replaced
// by the input file's path.
const FilePlaceholder = "{file}"

// OptionStyle says how a solver spells options on its command line. It is
// used to check the words of a solver spec such as "z3 smt.arith.solver=2",
// so a cvc5 option given to z3 is reported instead of silently ignored.
type OptionStyle string

// The option styles of the built-in profiles.
const (
	OptionKeyValue OptionStyle = "key=value"   // z3: smt.string_solver=z3str3, or -flag style switches
	OptionDashDash OptionStyle = "--key=value" // cvc5, cvc4: --check-models, --tlimit=1000
	OptionAny      OptionStyle = "any"         // no check: words are passed as they are
)

// Quirks records how a solver's model output differs from plain SMT-LIB 2.6,
// so a model parser knows what to expect (solver-testing-tools.md §6).
type Quirks struct {
	// ModelKeyword: models are wrapped as "(model …)" (cvc4 ≤1.8, z3 ≤4.8.9)
	// instead of "( … )".
	ModelKeyword bool `toml:"model_keyword" json:"model_keyword,omitempty"`
	// ValueOnNextLine: "(define-fun x () Int\n    2)" (z3).
	ValueOnNextLine bool `toml:"value_on_next_line" json:"value_on_next_line,omitempty"`
	// DecimalRationals: non-integral reals as (/ 1.0 3.0) (z3); otherwise
	// (/ 1 3) with integer operands (cvc5).
	DecimalRationals bool `toml:"decimal_rationals" json:"decimal_rationals,omitempty"`
	// UniverseDeclarations: uninterpreted sorts come with comment blocks,
	// declare-fun entries and a forall cardinality constraint (z3).
	UniverseDeclarations bool `toml:"universe_declarations" json:"universe_declarations,omitempty"`
	// AbstractValuesAs: uninterpreted-sort values print as (as @a0 U) (cvc5,
	// cvc4) rather than U!val!0 (z3).
	AbstractValuesAs bool `toml:"abstract_values_as" json:"abstract_values_as,omitempty"`
	// AsArray: array models may be (_ as-array f) pointing to another
	// define-fun (z3).
	AsArray bool `toml:"as_array" json:"as_array,omitempty"`
	// NativeModelFormat: the model switch prints the solver's own format, not
	// SMT-LIB, and (get-model) is not accepted (Debian's boolector 1.5).
	NativeModelFormat bool `toml:"native_model_format" json:"native_model_format,omitempty"`
	// NoPrintSuccess: (set-option :print-success true) is rejected.
	NoPrintSuccess bool `toml:"no_print_success" json:"no_print_success,omitempty"`
	// NoGetInfo: get-info is not a command the solver knows, and it ends
	// the process (Bitwuzla); sessions mark the end of an exchange with
	// echo instead.
	NoGetInfo bool `toml:"no_get_info" json:"no_get_info,omitempty"`
	// LoudExchange: sessions run an isolated or fresh exchange with
	// print-success on, one response per command, instead of the quiet
	// exchange (print-success off, the end marked by the answer of
	// (get-info :assertion-stack-levels)). A solver that does not answer
	// that get-info with the depth, or that prints success with
	// print-success off, gets the loud one anyway; this is for a solver
	// that misbehaves otherwise in a quiet exchange. NoGetInfo implies it.
	LoudExchange bool `toml:"loud_exchange" json:"loud_exchange,omitempty"`
	// RegLanIte: ite over regular languages is accepted (z3).
	RegLanIte bool `toml:"reglan_ite" json:"reglan_ite,omitempty"`
}

// Profile says how to run one solver: the binary, the arguments for each
// mode, the options that turn on models and self-checks, the output that
// means it crashed, and what it accepts. Adding a solver means adding a
// Profile (built in, or in a TOML file loaded by [Registry.LoadFile]);
// nothing else in tandem changes.
type Profile struct {
	// Name is the profile's name, the first word of a solver spec.
	Name string `json:"name"`
	// Binary is the program: a name looked up on PATH, or a path.
	Binary string `json:"binary"`
	// Dir is the working directory of its processes ("": tandem's); a
	// [Command] running a build tool sets it.
	Dir string `json:"dir,omitempty"`
	// OneShotArgs are the arguments to solve one file; FilePlaceholder marks
	// where the path goes.
	OneShotArgs []string `json:"one_shot_args"`
	// StdinArgs are the arguments to solve a script read from standard
	// input, to its end.
	StdinArgs []string `json:"stdin_args"`
	// InteractiveArgs are the arguments for an incremental [Session] that
	// reads commands from standard input and answers each one as it comes.
	// Empty means the solver has no usable interactive mode.
	InteractiveArgs []string `json:"interactive_args,omitempty"`
	// ModelArgs turn on model production (for get-model and get-value).
	ModelArgs []string `json:"model_args,omitempty"`
	// IncrementalArgs let a one-shot run take push, pop, reset-assertions,
	// check-sat-assuming and several check-sats (cvc5 --incremental); see
	// [Mode.Incremental].
	IncrementalArgs []string `json:"incremental_args,omitempty"`
	// SetOptions are the set-option keywords the solver takes, as
	// path.Match patterns (":produce-models", ":smt.*"); empty means every
	// keyword. Scripts tandem writes for the solver leave the others out
	// ([Profile.TakesOption]): z3 answers a cvc5-only option such as
	// :incremental or :sets-exp with an error, which makes the answers
	// after it look untrustworthy.
	SetOptions []string `json:"set_options,omitempty"`
	// SelfCheckArgs turn on the solver's own model (and proof) checking,
	// e.g. z3 model_validate=true, cvc5 --check-models.
	SelfCheckArgs []string `json:"self_check_args,omitempty"`
	// Options are extra arguments passed in every mode, such as the words
	// after the name in a solver spec.
	Options []string `json:"options,omitempty"`
	// VersionArgs print the version, e.g. --version.
	VersionArgs []string `json:"version_args,omitempty"`
	// OptionStyle is how the solver spells options; see [OptionStyle].
	OptionStyle OptionStyle `json:"option_style"`
	// Signatures are substrings of an output line (stdout or stderr) that mean
	// the solver crashed or a self-check failed. The first matching line,
	// normalized, is the run's crash signature.
	Signatures []string `json:"signatures"`
	// NormalExitCodes are the exit codes of a run that finished normally.
	// Empty means {0}. Boolector exits 10 for sat and 20 for unsat.
	NormalExitCodes []int `json:"normal_exit_codes,omitempty"`
	// Logics, when not empty, are the only logics the solver accepts.
	Logics []string `json:"logics,omitempty"`
	// Operators are the operators beyond the portable core that the solver
	// decides, by SMT-LIB name: its extensions (cvc5's str.rev or
	// int.pow2; smt.OpInfo.Extension marks those), and standard ones that
	// not every solver decides (cvc5's str.replace_re, which z3 4.8.12
	// parses but answers unknown on). This is the one place that says
	// which solver takes which operator.
	Operators []string `json:"operators,omitempty"`
	// FloatOptions are the options the solver needs for FloatingPoint sorts
	// other than Float32 and Float64 (cvc5 1.0.3 refuses them without
	// --fp-exp).
	FloatOptions []string `json:"float_options,omitempty"`
	// FuzzOptions are options that change the search but never the
	// semantics: the ones option fuzzing (DIVER) adds to a run.
	FuzzOptions []string `json:"fuzz_options,omitempty"`
	// Quirks of its model syntax and input language.
	Quirks Quirks `json:"quirks"`
	// Effort says how the solver reports a deterministic count of its work
	// (nil: it does not); see [Profile.WithEffort].
	Effort *Effort `json:"effort,omitempty"`
}

// commonSignatures are crash and self-check signatures every native solver
// may print: sanitizers, the C++ runtime, the kernel's report from a shell.
var commonSignatures = []string{
	"AddressSanitizer",
	"UndefinedBehaviorSanitizer",
	"LeakSanitizer",
	"MemorySanitizer",
	"ThreadSanitizer",
	"runtime error:",
	"Segmentation fault",
	"terminate called after throwing",
	"terminate called without an active exception",
	"Assertion `",
	"ASSERTION",
}

func sigs(extra ...string) []string { return append(slices.Clone(extra), commonSignatures...) }

// Builtin returns fresh copies of the built-in profiles: z3, cvc5, cvc4,
// boolector, bitwuzla, generic and tandem (tandem smt, the running tandem
// binary), in that order.
func Builtin() []*Profile {
	return []*Profile{
		{
			Name:            "z3",
			Binary:          "z3",
			OneShotArgs:     []string{"-smt2", FilePlaceholder},
			StdinArgs:       []string{"-smt2", "-in"},
			InteractiveArgs: []string{"-smt2", "-in"},
			ModelArgs:       []string{"model=true"},
			SetOptions:      z3SetOptions,
			SelfCheckArgs:   []string{"model_validate=true"},
			VersionArgs:     []string{"--version"},
			OptionStyle:     OptionKeyValue,
			// z3's UNREACHABLE() prints "UNEXPECTED CODE WAS REACHED."
			// (4.8 and trunk), after an "ASSERTION VIOLATION" header when
			// the build has assertions on. model_validate's failure reads
			// "an"/"An invalid model was generated"; the bare "invalid
			// model" would also match the input error "invalid model value".
			Signatures: sigs("ASSERTION VIOLATION", "UNEXPECTED CODE WAS REACHED", "UNREACHABLE CODE WAS REACHED", "NOT IMPLEMENTED YET",
				"invalid model was generated", "failed to verify", "Z3 exception"),
			// smt's names (TestProfileOperatorsAreSMTOperators): z3 also
			// takes bv2int, ext_rotate_left, bvumul_noovfl, pble, at-most
			// and more, which tandem neither builds nor writes.
			Operators: []string{"^", "bv2nat", "int2bv", "bvredor", "bvredand"},
			// The paper's eight, then options of z3 4.8 and trunk that change
			// rewriting, the arithmetic and bit-vector solvers or the search
			// (each checked on both; one a version lacks is retired by DIVER
			// at its first refusal). None may change an answer: nothing that
			// disables a decision procedure's completeness for sat (array
			// extensionality) or redefines division by zero.
			FuzzOptions: []string{"smt.string_solver=z3str3", "smt.arith.solver=2", "smt.arith.solver=6", "rewriter.flat=false",
				"smt.relevancy=0", "smt.arith.nl=false", "rewriter.hoist_mul=true", "smt.ematching=false",
				"smt.phase_selection=5", "smt.restart_strategy=2", "smt.theory_case_split=true", "smt.random_seed=7",
				"rewriter.pull_cheap_ite=true", "rewriter.som=true", "rewriter.blast_distinct=true", "rewriter.arith_lhs=true",
				"rewriter.sort_sums=true", "rewriter.elim_and=true", "rewriter.expand_select_store=true", "rewriter.mul2concat=true",
				"smt.arith.propagation_mode=0", "smt.arith.bprop_on_pivoted_rows=false", "smt.arith.random_initial_value=true",
				"smt.arith.eager_eq_axioms=false", "smt.arith.nl.order=false", "smt.arith.nl.grobner=false", "smt.arith.nl.horner=false",
				"smt.seq.split_w_len=false", "smt.bv.delay=false", "smt.bv.solver=2", "smt.refine_inj_axioms=false"},
			Quirks: Quirks{ValueOnNextLine: true, DecimalRationals: true, UniverseDeclarations: true, AsArray: true, RegLanIte: true},
			Effort: z3Effort.clone(),
		},
		{
			Name:            "cvc5",
			Binary:          "cvc5",
			OneShotArgs:     []string{"--lang=smt2", FilePlaceholder},
			StdinArgs:       []string{"--lang=smt2"},
			InteractiveArgs: []string{"--lang=smt2", "--incremental"},
			IncrementalArgs: []string{"--incremental"},
			ModelArgs:       []string{"--produce-models"},
			SelfCheckArgs:   []string{"--check-models", "--produce-models"},
			VersionArgs:     []string{"--version"},
			OptionStyle:     OptionDashDash,
			Signatures: sigs("ERRORS SATISFYING ASSERTIONS WITH MODEL", "Fatal failure within", "Internal error detected",
				"Check failure", "Unreachable code reached", "Unhandled code reached", "suffered a segfault", "interrupted by SIG"),
			Operators: []string{"str.rev", "str.to_lower", "str.to_upper", "str.update", "str.indexof_re", "seq.rev",
				"int.pow2", "iand", "^", "exp", "sin", "cos", "tan", "real.pi", "sqrt", "bv2nat", "int2bv",
				"str.replace_all", "str.replace_re", "str.replace_re_all"},
			FloatOptions: []string{"--fp-exp"},
			// The paper's options, then options of cvc5 1.0.3 and trunk that
			// change preprocessing, decisions and the theory solvers (each
			// checked on both in incremental mode with --check-models; not
			// --unconstrained-simp, refused in incremental mode, nor options
			// refused outside some logics: --miplib-trick fails on any logic
			// without arithmetic, docs/findings.md C3; nor --produce-proofs,
			// which --ite-simp, --learned-rewrite and --pb-rewrites refuse).
			FuzzOptions: []string{"--strings-exp", "--no-strings-lazy-pp", "--strings-fmf",
				"--nl-ext-tplanes", "--simplification=none", "--strings-eager-len-re",
				"--decision=justification", "--decision=internal", "--ite-simp", "--repeat-simp", "--learned-rewrite",
				"--ext-rew-prep=use", "--pb-rewrites", "--arith-rewrite-equalities", "--arith-brab",
				"--nl-ext=full", "--nl-ext-tf-tplanes", "--nl-ext-ent-conf", "--bv-solver=bitblast-internal", "--bv-to-bool",
				"--bv-intro-pow2", "--fp-lazy-wb", "--strings-deq-ext", "--strings-regexp-inclusion",
				"--strings-process-loop-mode=simple", "--re-elim=on", "--seq-array=lazy", "--no-static-learning"},
			Quirks: Quirks{AbstractValuesAs: true},
			Effort: cvc5Effort.clone(),
		},
		{
			Name:            "cvc4",
			Binary:          "cvc4",
			OneShotArgs:     []string{"--lang=smt2", FilePlaceholder},
			StdinArgs:       []string{"--lang=smt2"},
			InteractiveArgs: []string{"--lang=smt2", "--incremental"},
			IncrementalArgs: []string{"--incremental"},
			ModelArgs:       []string{"--produce-models"},
			SelfCheckArgs:   []string{"--check-models", "--produce-models"},
			VersionArgs:     []string{"--version"},
			OptionStyle:     OptionDashDash,
			Signatures: sigs("ERRORS SATISFYING ASSERTIONS WITH MODEL", "Fatal failure within", "Internal error detected",
				"Unhandled exception", "Unreachable code reached", "suffered a segfault", "interrupted by SIG"),
			// cvc4 1.8 spells str.to_lower and str.to_upper the old way
			// (str.tolower, str.toupper) and rejects the standard names
			// tandem writes, so no tandem term with them goes to cvc4.
			Operators: []string{"str.rev", "str.tolower", "str.toupper", "iand", "exp", "sin", "cos", "tan", "real.pi",
				"bv2nat", "int2bv", "str.replace_all", "str.replace_re", "str.replace_re_all"},
			FuzzOptions: []string{"--strings-exp", "--strings-fmf", "--nl-ext-tplanes", "--simplification=none"},
			Quirks:      Quirks{ModelKeyword: true, AbstractValuesAs: true},
			Effort:      cvc4Effort.clone(),
		},
		{
			Name:            "boolector",
			Binary:          "boolector",
			OneShotArgs:     []string{"--smt2", FilePlaceholder},
			StdinArgs:       []string{"--smt2"},
			ModelArgs:       []string{"-m"},
			VersionArgs:     []string{"--version"},
			OptionStyle:     OptionAny,
			Signatures:      sigs("Internal error", "Fatal error", "[boolector] error: model"),
			NormalExitCodes: []int{0, 10, 20},
			Logics:          []string{"QF_BV"},
			Quirks:          Quirks{NativeModelFormat: true, NoPrintSuccess: true},
		},
		{
			// Bitwuzla 0.x (trunk): SMT-LIB 2.6 on standard input or a
			// file, always incremental, models as "(\n  (define-fun …)\n)"
			// with bit-vector values in binary. An error ends the process:
			// "[error] FILE:LINE:COL: MESSAGE" on stderr and exit code 1.
			// --check-model and --check-unsat-core are its self-checks
			// (on by default only in debug builds); a failed one throws
			// "model check failed" or "unsat core failed". Its API's
			// argument checks ("expected non-null object/term/sort")
			// reached from the SMT-LIB parser on a well-formed script are
			// internal errors too: the parser handed the API a dangling
			// object.
			Name:            "bitwuzla",
			Binary:          "bitwuzla",
			OneShotArgs:     []string{"--lang", "smt2", FilePlaceholder},
			StdinArgs:       []string{"--lang", "smt2"},
			InteractiveArgs: []string{"--lang", "smt2"},
			ModelArgs:       []string{"--produce-models"},
			SelfCheckArgs:   []string{"--check-model", "--check-unsat-core"},
			VersionArgs:     []string{"--version"},
			OptionStyle:     OptionDashDash,
			Signatures:      sigs("model check failed", "unsat core failed", "interpolant check failed", "expected non-null"),
			Logics:          bitwuzlaLogics(),
			Quirks:          Quirks{NoGetInfo: true},
			FuzzOptions: []string{"--bv-solver=preprop", "--rewrite-level=0", "--rewrite-level=1", "--no-preprocess",
				"--abstraction", "--no-pp-variable-subst", "--pp-elim-bvudiv", "--no-pp-normalize"},
		},
		{
			Name:            "generic",
			Binary:          "",
			OneShotArgs:     []string{FilePlaceholder},
			StdinArgs:       nil,
			InteractiveArgs: nil,
			ModelArgs:       nil,
			VersionArgs:     []string{"--version"},
			OptionStyle:     OptionAny,
			Signatures:      sigs(),
		},
		{
			// tandem itself as an SMT-LIB solver (tandem smt: fuzzing
			// first, z3 behind it; 'tandem --fallback=cvc5' for cvc5),
			// so the solver fuzzers can run against it.
			Name:            "tandem",
			Binary:          tandemBinary(),
			OneShotArgs:     []string{"smt", FilePlaceholder},
			StdinArgs:       []string{"smt"},
			InteractiveArgs: []string{"smt"},
			VersionArgs:     []string{"smt", "--version"},
			OptionStyle:     OptionDashDash,
			Signatures:      sigs("panic:", "fatal error:", "goroutine "),
		},
	}
}

// bitwuzlaLogics are the logics Bitwuzla's SMT-LIB parser accepts
// (Parser::is_supported_logic): an optional QF_, then A, UF, BV and FP in
// that order, each at most once. Quantified ones (BV, UFBV, …) are
// included: Bitwuzla decides quantified bit-vector formulas. FPLRA, which
// its parser also takes, is left out: Bitwuzla has no real arithmetic
// beyond to_fp of a real constant.
func bitwuzlaLogics() []string {
	var out []string
	for _, q := range []string{"QF_", ""} {
		for _, a := range []string{"", "A"} {
			for _, uf := range []string{"", "UF"} {
				for _, bv := range []string{"", "BV"} {
					for _, fp := range []string{"", "FP"} {
						if body := a + uf + bv + fp; body != "" && body != "A" {
							out = append(out, q+body)
						}
					}
				}
			}
		}
	}
	return out
}

// tandemBinary is the binary of the tandem profile: the running program
// when it is tandem, else "tandem" on PATH.
func tandemBinary() string {
	if exe, err := os.Executable(); err == nil && filepath.Base(exe) == "tandem" {
		return exe
	}
	return "tandem"
}

// Clone returns a deep copy of p.
func (p *Profile) Clone() *Profile {
	c := *p
	c.OneShotArgs = slices.Clone(p.OneShotArgs)
	c.StdinArgs = slices.Clone(p.StdinArgs)
	c.InteractiveArgs = slices.Clone(p.InteractiveArgs)
	c.ModelArgs = slices.Clone(p.ModelArgs)
	c.SelfCheckArgs = slices.Clone(p.SelfCheckArgs)
	c.IncrementalArgs = slices.Clone(p.IncrementalArgs)
	c.SetOptions = slices.Clone(p.SetOptions)
	c.Options = slices.Clone(p.Options)
	c.VersionArgs = slices.Clone(p.VersionArgs)
	c.Signatures = slices.Clone(p.Signatures)
	c.NormalExitCodes = slices.Clone(p.NormalExitCodes)
	c.Logics = slices.Clone(p.Logics)
	c.Operators = slices.Clone(p.Operators)
	c.Effort = p.Effort.clone()
	c.FloatOptions = slices.Clone(p.FloatOptions)
	c.FuzzOptions = slices.Clone(p.FuzzOptions)
	return &c
}

// Validate reports what is wrong with a profile, if anything.
func (p *Profile) Validate() error {
	var errs []error
	if p.Name == "" || strings.ContainsAny(p.Name, " \t\n") {
		errs = append(errs, fmt.Errorf("profile name %q must be one non-empty word", p.Name))
	}
	if p.Binary == "" {
		errs = append(errs, fmt.Errorf("profile %q has no binary: set binary = \"/path/to/solver\" in the profiles file", p.Name))
	}
	if n := countPlaceholders(p.OneShotArgs); n != 1 {
		errs = append(errs, fmt.Errorf("profile %q: one_shot_args must contain %s exactly once (found %d)", p.Name, FilePlaceholder, n))
	}
	for _, pat := range p.SetOptions {
		if _, err := path.Match(pat, ":x"); err != nil || !strings.HasPrefix(pat, ":") {
			errs = append(errs, fmt.Errorf("profile %q: set_options entry %q is not a keyword pattern such as \":produce-models\" or \":smt.*\"", p.Name, pat))
			break
		}
	}
	for _, list := range [][]string{p.StdinArgs, p.InteractiveArgs, p.IncrementalArgs, p.ModelArgs, p.SelfCheckArgs, p.Options} {
		if countPlaceholders(list) != 0 {
			errs = append(errs, fmt.Errorf("profile %q: %s may only appear in one_shot_args", p.Name, FilePlaceholder))
			break
		}
	}
	for _, s := range p.Signatures {
		if strings.TrimSpace(s) == "" {
			errs = append(errs, fmt.Errorf("profile %q has an empty signature, which would match every line", p.Name))
			break
		}
	}
	switch p.OptionStyle {
	case OptionKeyValue, OptionDashDash, OptionAny, "":
	default:
		errs = append(errs, fmt.Errorf("profile %q: option_style %q is not one of %q, %q, %q", p.Name, p.OptionStyle, OptionKeyValue, OptionDashDash, OptionAny))
	}
	for _, o := range p.Options {
		if err := p.checkOption(o); err != nil {
			errs = append(errs, err)
		}
	}
	if err := p.Effort.validate(p.Name); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func countPlaceholders(args []string) int {
	n := 0
	for _, a := range args {
		if a == FilePlaceholder {
			n++
		}
	}
	return n
}

// checkOption checks one extra option word against the profile's style.
func (p *Profile) checkOption(o string) error {
	switch p.OptionStyle {
	case OptionKeyValue:
		// z3: key=value, or a switch such as -st or -T:5.
		if strings.HasPrefix(o, "--") || (!strings.HasPrefix(o, "-") && !strings.Contains(o, "=")) {
			return fmt.Errorf("option %q for %s: use %s's syntax, key=value (e.g. smt.string_solver=z3str3) or -switch", o, p.Name, p.Name)
		}
	case OptionDashDash:
		if !strings.HasPrefix(o, "-") {
			return fmt.Errorf("option %q for %s: use %s's syntax, --key=value or --flag (e.g. --check-models)", o, p.Name, p.Name)
		}
	}
	return nil
}

// WithOptions returns a copy of p that passes the extra options in every
// mode. The options are checked against p's option style.
func (p *Profile) WithOptions(opts ...string) (*Profile, error) {
	c := p.Clone()
	for _, o := range opts {
		if err := c.checkOption(o); err != nil {
			return nil, err
		}
	}
	c.Options = append(c.Options, opts...)
	return c, nil
}

// Accepts reports whether the profile accepts the logic (true when the
// profile lists no logics). Logic names compare exactly; "ALL" is accepted
// only by profiles without a logic list.
func (p *Profile) Accepts(logic string) bool {
	return len(p.Logics) == 0 || slices.Contains(p.Logics, logic)
}

// AcceptsOperator reports whether op is in the profile's set of
// solver-specific operators.
func (p *Profile) AcceptsOperator(op string) bool { return slices.Contains(p.Operators, op) }

// TakesOption reports whether the solver takes (set-option keyword …)
// according to the profile's SetOptions.
func (p *Profile) TakesOption(keyword string) bool {
	if len(p.SetOptions) == 0 {
		return true
	}
	for _, pat := range p.SetOptions {
		if ok, _ := path.Match(pat, keyword); ok {
			return true
		}
	}
	return false
}

// z3SetOptions are the options z3 4.8 takes in set-option: SMT-LIB 2.6's,
// its dotted module parameters (:smt.arith.solver, :model.compact, …) and
// its global parameters; it answers any other with "unknown parameter".
var z3SetOptions = []string{
	":diagnostic-output-channel", ":global-declarations", ":interactive-mode", ":print-success",
	":produce-assertions", ":produce-assignments", ":produce-models", ":produce-proofs",
	":produce-unsat-assumptions", ":produce-unsat-cores", ":random-seed", ":regular-output-channel",
	":reproducible-resource-limit", ":verbosity",
	":*.*", ":auto_config", ":auto-config", ":model", ":model_validate", ":model-validate", ":proof", ":rlimit",
	":smtlib2_compliant", ":smtlib2-compliant", ":stats", ":timeout", ":unsat_core", ":unsat-core",
	":well_sorted_check", ":well-sorted-check", ":type_check", ":type-check", ":memory_max_size",
	":memory-max-size", ":memory_high_watermark", ":memory-high-watermark", ":dump_models", ":dump-models",
	":trace", ":trace_file_name", ":warning", ":unicode", ":encoding", ":debug_ref_count",
	":memory_max_alloc_count", ":dot_proof_file",
}

// Incremental reports whether the profile can run a [Session].
func (p *Profile) Incremental() bool { return len(p.InteractiveArgs) > 0 }

// normalExit reports whether code is one of the profile's normal exit codes.
func (p *Profile) normalExit(code int) bool {
	if len(p.NormalExitCodes) == 0 {
		return code == 0
	}
	return slices.Contains(p.NormalExitCodes, code)
}

// Mode selects the extra arguments of a run.
type Mode struct {
	// Models adds ModelArgs (for get-model and get-value).
	Models bool
	// SelfCheck adds SelfCheckArgs.
	SelfCheck bool
	// Incremental adds IncrementalArgs, for a script with push, pop,
	// reset-assertions, check-sat-assuming or more than one check-sat.
	Incremental bool
}

// modeArgs returns the model/self-check arguments and the profile options.
func (p *Profile) modeArgs(m Mode) []string {
	var a []string
	if m.Incremental {
		a = append(a, p.IncrementalArgs...)
	}
	if m.Models {
		a = append(a, p.ModelArgs...)
	}
	if m.SelfCheck {
		for _, s := range p.SelfCheckArgs {
			if !slices.Contains(a, s) {
				a = append(a, s)
			}
		}
	}
	return append(a, p.Options...)
}

// OneShotArgv returns the argument list (without the program) to solve the
// file at path; options go just before the file.
func (p *Profile) OneShotArgv(path string, m Mode) []string {
	var argv []string
	for _, a := range p.OneShotArgs {
		if a == FilePlaceholder {
			argv = append(argv, p.modeArgs(m)...)
			argv = append(argv, path)
			continue
		}
		argv = append(argv, a)
	}
	return argv
}

// StdinArgv returns the argument list to solve a script on standard input.
func (p *Profile) StdinArgv(m Mode) []string {
	return append(slices.Clone(p.StdinArgs), p.modeArgs(m)...)
}

// InteractiveArgv returns the argument list of an incremental session.
func (p *Profile) InteractiveArgv(m Mode) []string {
	return append(slices.Clone(p.InteractiveArgs), p.modeArgs(m)...)
}

// Registry holds the known profiles by name: the built-in ones plus those
// loaded from profile files.
type Registry struct {
	profiles map[string]*Profile
}

// NewRegistry returns a registry holding the [Builtin] profiles.
func NewRegistry() *Registry {
	r := &Registry{profiles: map[string]*Profile{}}
	for _, p := range Builtin() {
		r.profiles[p.Name] = p
	}
	return r
}

// Add adds or replaces a profile after validating it.
func (r *Registry) Add(p *Profile) error {
	if err := p.Validate(); err != nil {
		return err
	}
	r.profiles[p.Name] = p.Clone()
	return nil
}

// Get returns a copy of the named profile.
func (r *Registry) Get(name string) (*Profile, bool) {
	p, ok := r.profiles[name]
	if !ok {
		return nil, false
	}
	return p.Clone(), true
}

// Names returns the profile names, sorted, built-ins first.
func (r *Registry) Names() []string {
	builtin := map[string]int{}
	for i, p := range Builtin() {
		builtin[p.Name] = i + 1
	}
	names := make([]string, 0, len(r.profiles))
	for n := range r.profiles {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		bi, bj := builtin[names[i]], builtin[names[j]]
		if (bi > 0) != (bj > 0) {
			return bi > 0
		}
		if bi > 0 {
			return bi < bj
		}
		return names[i] < names[j]
	})
	return names
}

// Lookup resolves a solver spec: the first word names a profile, the
// following words are extra options in that solver's own syntax, e.g.
//
//	z3 smt.string_solver=z3str3
//	cvc5 --strings-exp --check-models
//
// When the first word is not a profile name but a path whose base name is
// one (/opt/z3-4.13/bin/z3), that profile is used with that binary.
func (r *Registry) Lookup(spec string) (*Profile, error) {
	words := strings.Fields(spec)
	if len(words) == 0 {
		return nil, fmt.Errorf("empty solver spec: give a profile name such as %s", strings.Join(r.Names(), ", "))
	}
	name := words[0]
	p, ok := r.Get(name)
	if !ok && strings.ContainsRune(name, filepath.Separator) {
		if q, ok2 := r.Get(filepath.Base(name)); ok2 {
			q.Binary = name
			p, ok = q, true
		}
	}
	if !ok {
		return nil, fmt.Errorf("unknown solver %q: known profiles are %s (add one in a profiles file, see 'tandem solvers --help')", name, strings.Join(r.Names(), ", "))
	}
	if p.Binary == "" {
		return nil, fmt.Errorf("profile %q has no binary: set binary in a profiles file (see 'tandem solvers --help')", p.Name)
	}
	return p.WithOptions(words[1:]...)
}

// versionPattern finds a dotted version number in --version output.
var versionPattern = regexp.MustCompile(`\d+\.\d+(\.\d+)*(-[0-9A-Za-z.]+)?`)

// DefaultProfilesPath is the profiles file read when none is given: the
// TANDEM_SOLVERS environment variable, else
// $XDG_CONFIG_HOME/tandem/solvers.toml (~/.config/tandem/solvers.toml). It
// returns "" when that file does not exist.
func DefaultProfilesPath() string {
	if p := os.Getenv("TANDEM_SOLVERS"); p != "" {
		return p
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	p := filepath.Join(dir, "tandem", "solvers.toml")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// Command is a profile for a solver given as a program and its arguments
// rather than by name: scripts go to its standard input after args (Run
// with a [BytesInput]). Test harnesses that compare tandem with a solver
// binary use it, so their processes get the same limits and cleanup as
// every other solver run.
func Command(name, binary string, args ...string) *Profile {
	return &Profile{Name: name, Binary: binary, StdinArgs: slices.Clone(args), OptionStyle: OptionAny}
}

// DIMACSProfile is the profile of a DIMACS SAT solver binary, chosen by
// the program's base name (minisat and cadical are built in; any other
// gets the CNF file as its only argument): run with a [FileInput] of a CNF
// file, it answers by exit code, 10 for satisfiable and 20 for
// unsatisfiable. These profiles are in no [Registry], so SMT commands
// never run a SAT solver.
func DIMACSProfile(binary string) *Profile {
	p := &Profile{Name: strings.TrimSuffix(filepath.Base(binary), ".exe"), Binary: binary,
		OneShotArgs: []string{FilePlaceholder}, OptionStyle: OptionAny, Signatures: sigs(), NormalExitCodes: []int{0, 10, 20}}
	switch p.Name {
	case "minisat":
		p.OneShotArgs = []string{"-verb=0", FilePlaceholder}
	case "cadical":
		p.OneShotArgs = []string{"-q", "-n", FilePlaceholder}
	}
	return p
}
