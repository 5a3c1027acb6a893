package proc_test

import (
	"fmt"
	"io"
	"os"
	"os/exec"

	"tandem/internal/proc"
)

// A child started through proc dies with tandem and is reaped with every
// descendant; here it answers over a pipe and exits.
func Example() {
	sh, err := exec.LookPath("sh")
	if err != nil {
		panic(err)
	}
	p, err := proc.StartPiped(proc.Attr{Path: sh, Args: []string{"sh", "-c", "read x; echo got $x; exit 3"}}, os.Stderr)
	if err != nil {
		panic(err)
	}
	fmt.Fprintln(p.Stdin, "hello")
	p.Stdin.Close()
	out, _ := io.ReadAll(p.Stdout)
	p.Wait()
	fmt.Printf("%s", out)
	fmt.Println("exit status", p.Exit().Status.ExitStatus())
	// Output:
	// got hello
	// exit status 3
}
