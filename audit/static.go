package audit

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// maxScriptBytes bounds a script read for the object-decoding scan, as
// the project reader bounds a file (project.Limits.MaxFileBytes).
const maxScriptBytes = 16 << 20

// Static audits a project without a server: the findings of each @rpc
// method of the nodes of every scene it reads (the autoloads, mainScene,
// "" for the project's, the scenes spawners spawn, those the code names,
// those nothing reaches: Report.Scenes lists them), each script's once
// however many nodes hold it, and of the scripts that turn object
// decoding on. A main scene the project reader cannot read is the
// error; a script or scene past it is a NotChecked finding, a scene
// nothing reaches a NotReached one.
func Static(p *project.Project, mainScene string) (*Report, error) {
	s, err := surfaceOf(p, mainScene)
	if err != nil {
		return nil, err
	}
	rep := newReport(p, mainScene)
	rep.Findings = staticFindings(p, s)
	rep.Methods = s.methods
	rep.Spawners, rep.Synchronizers = s.spawners, s.synchronizers
	rep.Scenes = s.scenes
	rep.finish()
	return rep, nil
}

// staticFindings returns the findings of a surface: each script's
// methods once (at the first node holding it), then the scripts that
// turn object decoding on.
func staticFindings(p *project.Project, s *surface) []Finding {
	// Sized once: append's growth of a long list allocates five times
	// its size. A method has at most four findings.
	anyPeer := 0
	for _, rpcs := range s.rpcs {
		for _, r := range rpcs {
			if r.RPC.Mode == mode.AnyPeer {
				anyPeer++
			}
		}
	}
	out := make([]Finding, 0, len(s.notChecked)+4*anyPeer+len(s.scripts))
	out = append(out, s.notChecked...)
	done := map[string]bool{} // the scripts whose methods are found
	for _, n := range s.placed {
		if done[n.script] {
			continue
		}
		done[n.script] = true
		for _, r := range s.rpcs[n.script] {
			if e := (endpoint{node: n.node, script: n.script, rpc: r}); e.anyPeer() {
				out = methodFindings(out, p, e, s.synced)
			}
		}
	}
	for _, script := range s.scripts {
		if line := objectDecoding(p, script); line > 0 {
			out = append(out, Finding{Kind: ObjectDecoding, Level: ObjectDecoding.Level(), Script: script, Line: line,
				Message: "allow_object_decoding is turned on: a peer's arguments may be whole objects, built on the server"})
		}
	}
	return out
}

// maxNamed is how many parameters a finding of several names.
const maxNamed = 8

// paramList is the names of a method's parameters a finding is of: the
// first maxNamed, and how many in all.
type paramList struct {
	names []string
	n     int
}

func (l *paramList) add(name string) {
	if len(l.names) < maxNamed {
		l.names = append(l.names, name)
	}
	l.n++
}

// String is the names, and how many more.
func (l *paramList) String() string {
	s := strings.Join(l.names, ", ")
	if more := l.n - len(l.names); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// methodFindings appends the findings of an any_peer method to out: one
// of its untyped parameters, one of those whose types the reader does not
// resolve, whatever their number; its missing sender check, high where
// its body changes what other peers see (synced: see sharedChange).
func methodFindings(out []Finding, p *project.Project, e endpoint, synced map[string]bool) []Finding {
	script, line, _ := e.rpc.Where()
	at := func(k Kind, param, msg string) Finding {
		return Finding{Kind: k, Level: k.Level(), Node: e.node, Method: e.rpc.Name, Param: param, Script: script, Line: line, Message: msg}
	}
	if strings.HasSuffix(script, ".cs") {
		out = append(out, at(NotChecked, "", "a C# method: its bindings convert the arguments, which the reader does not check"))
	} else {
		var untyped, unknown paramList
		for par, check := range p.RPCParams(e.rpc) {
			switch {
			case par.Vararg:
				untyped.add("..." + par.Name)
			case check.Unknown:
				unknown.add(par.Name)
			case check.Type == "":
				untyped.add(par.Name)
			}
		}
		if untyped.n > 0 {
			out = append(out, at(UntypedParam, untyped.String(), "no type (or Variant, or a rest parameter): it takes any value a peer sends (an Object, a Dictionary, a String as long as a packet)"))
		}
		if unknown.n > 0 {
			out = append(out, at(NotChecked, unknown.String(), "typed by a class the reader does not resolve (an autoload's, an extension's, a := it does not fold): their check is the engine's alone"))
		}
	}
	if !e.rpc.AsksSender {
		if what := sharedChange(e, synced); what != "" {
			out = append(out, at(NoSenderCheckShared, "", "any peer may call it, its body never asks multiplayer.get_remote_sender_id(), and it changes what other peers see: "+what))
		} else {
			out = append(out, at(NoSenderCheck, "", "any peer may call it, and its body never asks multiplayer.get_remote_sender_id()"))
		}
	}
	if e.rpc.RPC.CallLocal {
		out = append(out, at(CallLocalRemote, "", "call_local and any_peer: code that runs where it is called runs on any peer's call too"))
	}
	return out
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
