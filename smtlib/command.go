package smtlib

import (
	"tandem/smt"
)

// CommandKind is the kind of a script command.
type CommandKind uint8

// The commands of SMT-LIB 2.6, the extensions tandem reads, and Unknown for
// everything else (kept verbatim).
const (
	CmdUnknown CommandKind = iota
	CmdSetLogic
	CmdSetOption
	CmdSetInfo
	CmdGetInfo
	CmdGetOption
	CmdDeclareSort
	CmdDefineSort
	CmdDeclareFun
	CmdDeclareConst
	CmdDefineFun
	CmdDefineConst
	CmdDefineFunRec
	CmdDefineFunsRec
	CmdDeclareDatatype
	CmdDeclareDatatypes
	CmdDeclareCodatatypes
	CmdDeclareCodatatype
	CmdPush
	CmdPop
	CmdReset
	CmdResetAssertions
	CmdAssert
	CmdCheckSat
	CmdCheckSatAssuming
	CmdGetValue
	CmdGetModel
	CmdGetAssignment
	CmdGetAssertions
	CmdGetProof
	CmdGetUnsatCore
	CmdGetUnsatAssumptions
	CmdEcho
	CmdExit
	// CmdDeclareCB is (declare-cb NAME (ArgSort*) RetSort): a closed-box function.
	CmdDeclareCB
	// CmdDeclareOracleFun is Delphi's (declare-oracle-fun NAME BINARY (ArgSort*) RetSort).
	CmdDeclareOracleFun
	numCommands
)

var commandNames = [...]string{
	CmdUnknown: "", CmdSetLogic: "set-logic", CmdSetOption: "set-option", CmdSetInfo: "set-info",
	CmdGetInfo: "get-info", CmdGetOption: "get-option", CmdDeclareSort: "declare-sort",
	CmdDefineSort: "define-sort", CmdDeclareFun: "declare-fun", CmdDeclareConst: "declare-const",
	CmdDefineFun: "define-fun", CmdDefineConst: "define-const", CmdDefineFunRec: "define-fun-rec",
	CmdDefineFunsRec: "define-funs-rec", CmdDeclareDatatype: "declare-datatype",
	CmdDeclareDatatypes: "declare-datatypes", CmdDeclareCodatatypes: "declare-codatatypes", CmdDeclareCodatatype: "declare-codatatype",
	CmdPush: "push", CmdPop: "pop", CmdReset: "reset",
	CmdResetAssertions: "reset-assertions", CmdAssert: "assert", CmdCheckSat: "check-sat",
	CmdCheckSatAssuming: "check-sat-assuming", CmdGetValue: "get-value", CmdGetModel: "get-model",
	CmdGetAssignment: "get-assignment", CmdGetAssertions: "get-assertions", CmdGetProof: "get-proof",
	CmdGetUnsatCore: "get-unsat-core", CmdGetUnsatAssumptions: "get-unsat-assumptions",
	CmdEcho: "echo", CmdExit: "exit", CmdDeclareCB: "declare-cb", CmdDeclareOracleFun: "declare-oracle-fun",
}

var commandByName = func() map[string]CommandKind {
	m := map[string]CommandKind{}
	for k, n := range commandNames {
		if n != "" {
			m[n] = CommandKind(k)
		}
	}
	return m
}()

// String is the command's SMT-LIB name.
func (k CommandKind) String() string {
	if int(k) < len(commandNames) && commandNames[k] != "" {
		return commandNames[k]
	}
	return "unknown command"
}

// Command is one command of a script. Which fields are set depends on Kind:
//
//   - set-logic: Name (the logic)
//   - set-option, set-info: Name (the keyword) and Value (its value as text)
//   - get-info, get-option: Name (the keyword)
//   - declare-sort: Name, Arity; define-sort: Name, SortParams, Sort
//   - declare-fun, declare-const, define-fun, define-const, define-fun-rec,
//     declare-cb, declare-oracle-fun: Funcs[0] (with Binary for oracles);
//     define-funs-rec: Funcs
//   - declare-datatype(s), declare-codatatypes: Datatypes
//   - push, pop: N (HasN false when the numeral was omitted)
//   - assert: Term; check-sat-assuming, get-value: Terms
//   - echo: Value (the string, unquoted)
//   - unknown commands: Name and Raw, the command's text exactly as written
//   - exit: Raw, the text after it (solvers stop reading at exit, and so
//     does the parser: it is kept verbatim, not checked), without
//     leading line breaks and trailing white space
//
// Text is the command exactly as written, when the reader is interactive
// ([Options.Interactive]); unknown commands always have it.
type Command struct {
	Kind       CommandKind
	Pos        Pos
	Name       string
	Value      string
	Term       *smt.Term
	Terms      []*smt.Term
	Funcs      []*smt.Func
	Datatypes  []*smt.Datatype
	Arity      int
	SortParams []string
	Sort       *smt.Sort
	N          int
	HasN       bool
	Raw        string
	Text       string

	named []*smt.Func // the names its terms' :named annotations define, for Stack
}
