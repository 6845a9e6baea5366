package audit

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/gdvar/gdvar/project"
)

// maxScriptBytes bounds a script read for the object-decoding scan, as
// the project reader bounds a file (project.Limits.MaxFileBytes).
const maxScriptBytes = 16 << 20

// Static audits a project without a server: the findings of each @rpc
// method of the running game's nodes (the autoloads, mainScene, "" for
// the project's, and the scenes its spawners spawn), each script's once
// however many nodes hold it, and of the scripts that turn object
// decoding on. A main scene the project reader cannot read is the
// error; a script or scene past it is a NotChecked finding.
func Static(p *project.Project, mainScene string) (*Report, error) {
	s, err := surfaceOf(p, mainScene)
	if err != nil {
		return nil, err
	}
	rep := newReport(p, mainScene)
	rep.Findings = staticFindings(p, s)
	rep.Methods = len(s.endpoints)
	rep.Spawners, rep.Synchronizers = s.spawners, s.synchronizers
	rep.finish()
	return rep, nil
}

// staticFindings returns the findings of a surface: each script's
// methods once (at the first node holding it), then the scripts that
// turn object decoding on.
func staticFindings(p *project.Project, s *surface) []Finding {
	out := append([]Finding(nil), s.notChecked...)
	seen := map[string]bool{}
	for _, e := range s.endpoints {
		key := e.script + "\x00" + e.rpc.Name
		if seen[key] || !e.anyPeer() {
			continue
		}
		seen[key] = true
		out = append(out, methodFindings(p, e)...)
	}
	for _, script := range s.scripts {
		if line := objectDecoding(p, script); line > 0 {
			out = append(out, Finding{Kind: ObjectDecoding, Level: ObjectDecoding.Level(), Script: script, Line: line,
				Message: "allow_object_decoding is turned on: a peer's arguments may be whole objects, built on the server"})
		}
	}
	return out
}

// methodFindings returns the findings of an any_peer method.
func methodFindings(p *project.Project, e endpoint) []Finding {
	script, line, _ := e.rpc.Where()
	at := func(k Kind, param, msg string) Finding {
		return Finding{Kind: k, Level: k.Level(), Node: e.node, Method: e.rpc.Name, Param: param, Script: script, Line: line, Message: msg}
	}
	var out []Finding
	csharp := strings.HasSuffix(script, ".cs")
	for par, check := range p.RPCParams(e.rpc) {
		switch {
		case csharp:
		case par.Vararg:
			out = append(out, at(UntypedParam, "..."+par.Name, "a rest parameter takes any number of arguments of any type"))
		case check.Unknown:
			out = append(out, at(NotChecked, par.Name, fmt.Sprintf("the parameter's type %s is one the reader does not resolve: its check is the engine's alone", project.Shown(typeText(par.Type)))))
		case check.Type == "":
			out = append(out, at(UntypedParam, par.Name, "no type: it takes any value a peer sends (an Object, a Dictionary, a String as long as a packet)"))
		}
	}
	if csharp {
		out = append(out, at(NotChecked, "", "a C# method: its bindings convert the arguments, which the reader does not check"))
	}
	if !e.rpc.AsksSender {
		out = append(out, at(NoSenderCheck, "", "any peer may call it, and its body never asks multiplayer.get_remote_sender_id()"))
	}
	if e.rpc.RPC.CallLocal {
		out = append(out, at(CallLocalRemote, "", "call_local and any_peer: code that runs where it is called runs on any peer's call too"))
	}
	return out
}

// typeText writes a parameter's declared type as the script does.
func typeText(t project.Type) string {
	if t.Inferred {
		return ":="
	}
	return t.String()
}

// objectDecodingLine matches a line turning object decoding on, in
// GDScript (allow_object_decoding = true) or C# (AllowObjectDecoding =
// true).
var objectDecodingLine = regexp.MustCompile(`(?m)^[^#\n]*(allow_object_decoding|AllowObjectDecoding)\s*=\s*true`)

// objectDecoding returns the line of a script that turns object decoding
// on, or 0.
func objectDecoding(p *project.Project, script string) int {
	name, err := p.File(script)
	if err != nil {
		return 0
	}
	f, err := os.Open(name)
	if err != nil {
		return 0
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return 0
	}
	src, err := io.ReadAll(io.LimitReader(f, maxScriptBytes))
	if err != nil {
		return 0
	}
	loc := objectDecodingLine.FindIndex(src)
	if loc == nil {
		return 0
	}
	return 1 + strings.Count(string(src[:loc[0]]), "\n")
}
