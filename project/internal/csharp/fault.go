package csharp

// Fault is why the C# build or the engine refuses a declaration, in the
// compiler's, the generators' or the engine's words (CS0579, GD0102…),
// or a construct the reader does not read (Unsupported).
type Fault struct {
	Path    string
	Line    int
	Message string
	// Unsupported says the source asks for more than the reader does (an
	// [Rpc] argument naming a constant), not that the build fails.
	Unsupported bool
	// Bound says the source nests past the reader's maxDepth.
	Bound bool
}
