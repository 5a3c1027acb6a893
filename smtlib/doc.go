// Package smtlib reads and writes SMT-LIB 2.6: scripts, and the responses
// solvers give to them. It is the text layer over package smt, as go/parser
// and go/printer are over go/ast: parsing turns bytes into type-checked
// terms ([smt.Term]) in an [smt.Store], writing turns them back into text, and
// nothing here evaluates or solves.
//
// # Scripts
//
// [Parse] (bytes in memory), [ParseFile] and [ParseReader] (a stream, in
// bounded memory apart from the terms) return a [*Script]: the file name,
// the store holding its terms and every [*Command] in order. A command's
// [CommandKind] says which of its fields are set (the term of an assert,
// the [smt.Func] of a declare-fun, …). [Script.Assertions] and
// [Script.Logic] answer the common questions. For inputs too large to
// keep as a list of commands, a [Reader] ([NewReader], [Reader.Next])
// yields one command at a time, and [Check] only type-checks.
//
//	sc, err := smtlib.ParseFile("in.smt2")
//	if err != nil {
//		return err // an ErrorList: every problem, file:line:col: msg
//	}
//	for _, c := range sc.Commands {
//		if c.Kind == smtlib.CmdAssert {
//			use(c.Term)
//		}
//	}
//	smtlib.Write(os.Stdout, sc)
//
// Datatype terms include match (each pattern's variables scoped to its
// case; the cases need not cover every constructor), testers and cvc5's
// (_ update s). A nullary constructor of a parametric datatype without
// (as C S), as z3 prints nil and none in models, takes the sort its
// context fixes: a definition's declared sort, a function's parameter,
// the other side of =, an ite branch, a constructor's other arguments.
//
// Besides the standard, the parser reads the closed-box declarations of
// SADHAK, (declare-cb NAME (ArgSort*) RetSort), and of Delphi,
// (declare-oracle-fun NAME BINARY (ArgSort*) RetSort), the sequences of
// z3 and cvc5, and the SMT-LIB 2.5 names of renamed operators (printed
// under their 2.6 names). A command it does not know is kept verbatim
// (Command.Raw) and written back as it was. [Options] give the store to
// build terms in and bound the nesting depth and the number of errors.
//
// # Writing
//
// [Print] and [Write] print a script one command per line; parsing the
// result gives the same commands and terms, and z3 and cvc5 read it.
// [Expand] inlines let, define-fun and :named terms in place; [Clone]
// first when the original must stay as it was.
//
// # Solver responses
//
// [ParseStatus] reads a check-sat answer ([Status]); [ParseModel] a
// get-model answer ([*Model], as z3 4.8 and cvc5 1.0 print it) and
// [ParseValues] a get-value answer (a [ValuePair] per term), both resolved against
// the script they answer, so that a model's symbols are the script's
// own [smt.Func] pointers; [ParseUnsatCore] and [ParseError] read the rest.
// [Script.Declare] makes symbols a program adds to the script it sends
// (fresh constants of a purification) known to these readers.
//
// # Errors
//
// Every problem is an [*Error] at a [Pos] that prints as file:line:col:
// msg. Parsing goes on after an error and returns an [ErrorList] of every
// problem in file order, like go/scanner's; the commands that are fine are
// kept. A theory tandem does not interpret (cvc5's sets, bags, separation
// logic, …) is an [*UnsupportedTheoryError]; [UnsupportedTheory] names it.
package smtlib
