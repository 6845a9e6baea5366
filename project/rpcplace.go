package project

// Where returns where the function the method's calls run is: its
// script's res:// path, the line of its func, and the line of its body's
// first statement, where a breakpoint stops when a call runs it (0 for
// a C# method, whose body the reader does not place).
func (r NamedRPC) Where() (script string, line, bodyLine int) {
	if r.run == nil {
		return "", 0, 0
	}
	return r.fn.Script.Path, r.run.Line, r.run.BodyLine
}
