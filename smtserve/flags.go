package smtserve

import "github.com/spf13/pflag"

// Register adds the closed-box flags of tandem smt to fs: the
// implementations SADHAK runs for queries over closed boxes.
func (o *BoxOptions) Register(fs *pflag.FlagSet) {
	fs.StringArrayVar(&o.Specs, "cb", nil, "closed-box implementation NAME=IMPL for queries over declare-cb/declare-oracle-fun (repeatable; as in tandem solve)")
	fs.StringVar(&o.OracleDir, "oracle-dir", "", "directory of Delphi oracle implementations BINARY.c / BINARY.wasm")
	fs.DurationVar(&o.Timeout, "cb-query-timeout", DefaultBoxTimeout, "time limit of SADHAK on one query over closed boxes (then unknown)")
	fs.DurationVar(&o.CallTimeout, "cb-timeout", DefaultBoxCallTimeout, "time limit of one closed-box call")
}
