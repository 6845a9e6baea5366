package project

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/gdvar/gdvar"
)

// ClassRef is a class of a script: the script's own class, or one of its
// inner classes.
type ClassRef struct {
	Script *Script
	Class  *Class
}

// Resolved is a class with its bases, as the engine's analyzer resolves
// them (GDScriptAnalyzer::resolve_class_inheritance).
type Resolved struct {
	// Chain is the class, then the scripts' classes it extends, most
	// derived first.
	Chain []ClassRef
	// Native is the engine class the chain ends at (RefCounted when the
	// last script extends nothing).
	Native string
}

// Resolve reads the script at a res:// path and resolves its class, or
// the inner class that names (Outer.Inner as in extends), and every base:
// extends "path", extends ClassName (a class_name the project declares,
// see [Project.Classes]), inner classes, engine classes. It reports what
// makes the engine refuse the script there: a base not found or refused, a
// cycle, a class_name that hides an engine class or that another script
// holds.
func (p *Project) Resolve(resPath string, inner ...string) (*Resolved, error) {
	s, err := p.Script(resPath)
	if err != nil {
		return nil, err
	}
	c := &s.Class
	for _, name := range inner {
		if c = c.inner(name); c == nil {
			return nil, fmt.Errorf("%s has no inner class %s", Shown(resPath), Shown(strings.Join(inner, ".")))
		}
	}
	if err := p.checkScript(s, false); err != nil {
		return nil, err
	}
	return p.chain(ClassRef{s, c})
}

// classInfo is what resolving a class's bases found: its base (none when
// it extends an engine class), the engine class its chain ends at, or the
// error that refuses it.
type classInfo struct {
	state  uint8 // unresolved, walking (in the walk under way), resolved
	base   ClassRef
	native string
	err    error
	// takesAny says the class or a base takes any name a load sets
	// ([Project.Takes]): a C# class, or one that defines _set.
	takesAny bool
}

// The states of a classInfo.
const (
	unresolved uint8 = iota
	walking
	resolved
)

// chain resolves a class's bases.
func (p *Project) chain(ref ClassRef) (*Resolved, error) {
	if err := p.resolveBases(ref); err != nil {
		return nil, err
	}
	r := &Resolved{}
	for ; ref.Class != nil; ref = ref.Class.bases.base {
		r.Chain = append(r.Chain, ref)
		r.Native = ref.Class.bases.native
	}
	return r, nil
}

// resolveBases finds the bases of ref's class and of each of its bases,
// once for each class (its Class.bases): it walks the chain to a class
// already resolved, an engine class or an error, then records each class
// of the walk, last first. A class met twice in a walk is a cycle.
func (p *Project) resolveBases(ref ClassRef) error {
	var walk []ClassRef
	var end classInfo // what the class after the walk's last one has
	for {
		if info := ref.Class.bases; info.state == resolved {
			end = info
			break
		} else if info.state == walking {
			end.err = &ScriptError{Path: ref.Script.Path, Line: ref.Class.Extends.Line, Message: "Cyclic inheritance."}
			break
		}
		ref.Class.bases.state = walking
		walk = append(walk, ref)
		base, native, err := p.base(ref)
		if err == nil && base.Class != nil && base.Script != ref.Script {
			if cerr := p.checkScript(base.Script, true); cerr != nil {
				err = &ScriptError{Path: ref.Script.Path, Line: ref.Class.Extends.Line,
					Message: fmt.Sprintf(`Could not resolve super class inheritance from "%s".`, base.Script.Path), Err: causeOf(cerr)}
			}
		}
		if err != nil || base.Class == nil {
			ref.Class.bases = classInfo{state: resolved, native: native, err: err, takesAny: takesAny(ref.Class)}
			end = ref.Class.bases
			walk = walk[:len(walk)-1]
			break
		}
		ref = base
	}
	for i := len(walk) - 1; i >= 0; i-- {
		info := classInfo{state: resolved, native: end.native, err: end.err, takesAny: end.takesAny || takesAny(walk[i].Class)}
		if end.err == nil {
			info.base = ref
		}
		walk[i].Class.bases = info
		end, ref = info, walk[i]
	}
	return end.err
}

// takesAny says a class itself takes any name a load sets: a C# class,
// whose members the reader does not all know, or one that defines _set.
func takesAny(c *Class) bool {
	set, ok := c.members["_set"]
	return c.csharp || ok && set.kind == kindFunction
}

// inner returns the inner class of c called name, or nil.
func (c *Class) inner(name string) *Class {
	if m, ok := c.members[name]; ok && m.kind == kindClass {
		return c.Classes[m.index]
	}
	return nil
}

// checkedScript reads the script at a res:// path and checks it as
// [Project.Resolve] does, resolving its bases, without making its chain:
// what each class of the chain has is reached through its Class.bases.
func (p *Project) checkedScript(resPath string) (*Script, error) {
	s, err := p.Script(resPath)
	if err != nil {
		return nil, err
	}
	if err := p.checkScript(s, false); err != nil {
		return nil, err
	}
	return s, nil
}

// checkKey is a script checked as itself, or as a base.
type checkKey struct {
	script *Script
	asBase bool
}

// checkScript reports what makes the engine refuse a script beyond its
// source: its class_name, the bases of its class and of each inner class,
// and the errors of its members. A script that another extends is only
// resolved so far (GDScriptParserRef::INHERITANCE_SOLVED, then its own
// class's interface): the member errors of its inner classes do not
// refuse the other. The result is kept; a script met again while it is
// being checked passes, and the chain that met it finds the cycle. A
// script checks its base before itself: past [Limits.MaxDepth] scripts
// checked within one another, the chain of bases is refused ([ErrTooDeep])
// before its next script is read.
func (p *Project) checkScript(s *Script, asBase bool) error {
	key := checkKey{s, asBase}
	if err, ok := p.checked[key]; ok {
		return err
	}
	if p.checking == p.limits.MaxDepth {
		return &ScriptError{Path: s.Path, Line: s.Extends.Line, Err: ErrTooDeep,
			Message: fmt.Sprintf("its chain of bases goes through more than %d scripts", p.limits.MaxDepth)}
	}
	p.checking++
	defer func() { p.checking-- }()
	p.checked[key] = nil
	var err error
	if s.Name != "" {
		err = p.checkClassName(s, asBase)
	}
	var faults []error
	var check func(c *Class)
	check = func(c *Class) {
		if err == nil {
			err = p.resolveBases(ClassRef{s, c})
			if err == nil && (!asBase || c == &s.Class) {
				if f := memberFault(c.fault, checkOnReady(s, c, c.bases.native, p.engine()), p.typeFault(ClassRef{s, c})); f != nil {
					faults = append(faults, f)
				} else if f := abstractFault(ClassRef{s, c}); f != nil {
					faults = append(faults, f)
				}
			}
		}
		for _, k := range c.Classes {
			check(k)
		}
	}
	check(&s.Class)
	if err == nil && len(faults) > 0 {
		err = faults[0]
	}
	p.checked[key] = err
	return err
}

// memberFault is the first of the errors of a class's members, by line,
// as the analyzer meets them in declaration order; nil if there is none.
func memberFault(faults ...*ScriptError) *ScriptError {
	var first *ScriptError
	for _, f := range faults {
		if f != nil && (first == nil || f.Line < first.Line) {
			first = f
		}
	}
	return first
}

// checkOnReady refuses @onready in a class that is not a Node.
func checkOnReady(s *Script, c *Class, native string, e engineClasses) *ScriptError {
	if e.nodes[native] {
		return nil
	}
	for _, v := range c.Properties {
		if v.OnReady {
			return &ScriptError{Path: s.Path, Line: v.Line, Message: `"@onready" can only be used in classes that inherit "Node".`}
		}
	}
	return nil
}

// checkClassName reports a class_name the engine refuses.
//
// A class_name that another script holds refuses the script, but not the
// scripts that extend it by path: Godot 4.6.3 loads those (the analyzer
// pushes the error without failing the inheritance stage), where a
// class_name that hides an engine class refuses them too.
func (p *Project) checkClassName(s *Script, asBase bool) error {
	fail := func(what string) error {
		return &ScriptError{Path: s.Path, Line: 1, Message: fmt.Sprintf(`Class "%s" hides %s.`, s.Name, what)}
	}
	e := p.engine()
	switch {
	case e.types[s.Name]:
		return fail("a built-in type")
	case e.classes[s.Name]:
		return fail("a native class")
	}
	classes, err := p.Classes()
	if err != nil {
		return err
	}
	if other, ok := classes[s.Name]; ok && other != s.Path && !asBase {
		return fail("a global script class")
	}
	return nil
}

// base returns the class ref extends, or the engine class it ends at.
func (p *Project) base(ref ClassRef) (ClassRef, string, error) {
	ext := ref.Class.Extends
	fail := func(msg string) (ClassRef, string, error) {
		return ClassRef{}, "", &ScriptError{Path: ref.Script.Path, Line: ext.Line, Message: msg}
	}
	failBase := func(msg string, cause error) (ClassRef, string, error) {
		return ClassRef{}, "", &ScriptError{Path: ref.Script.Path, Line: ext.Line, Message: msg, Err: causeOf(cause)}
	}
	if ref.Script.CSharp != nil {
		return p.csharpBase(ref)
	}
	if ext.Path == "" && len(ext.Names) == 0 {
		return ClassRef{}, "RefCounted", nil
	}
	var base ClassRef
	names := ext.Names
	switch {
	case ext.Path != "":
		target, err := canonical(ref.Script.Path, ext.Path)
		if err != nil {
			return fail(err.Error())
		}
		s, err := p.gdscriptBase(target)
		if err != nil {
			if se, ok := err.(*ScriptError); ok && se.Path == target && se.Line > 0 {
				return failBase(fmt.Sprintf(`Could not resolve super class inheritance from "%s".`, target), err)
			}
			return failBase(fmt.Sprintf(`Could not resolve super class path "%s".`, ext.Path), err)
		}
		base = ClassRef{s, &s.Class}
	default:
		classes, err := p.Classes()
		if err != nil {
			return ClassRef{}, "", err
		}
		e := p.engine()
		name := names[0]
		switch path, ok := classes[name]; {
		case ok:
			s, err := p.gdscriptBase(path)
			if err != nil {
				return failBase(fmt.Sprintf(`Could not resolve super class inheritance from "%s".`, path), err)
			}
			base = ClassRef{s, &s.Class}
		case e.classes[name] && len(names) == 1:
			if e.singletons[name] {
				return fail(fmt.Sprintf(`Cannot inherit native class "%s" because it is an engine singleton.`, name))
			}
			return ClassRef{}, name, nil
		default:
			var err *ScriptError
			if base, err = p.scopeBase(ref, name); err != nil {
				return ClassRef{}, "", err
			}
		}
		names = names[1:]
	}
	for _, name := range names {
		m, ok := base.Class.members[name]
		var t resolvedType
		if ok && (m.kind == kindClass || m.kind == kindConstant) {
			var err *ScriptError
			if t, err = p.memberAs(base, name, m, ext.Line); err != nil {
				return ClassRef{}, "", err
			}
		}
		if t.kind != typeClass {
			return fail(fmt.Sprintf(`Could not find nested type "%s".`, name))
		}
		base = t.class
	}
	return base, "", nil
}

// scopeBase finds the base a name gives in extends that is no global or
// engine class (resolve_class_inheritance): in the class itself or its
// outer classes, an inner class or a constant holding a script.
func (p *Project) scopeBase(ref ClassRef, name string) (ClassRef, *ScriptError) {
	fail := func(msg string) (ClassRef, *ScriptError) {
		return ClassRef{}, &ScriptError{Path: ref.Script.Path, Line: ref.Class.Extends.Line, Message: msg}
	}
	for k := ref.Class; k != nil; k = k.outer {
		if k != &ref.Script.Class && k.Name == name {
			return ClassRef{ref.Script, k}, nil
		}
		m, ok := k.members[name]
		if !ok {
			continue
		}
		if m.kind == kindClass {
			return ClassRef{ref.Script, k.Classes[m.index]}, nil
		}
		if m.kind != kindConstant {
			return fail(fmt.Sprintf(`Cannot use %s "%s" in extends chain.`, m.kind, name))
		}
		t, err := p.constType(ClassRef{ref.Script, k}, name, m, ref.Class.Extends.Line)
		switch {
		case err != nil:
			return ClassRef{}, err
		case t.kind == typeUnknown:
			return ClassRef{}, &ScriptError{Path: ref.Script.Path, Line: ref.Class.Extends.Line, Unsupported: true,
				Message: fmt.Sprintf(`extends the constant "%s", whose value the reader does not read`, name)}
		case t.kind != typeClass:
			return fail(fmt.Sprintf(`Constant "%s" is not a preloaded script or class.`, name))
		}
		return t.class, nil
	}
	return fail(fmt.Sprintf(`Could not find base class "%s".`, name))
}

// NamedRPC is a method and its @rpc, and the function its calls run:
// the last declaration of the name down the chain of bases, which may
// override the one with @rpc without an @rpc of its own.
type NamedRPC struct {
	Name string
	RPC  RPC
	// AsksSender and AsksServer say the function asks who called it, or
	// whether it runs on the server (see Method), in its body or in a
	// function of its class or bases it calls, however deep (f(…),
	// self.f(…), super.f(…)): a check made in a helper.
	AsksSender, AsksServer bool

	fn  ClassRef // the class of the function that runs
	run *Method  // the function that runs
}

// Params returns the parameters of the function the method's calls run,
// in order, read again from its script as they are asked for.
func (r NamedRPC) Params() iter.Seq[Param] {
	if r.run == nil {
		return func(func(Param) bool) {}
	}
	return paramsOf(r.fn.Script, r.run)
}

// named is the [NamedRPC] of a method with its @rpc, run as declared in
// class k.
func named(m *Method, rpc RPC, k ClassRef) NamedRPC {
	sender, server := k.asked(m)
	return NamedRPC{Name: m.Name, RPC: rpc, AsksSender: sender, AsksServer: server, fn: k, run: m}
}

// RPCs returns the class's @rpc methods as the engine's GDScript holds
// them (GDScriptCompiler::_prepare_compilation): its bases' first, then
// its own in declaration order; a method that overrides one with @rpc of
// its own takes its base's place, and one without keeps the base's @rpc.
// Inner classes are not included; they have their own.
func (r *Resolved) RPCs() []NamedRPC {
	return mergeRPCs(r.Chain, r.Chain[0])
}

// RPCs returns what Resolve(resPath).RPCs() returns, without making the
// chain of bases: scripts that share a long chain of bases cost no more
// than the methods each has.
func (p *Project) RPCs(resPath string) ([]NamedRPC, error) {
	s, err := p.checkedScript(resPath)
	if err != nil {
		return nil, err
	}
	first := ClassRef{s, &s.Class}
	var classes []ClassRef // those of the chain with @rpc methods
	for k := first; k.Class != nil; k = k.Class.bases.base {
		if slices.ContainsFunc(k.Class.Methods, func(m Method) bool { return m.RPC != nil }) {
			classes = append(classes, k)
		}
	}
	return mergeRPCs(classes, first), nil
}

// mergeRPCs returns the @rpc methods of the classes of a chain that have
// some, most derived first, in the engine's order (see [Resolved.RPCs]),
// each with the function its calls run: the first declaration of its
// name from the chain's most derived class, first, down.
func mergeRPCs(classes []ClassRef, first ClassRef) []NamedRPC {
	if len(classes) > 0 && classes[0].Class.csharp {
		return mergeCSharpRPCs(classes)
	}
	n := rpcCount(classes)
	out, at := make([]NamedRPC, 0, n), make(map[string]int, n)
	for i := len(classes) - 1; i >= 0; i-- {
		k := classes[i]
		for j := range k.Class.Methods {
			m := &k.Class.Methods[j]
			if m.RPC == nil {
				continue
			}
			if n, ok := at[m.Name]; ok {
				out[n].RPC = *m.RPC
				continue
			}
			at[m.Name] = len(out)
			out = append(out, named(m, *m.RPC, k))
		}
	}
	run := make([]bool, len(out)) // the function found
	left := len(out)
	for k := first; k.Class != nil && left > 0; k = k.Class.bases.base {
		for j := range k.Class.Methods {
			m := &k.Class.Methods[j]
			if n, ok := at[m.Name]; ok && !run[n] {
				run[n], left = true, left-1
				out[n] = named(m, out[n].RPC, k)
			}
		}
	}
	return out
}

// rpcCount is how many methods with @rpc the classes declare, their
// overrides counted: room for their NamedRPCs made at once, where
// append's growth of a long slice allocates five times its size.
func rpcCount(classes []ClassRef) int {
	n := 0
	for _, k := range classes {
		for i := range k.Class.Methods {
			if k.Class.Methods[i].RPC != nil {
				n++
			}
		}
	}
	return n
}

// native returns the engine class the chain of bases of the script at a
// res:// path ends at, as Resolve(resPath).Native, without making the
// chain.
func (p *Project) native(resPath string) (string, error) {
	s, err := p.checkedScript(resPath)
	if err != nil {
		return "", err
	}
	return s.Class.bases.native, nil
}

// Properties returns the class's member variables in the order the
// engine lists them (GDScriptInstance::get_property_list): its own, then
// each base's, most derived first.
func (r *Resolved) Properties() []Property {
	var out []Property
	for _, ref := range r.Chain {
		out = append(out, ref.Class.Properties...)
	}
	return out
}

// RPCConfig returns what the engine's get_rpc_config() returns for these
// methods: a Dictionary of each method's name, as a StringName (a String
// for a C# script's), to its @rpc's Dictionary (see [RPC.Config]).
func RPCConfig(rpcs []NamedRPC) *gdvar.Dictionary {
	d := gdvar.NewDictionary()
	for _, m := range rpcs {
		if m.RPC.given&csharpRPC != 0 { // a C# [Rpc]: a String
			d.Set(m.Name, m.RPC.Config())
			continue
		}
		d.Set(gdvar.StringName(m.Name), m.RPC.Config())
	}
	return d
}
