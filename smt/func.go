package smt

// FuncKind says where a function symbol comes from.
type FuncKind uint8

// The kinds of function symbols.
const (
	// FuncDeclared is declare-fun / declare-const: uninterpreted.
	FuncDeclared FuncKind = iota
	// FuncDefined is define-fun: a macro with a body.
	FuncDefined
	// FuncDefinedRec is define-fun-rec / define-funs-rec.
	FuncDefinedRec
	// FuncClosedBox is (declare-cb NAME (ArgSort*) RetSort): a function whose
	// values come from running code, not from a theory.
	FuncClosedBox
	// FuncOracle is Delphi's (declare-oracle-fun NAME BINARY (ArgSort*) RetSort),
	// a closed box given by an external program.
	FuncOracle
	// FuncConstructor is a datatype constructor.
	FuncConstructor
	// FuncSelector is a datatype selector.
	FuncSelector
	// FuncTester is the tester (_ is C) of a datatype constructor.
	FuncTester
	// FuncUpdater is cvc5's (_ update sel): the datatype value with one
	// field replaced.
	FuncUpdater
)

// Func is a function symbol that is not a theory operator: declared,
// defined, closed-box, or belonging to a datatype. A constant is a Func with
// no parameters.
type Func struct {
	Name   string
	Kind   FuncKind
	Params []*Sort
	Result *Sort
	// Formals and Body define a defined function; Formals are bound
	// variables (see [Store.Var]).
	Formals []*Term
	Body    *Term
	// Binary is the program of a Delphi oracle function.
	Binary string
	// Datatype, Constructor and Field describe datatype functions: the
	// constructor's datatype; the constructor a selector or tester belongs
	// to; the field index of a selector.
	Datatype    *Datatype
	Constructor *Func
	Field       int
	// Selectors are a constructor's selectors, in field order.
	Selectors []*Func
	// Tester is a constructor's tester.
	Tester *Func
	// Overloaded is set on datatype functions whose name is shared with
	// another function (cvc5 allows it); nullary constructors are then
	// printed with (as C S).
	Overloaded bool

	id int
}

// ID is a dense number of the function within its Store.
func (f *Func) ID() int { return f.id }

// IsConst reports whether f takes no arguments.
func (f *Func) IsConst() bool { return len(f.Params) == 0 }

// Datatype is an algebraic datatype as declared by declare-datatype(s).
type Datatype struct {
	Name string
	// Params are the names of the sort parameters of a par declaration.
	Params       []string
	Constructors []*Func
	uid          uint64
}

// Arity is the number of sort parameters.
func (d *Datatype) Arity() int { return len(d.Params) }
