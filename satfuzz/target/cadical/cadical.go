// Package cadical holds tandem's trace driver for CaDiCaL's C++ API
// (src/driver.cpp, built at run time with g++ against Debian's libcadical-dev)
// and CaDiCaL 1.5.3's option model.
package cadical

import _ "embed"

// Source is src/driver.cpp: it reads a satfuzz trace on standard input and
// answers each call on standard output in satfuzz's driver protocol.
//
//go:embed src/driver.cpp
var Source []byte

// Option is one CaDiCaL option with its range.
type Option struct {
	Name     string
	Min, Max int64
	Bool     bool
	Doc      string
}
