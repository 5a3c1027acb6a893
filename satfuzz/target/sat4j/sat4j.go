// Package sat4j holds tandem's trace driver for Sat4j's ISolver API
// (src/Driver.java, compiled at run time with javac against Debian's
// /usr/share/java/org.sat4j.core.jar).
package sat4j

import _ "embed"

// Source is src/Driver.java: it reads a satfuzz trace on standard input and
// answers each call on standard output in satfuzz's driver protocol; with
// the argument "serve" it runs trace after trace, each ended by a line ".".
//
//go:embed src/Driver.java
var Source []byte

// Jar is the Sat4j core jar the driver is compiled and run against.
const Jar = "/usr/share/java/org.sat4j.core.jar"
