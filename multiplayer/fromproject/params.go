package fromproject

import (
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// params returns the Params of the function an RPC's calls run, as the
// engine checks a call's arguments for them: each parameter's type as
// the project resolves it (project.ArgCheck), any value where it cannot
// tell; a C# method's as many as it has, of any type (its bindings
// convert them).
func params(p *project.Project, rpc project.NamedRPC) *multiplayer.Params {
	n := 0
	for range rpc.Params() {
		n++
	}
	out := &multiplayer.Params{Fixed: make([]multiplayer.Param, 0, n)}
	for par, check := range p.RPCParams(rpc) {
		if par.Vararg {
			out.Vararg = true
			continue
		}
		out.Fixed = append(out.Fixed, multiplayer.Param{Name: par.Name, Type: check.Type, Default: !check.Required})
	}
	return out
}
