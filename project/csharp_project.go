package project

import "fmt"

// csIndex is the C# declarations of a project: its .cs files, read by
// the walk, and the scripts made of them.
type csIndex struct {
	scope   *csScope
	files   map[string]*csFile // by res:// path
	errs    map[string]error   // why a file did not read, by res:// path
	scripts map[*csType]*Script
}

func newCSIndex(limits Limits, engine engineClasses) *csIndex {
	return &csIndex{scope: newCSScope(limits.MaxDepth, engine), files: map[string]*csFile{}, errs: map[string]error{}, scripts: map[*csType]*Script{}}
}

// add adds a file's declarations.
func (ix *csIndex) add(f *csFile) {
	ix.files[f.path] = f
	ix.scope.add(f)
}

// script returns the Script of a class, made once, at the path given,
// or else at the path of its file (scriptPath).
func (ix *csIndex) script(g *csType, at string) *Script {
	if s, ok := ix.scripts[g]; ok {
		return s
	}
	parts := g.sortedParts()
	if at == "" {
		at = scriptPath(parts)
	}
	s := ix.scope.makeScript(parts, at)
	ix.scripts[g] = s
	return s
}

// indexCSharp reads a .cs file of the walk: its declarations, kept for
// the project's C# scripts, and its class, where [GlobalClass] marks it,
// as a global class. A file that does not read keeps its error, for
// when it is asked for.
func (p *Project) indexCSharp(idx *index, name, res string) error {
	src, err := readLimited(name, p.limits.MaxFileBytes)
	if err != nil {
		return err
	}
	if idx.csharp == nil {
		idx.csharp = newCSIndex(p.limits, p.engine())
	}
	f, err := parseCSharpFile(src, res, p.limits)
	if err != nil {
		idx.csharp.errs[res] = err
		return nil
	}
	idx.csharp.add(f)
	g, serr := scriptClass(f)
	if serr != nil {
		return nil
	}
	for t := range f.types.all() {
		if t.group != g || !t.global {
			continue
		}
		base := ""
		if len(t.bases) > 0 {
			base = t.bases[0].parts[len(t.bases[0].parts)-1].name
		}
		if !idx.cyclic(t.name, base, p.limits) {
			idx.classes[t.name], idx.bases[t.name] = res, base
		}
		break
	}
	return nil
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
		if f, err = parseCSharpFile(src, res, p.limits); err != nil {
			return nil, err
		}
		ix.add(f)
	}
	g, serr := scriptClass(f)
	if serr != nil {
		return nil, ix.partOf(f, serr)
	}
	return ix.script(g, res), nil
}

// partOf adds to the error of a file without a script class the script
// whose class the file's first class is a part of, if another file is.
func (ix *csIndex) partOf(f *csFile, err *ScriptError) *ScriptError {
	for t := range f.types.all() {
		if t.outer != nil || t.kind != csClassKind {
			continue
		}
		if at := scriptPath(t.group.sortedParts()); at != f.path {
			e := *err
			e.Message += fmt.Sprintf(" Its class %s is a part of the script %s.", Shown(t.display()), Shown(at))
			return &e
		}
		break
	}
	return err
}

// csharpBase returns the base of a C# class: a class of the project, or
// the engine class it derives from. A class that derives from neither
// is not a Godot class, and the engine makes no script of it.
func (p *Project) csharpBase(ref ClassRef) (ClassRef, string, error) {
	ix, err := p.csharp()
	if err != nil {
		return ClassRef{}, "", err
	}
	cc := ref.Script.CSharp
	b := ix.scope.base(cc.parts)
	at := cc.parts[0]
	line := int(at.line)
	for _, t := range cc.parts {
		if len(t.bases) > 0 {
			at, line = t, int(t.baseLine)
			break
		}
	}
	fail := func(unsupported bool, format string, args ...any) (ClassRef, string, error) {
		return ClassRef{}, "", &ScriptError{Path: at.file.path, Line: line, Unsupported: unsupported, Message: fmt.Sprintf(format, args...)}
	}
	name := at.display()
	switch {
	case b.none && cc.Global:
		return fail(false, "GD0401: The class '%s' must derive from GodotObject or a derived class", name)
	case b.none:
		return fail(false, "Cannot instantiate C# script because the associated class could not be found: class %s does not derive from GodotObject.", Shown(name))
	case b.group == nil && b.native == "":
		return fail(true, "the base class %s is neither a class of the project nor an engine class (a package's class?)", Shown(b.ref.String()))
	case !cc.Partial:
		return fail(false, "GD0001: Missing partial modifier on declaration of type '%s' that derives from 'Godot.GodotObject'", name)
	case ix.scope.engine.singletons[b.native]:
		return fail(false, "CS0709: '%s': cannot derive from static class '%s'", name, pascalToPascal(b.native))
	case b.native != "":
		return ClassRef{}, b.native, nil
	}
	s := ix.script(b.group, "")
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
