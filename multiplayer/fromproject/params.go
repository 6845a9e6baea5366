package fromproject

import (
	"slices"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// params returns the Params of the function an RPC's calls run, as the
// engine checks a call's arguments for them: each parameter's type as
// the project resolves it ([project.ArgCheck]), any value where it cannot
// tell; a C# method's as many as it has, of any type (its bindings
// convert them).
// The parameters are gathered in scratch, which each script's methods
// reuse, then copied to their size: append's growth of a long list
// allocates five times its size, and reading the list twice to count it
// costs a reader more.
func params(p *project.Project, rpc project.NamedRPC, scratch *[]multiplayer.Param) *multiplayer.Params {
	out := &multiplayer.Params{}
	fixed := (*scratch)[:0]
	for par, check := range p.RPCParams(rpc) {
		if par.Vararg {
			out.Vararg = true
			continue
		}
		fixed = append(fixed, multiplayer.Param{Name: par.Name, Type: check.Type, Default: !check.Required})
	}
	out.Fixed = slices.Clone(fixed)
	if out.Fixed == nil {
		out.Fixed = []multiplayer.Param{}
	}
	clear(fixed) // the names are the scripts'
	*scratch = fixed
	return out
}
