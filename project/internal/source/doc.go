// Package source holds what the readers of a project's sources share,
// GDScript's and C#'s: which characters make an identifier, the byte
// order mark a source may start with, and how a name read from a source
// is shown in a message (Shown), which a hostile file may make megabytes
// long or binary.
package source

import "strings"

// Text returns a source's text without the byte order mark the engine
// and the C# compiler accept before it.
func Text(src []byte) string { return strings.TrimPrefix(string(src), "\uFEFF") }
