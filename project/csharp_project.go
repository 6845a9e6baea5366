package project

import "github.com/gdvar/gdvar/project/internal/csharp"

// csIndex is the C# declarations of a project: its .cs files, read by
// the walk, and the scripts made of them.
type csIndex struct {
	scope   *csharp.Scope
	files   map[string]*csharp.File // by res:// path
	errs    map[string]error        // why a file did not read, by res:// path
	scripts map[*csharp.Type]*Script
}

func newCSIndex(limits Limits, engine engineClasses) *csIndex {
	return &csIndex{scope: csharp.NewScope(limits.MaxDepth, engine.csharp()), files: map[string]*csharp.File{}, errs: map[string]error{}, scripts: map[*csharp.Type]*Script{}}
}

// add adds a file's declarations.
func (ix *csIndex) add(res string, f *csharp.File) {
	ix.files[res] = f
	ix.scope.Add(f)
}

// script returns the Script of a class, made once, at the path given,
// or else at the path of its file ([csharp.Type.ScriptPath]).
func (ix *csIndex) script(g *csharp.Type, at string) *Script {
	if s, ok := ix.scripts[g]; ok {
		return s
	}
	if at == "" {
		at = g.ScriptPath()
	}
	s := makeScript(ix.scope, g.Class(at), at)
	ix.scripts[g] = s
	return s
}

// indexCSharp reads a .cs file of the walk: its declarations, kept for
// the project's C# scripts, and its class, where [GlobalClass] marks it,
// as a global class. A file that does not parse keeps its error, for
// when it is asked for; one that does not read adds nothing.
func (p *Project) indexCSharp(idx *index, name, res string) {
	src, err := readLimited(name, p.limits.MaxFileBytes)
	if err != nil {
		return
	}
	if idx.csharp == nil {
		idx.csharp = newCSIndex(p.limits, p.engine())
	}
	f, err := parseCSharp(src, res, p.limits)
	if err != nil {
		idx.csharp.errs[res] = err
		return
	}
	idx.csharp.add(res, f)
	if class, base := f.GlobalClass(); class != "" && !idx.cyclic(class, base, p.limits) {
		idx.classes[class], idx.bases[class] = res, base
	}
}

// csharp returns the project's C# declarations, which its walk reads.
func (p *Project) csharp() (*csIndex, error) {
	idx, err := p.walk()
	if err != nil {
		return nil, err
	}
	if idx.csharp == nil {
		idx.csharp = newCSIndex(p.limits, p.engine())
	}
	return idx.csharp, nil
}

// csharpScript reads the C# script at a res:// path, whose source is
// given: the class named after the file, with every part the project
// declares.
func (p *Project) csharpScript(res string, src []byte) (*Script, error) {
	ix, err := p.csharp()
	if err != nil {
		return nil, err
	}
	if err := ix.errs[res]; err != nil {
		return nil, err
	}
	f := ix.files[res]
	if f == nil { // a file the walk does not list: in a hidden folder
		if f, err = parseCSharp(src, res, p.limits); err != nil {
			return nil, err
		}
		ix.add(res, f)
	}
	g, fault := f.ScriptClass()
	if fault != nil {
		return nil, scriptError(f.PartOf(fault))
	}
	return ix.script(g, res), nil
}

// csharpBase returns the base of a C# class: a class of the project, or
// the engine class it derives from ([csharp.Scope.Base]).
func (p *Project) csharpBase(ref ClassRef) (ClassRef, string, error) {
	ix, err := p.csharp()
	if err != nil {
		return ClassRef{}, "", err
	}
	g, native, fault := ix.scope.Base(ref.Script.CSharp.class)
	switch {
	case fault != nil:
		return ClassRef{}, "", scriptError(fault)
	case native != "":
		return ClassRef{}, native, nil
	}
	s := ix.script(g, "")
	if err := p.checkScript(s, true); err != nil { // the base's own error, not GDScript's words for it
		return ClassRef{}, "", err
	}
	return ClassRef{s, &s.Class}, "", nil
}

// gdscriptBase reads the script at a res:// path as a GDScript's base:
// not a C# script, which the engine parses as GDScript, and refuses.
func (p *Project) gdscriptBase(res string) (*Script, error) {
	s, err := p.Script(res)
	if err == nil && s.CSharp != nil {
		return nil, &ScriptError{Path: res, Line: 1, Message: "a C# script, which a GDScript cannot extend"}
	}
	return s, err
}

// mergeCSharpRPCs returns the [Rpc] methods of a chain of C# classes,
// most derived first, as the engine lists them
// (ScriptManagerBridge.UpdateScriptClassInfo): each class's from the
// most derived, a name once, its first [Rpc] kept.
func mergeCSharpRPCs(classes []ClassRef) []NamedRPC {
	n := rpcCount(classes)
	out, seen := make([]NamedRPC, 0, n), make(map[string]bool, n)
	for _, k := range classes {
		for i := range k.Class.Methods {
			m := &k.Class.Methods[i]
			if m.RPC == nil || seen[m.Name] {
				continue
			}
			seen[m.Name] = true
			out = append(out, named(m, *m.RPC, k))
		}
	}
	return out
}
