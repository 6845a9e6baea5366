package project

import "github.com/gdvar/gdvar/project/internal/source"

// Shown returns a name read from a project's files (a path, a node's
// name) as this package's errors show it: on one line, what is not
// printable escaped as Go escapes it (\n, \x00, \u202e), and no more than
// its first and last 48 bytes, with "…" between, when it is longer: a
// file may hold a name of megabytes, or binary.
func Shown(name string) string { return source.Shown(name) }
