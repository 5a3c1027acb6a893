package solver

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"tandem/smtlib"
)

// profileFile is the shape of a profiles file:
//
//	[solver.z3]                 # override fields of a built-in profile
//	binary = "/opt/z3-4.13/bin/z3"
//
//	[solver.yices]              # a new profile, starting from "generic"
//	binary = "yices-smt2"
//	interactive_args = ["--incremental"]
//	signatures = ["Fatal error"]
type profileFile struct {
	Solver map[string]profileEntry `toml:"solver"`
}

// profileEntry has a pointer or nil slice for each Profile field so that
// only the keys present in the file override the base profile.
type profileEntry struct {
	Base            *string      `toml:"base"`
	Binary          *string      `toml:"binary"`
	OneShotArgs     *[]string    `toml:"one_shot_args"`
	StdinArgs       *[]string    `toml:"stdin_args"`
	InteractiveArgs *[]string    `toml:"interactive_args"`
	ModelArgs       *[]string    `toml:"model_args"`
	IncrementalArgs *[]string    `toml:"incremental_args"`
	SetOptions      *[]string    `toml:"set_options"`
	SelfCheckArgs   *[]string    `toml:"self_check_args"`
	Options         *[]string    `toml:"options"`
	VersionArgs     *[]string    `toml:"version_args"`
	OptionStyle     *OptionStyle `toml:"option_style"`
	Signatures      *[]string    `toml:"signatures"`
	ExtraSignatures *[]string    `toml:"extra_signatures"`
	NormalExitCodes *[]int       `toml:"normal_exit_codes"`
	Logics          *[]string    `toml:"logics"`
	Operators       *[]string    `toml:"operators"`
	Quirks          *Quirks      `toml:"quirks"`
	Effort          *Effort      `toml:"effort"`
}

// LoadFile reads a TOML profiles file into the registry. Each [solver.NAME]
// table overrides the keys it sets in the profile NAME, or, for a new name,
// in the profile named by its base key (default "generic"). Keys are the
// snake_case names of the Profile fields (binary, one_shot_args, stdin_args,
// interactive_args, incremental_args, set_options, model_args,
// self_check_args, options, version_args, option_style, signatures,
// normal_exit_codes, logics, operators, a [solver.NAME.quirks] table and a
// [solver.NAME.effort] table, see [Effort]); extra_signatures appends to
// the base's signatures instead of replacing them. Unknown keys are errors.
func (r *Registry) LoadFile(path string) error {
	data, err := smtlib.ReadFile(path, "solver profiles", 0)
	if err != nil {
		return fmt.Errorf("reading solver profiles: %w", err)
	}
	if err := r.Load(data); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Load is [Registry.LoadFile] on the file's contents. Nothing is added when
// any profile in the file is invalid.
func (r *Registry) Load(data []byte) error {
	var f profileFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return fmt.Errorf("solver profiles: %w", err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return fmt.Errorf("solver profiles: unknown keys %s (see 'tandem solvers --help' for the keys a profile has)", strings.Join(keys, ", "))
	}
	names := make([]string, 0, len(f.Solver))
	for n := range f.Solver {
		names = append(names, n)
	}
	sort.Strings(names)
	var errs []error
	var out []*Profile
	for _, name := range names {
		e := f.Solver[name]
		base, ok := r.profiles[name]
		if e.Base != nil {
			if base, ok = r.profiles[*e.Base]; !ok {
				errs = append(errs, fmt.Errorf("profile %q: base %q is not a known profile", name, *e.Base))
				continue
			}
		} else if !ok {
			base = r.profiles["generic"]
		}
		p := base.Clone()
		p.Name = name
		e.apply(p)
		if err := p.Validate(); err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, p)
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for _, p := range out {
		r.profiles[p.Name] = p
	}
	return nil
}

func (e *profileEntry) apply(p *Profile) {
	set := func(dst *[]string, src *[]string) {
		if src != nil {
			*dst = append([]string(nil), (*src)...)
		}
	}
	if e.Binary != nil {
		p.Binary = *e.Binary
	}
	set(&p.OneShotArgs, e.OneShotArgs)
	set(&p.StdinArgs, e.StdinArgs)
	set(&p.InteractiveArgs, e.InteractiveArgs)
	set(&p.ModelArgs, e.ModelArgs)
	set(&p.IncrementalArgs, e.IncrementalArgs)
	set(&p.SetOptions, e.SetOptions)
	set(&p.SelfCheckArgs, e.SelfCheckArgs)
	set(&p.Options, e.Options)
	set(&p.VersionArgs, e.VersionArgs)
	if e.OptionStyle != nil {
		p.OptionStyle = *e.OptionStyle
	}
	set(&p.Signatures, e.Signatures)
	if e.ExtraSignatures != nil {
		p.Signatures = append(p.Signatures, (*e.ExtraSignatures)...)
	}
	if e.NormalExitCodes != nil {
		p.NormalExitCodes = append([]int(nil), (*e.NormalExitCodes)...)
	}
	set(&p.Logics, e.Logics)
	set(&p.Operators, e.Operators)
	if e.Quirks != nil {
		p.Quirks = *e.Quirks
	}
	if e.Effort != nil {
		p.Effort = e.Effort.clone()
	}
}

// LoadRegistry returns the built-in profiles plus those of the profiles file
// at path; path "" means [DefaultProfilesPath] (and no file when that is "").
func LoadRegistry(path string) (*Registry, error) {
	r := NewRegistry()
	if path == "" {
		path = DefaultProfilesPath()
	}
	if path == "" {
		return r, nil
	}
	if err := r.LoadFile(path); err != nil {
		return nil, err
	}
	return r, nil
}
