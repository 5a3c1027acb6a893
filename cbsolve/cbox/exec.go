package cbox

import (
	"context"

	"tandem/smt"
)

// OpenExec makes the box for f from an external program (not yet implemented).
func OpenExec(ctx context.Context, argv []string, f *smt.Func, opts Options) (Box, error) {
	return nil, &Error{Box: f.Name, Kind: Spec, Msg: "exec boxes are not implemented yet"}
}
