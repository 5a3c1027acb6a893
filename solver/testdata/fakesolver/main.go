// Command fakesolver misbehaves the ways real solvers do, for the solver
// package's tests. The first argument picks the behaviour; a file argument,
// if any, is ignored.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: fakesolver MODE [FILE]")
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	switch os.Args[1] {
	case "sat":
		fmt.Fprintln(out, "sat")
	case "hang":
		time.Sleep(time.Hour)
	case "sat-hang":
		fmt.Fprintln(out, "sat")
		out.Flush()
		time.Sleep(time.Hour)
	case "spawn", "spawn-hang":
		// A child in the same process group that outlives this process.
		c := exec.Command(os.Args[0], "sleep")
		if err := c.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(out, "sat\n(child-pid %d)\n", c.Process.Pid)
		out.Flush()
		if os.Args[1] == "spawn-hang" {
			time.Sleep(time.Hour)
		}
	case "sleep":
		time.Sleep(time.Hour)
	case "segv", "abrt":
		sig := map[string]string{"segv": "SEGV", "abrt": "ABRT"}[os.Args[1]]
		if sig == "ABRT" {
			fmt.Fprint(os.Stderr, "ASSERTION VIOLATION\nFile: ../src/smt/theory_lra.cpp\nLine: 1234\n")
		}
		fmt.Fprintln(out, "(")
		out.Flush()
		// Become a shell that kills itself: the same pid dies by the signal,
		// as a native solver would (the Go runtime would turn it into a panic).
		syscall.Exec("/bin/sh", []string{"sh", "-c", "kill -" + sig + " $$"}, os.Environ())
		os.Exit(3)
	case "garbage":
		fmt.Fprintln(out, "Hello from a solver that lost its way !!")
		fmt.Fprintln(out, "42 frobnicate")
	case "bad-option":
		// z3 4.8's answer to an option it does not know: the word
		// "unknown" in an error line is not a check-sat answer.
		fmt.Fprintln(out, "ERROR: unknown parameter 'foo'")
		fmt.Fprintln(out, "Legal parameters are:")
		fmt.Fprintln(out, "  auto_config (bool) (default: true)")
		out.Flush()
		os.Exit(1)
	case "unknown-option":
		// an answer word first on a line of prose
		fmt.Fprintln(out, "unknown option --frobnicate")
		out.Flush()
		os.Exit(1)
	case "truncated":
		fmt.Fprint(out, "sat\n(\n  (define-fun x () Int\n    3)\n  (define-fun y () (_ BitVec 8)\n")
	case "flood":
		fmt.Fprintln(out, "sat")
		line := []byte(strings.Repeat("x", 1023) + "\n")
		for i := 0; i < 200*1024; i++ { // 200 MiB
			out.Write(line)
		}
	case "alloc":
		var keep [][]byte
		for {
			b := make([]byte, 16<<20)
			for i := range b {
				b[i] = byte(i)
			}
			keep = append(keep, b)
		}
	case "spin":
		x := 0
		for {
			x++
		}
	case "garbage-version":
		// A binary that is not a solver, answering --version with control
		// characters, invalid UTF-8 and a very long line.
		fmt.Fprint(out, "\x1b[31m\x00\xff\xfe"+strings.Repeat("ZZ", 5000)+"\n")
	case "count":
		// Reads all of its input before answering, as a solver reading a
		// script from stdin does.
		n, _ := io.Copy(io.Discard, os.Stdin)
		fmt.Fprintf(out, "sat\n(input-bytes %d)\n", n)
	case "stderr-flood":
		// Fills stderr far past a pipe's buffer before it answers.
		line := strings.Repeat("w", 1023) + "\n"
		for i := 0; i < 4*1024; i++ { // 4 MiB
			os.Stderr.WriteString(line)
		}
		fmt.Fprintln(out, "sat")
	case "interactive":
		interactive(out)
	default:
		fmt.Fprintln(os.Stderr, "fakesolver: unknown mode", os.Args[1])
		os.Exit(2)
	}
}

// interactive answers one command per line: success for everything but
// check-sat (sat), get-model, get-value and get-info :name. An asserted
// "hang" makes check-sat hang, "spin" makes it burn CPU, "crash" makes it
// die by SIGSEGV, and "twice" makes it print an error after sat (as z3's
// model_validate does). get-info :declared lists the names declared (with
// :global-declarations honoured), get-info :assertion-stack-levels the
// depth. With the argument quiet-reset, (reset) prints nothing and turns
// print-success off, as cvc5 does.
func interactive(out *bufio.Writer) {
	quietReset := slices.Contains(os.Args, "quiet-reset")
	// print-success is honoured (on at the start, so that a caller that
	// never sets it reads one response per command), but with the
	// argument loud, which ignores print-success off
	printSuccess, loud := true, slices.Contains(os.Args, "loud")
	success := func() {
		if printSuccess || loud {
			fmt.Fprintln(out, "success")
		}
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	var stack [][]string
	stack = append(stack, nil)
	// the declared names, as SMT-LIB 2.6 scopes them: decls per level,
	// globals (declared under :global-declarations) outlive pop and
	// reset-assertions
	decls := [][]string{nil}
	var globals []string
	global := false
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "(check-sat"):
			for _, lvl := range stack {
				for _, a := range lvl {
					if strings.Contains(a, "spin") {
						out.Flush()
						for x := 0; ; x++ { // burn CPU until killed
							_ = x
						}
					}
					if strings.Contains(a, "hang") {
						out.Flush()
						time.Sleep(time.Hour)
					}
					if strings.Contains(a, "crash") {
						out.Flush()
						syscall.Exec("/bin/sh", []string{"sh", "-c", "kill -SEGV $$"}, os.Environ())
					}
				}
			}
			fmt.Fprintln(out, "sat")
			for _, lvl := range stack {
				for _, a := range lvl {
					if strings.Contains(a, "twice") { // a self-check message after the answer
						fmt.Fprintln(out, `(error "an invalid model was generated")`)
					}
				}
			}
		case strings.HasPrefix(line, "(get-info :name"):
			fmt.Fprintln(out, `(:name "fake")`)
		case strings.HasPrefix(line, "(get-info :assertion-stack-levels"):
			fmt.Fprintf(out, "(:assertion-stack-levels %d)\n", len(stack)-1)
		case strings.HasPrefix(line, "(set-option :print-success"):
			printSuccess = strings.Contains(line, "true")
			success()
		case strings.HasPrefix(line, "(get-info :declared"):
			all := slices.Concat(append([][]string{globals}, decls...)...)
			fmt.Fprintf(out, "(:declared %q)\n", strings.Join(all, " "))
		case strings.HasPrefix(line, "(set-option :global-declarations"):
			global = strings.Contains(line, "true")
			success()
		case strings.HasPrefix(line, "(declare-"), strings.HasPrefix(line, "(define-"):
			name := strings.Fields(strings.Trim(line, "()"))[1]
			if global {
				globals = append(globals, name)
			} else {
				decls[len(decls)-1] = append(decls[len(decls)-1], name)
			}
			success()
		case strings.HasPrefix(line, "(reset-assertions"):
			stack, decls = [][]string{nil}, [][]string{nil}
			success()
		case line == "(reset)":
			stack, decls, globals, global = [][]string{nil}, [][]string{nil}, nil, false
			if quietReset {
				printSuccess = false // as cvc5: the reset resets it
			} else {
				success()
			}
		case strings.HasPrefix(line, "(get-model"):
			fmt.Fprintf(out, "(\n  (define-fun depth () Int %d)\n  (define-fun s () String \"a \"\" ) ;\")\n)\n", len(stack)-1)
		case strings.HasPrefix(line, "(get-value"):
			fmt.Fprintln(out, "((x 1))")
		case strings.HasPrefix(line, "(push"):
			stack = append(stack, nil)
			decls = append(decls, nil)
			success()
		case strings.HasPrefix(line, "(pop"):
			if len(stack) == 1 {
				fmt.Fprintln(out, `(error "pop below level 0")`)
				break
			}
			stack = stack[:len(stack)-1]
			decls = decls[:len(decls)-1]
			success()
		case strings.HasPrefix(line, "(assert"):
			stack[len(stack)-1] = append(stack[len(stack)-1], line)
			success()
		case strings.HasPrefix(line, "(exit"):
			success()
			return
		default:
			success()
		}
		out.Flush()
	}
}
