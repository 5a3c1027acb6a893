// Package archtest keeps docs/architecture.md true. Its tests read the
// layer table of that page and check the repository against it: every
// library package belongs to a layer and imports only from layers below
// (or its own family, or an import the page lists), no library package
// imports a test harness, cmd or bench package, every package has a
// package comment, every package named in the table has a runnable
// Example, and every Go name the page and the package comments mention
// (`pkg.Name` in the page, doc links in package comments) exists.
//
// It has no code of its own: the checks are in archtest_test.go.
package archtest
