package project

import "strings"

// Script is what a GDScript file declares: its class (named by
// class_name), what it extends, and its members. It is read from the
// source alone; nothing is run.
type Script struct {
	// Path is the script's res:// path when a Project read it, else the
	// path it was read as.
	Path string
	// Tool says the script is annotated @tool ([Tool] in C#).
	Tool bool
	// CSharp is the C# class of a script read from a .cs file, or nil.
	CSharp *CSharpClass
	Class

	src      string // the source, for the expressions read again (span)
	maxDepth int    // the nesting it was read within, to read them so again
	// fold is the budget its folds draw from: its Project's, or its own.
	fold *budget
}

// Class is a class a script declares: the script itself, or an inner
// class.
type Class struct {
	// Name is the class_name of a script (or "" without one), or the name
	// of an inner class.
	Name    string
	Extends Extends
	// Abstract says the class is annotated @abstract (Godot 4.5+): a
	// scene's node cannot hold it, and it may leave methods abstract.
	Abstract bool
	// Methods are the functions the class declares, in declaration order.
	Methods []Method
	// Properties are the member variables, in declaration order.
	Properties []Property
	// Classes are the inner classes, in declaration order.
	Classes []*Class
	Line    int // where the class is declared (1 for a script)

	outer   *Class
	consts  []span            // the constants' initializers (member.index)
	enums   []span            // the named enums' bodies, at their { (member.index)
	folded  map[string]any    // the values of constants folded, by name
	members map[string]member // every named member, to find a name given twice
	// fault is the first error of the class's own members that the
	// engine's analyzer reports (an @rpc's arguments), or nil.
	fault *ScriptError
	bases classInfo // what resolving its bases found, in its Project
	// stored is what [Project.StoredProperties] made of it, in its Project,
	// or nil.
	stored *classStored
	// csharp says a C# class (see csharp_script.go): its Methods are its
	// [Rpc] methods and its Properties its [Export] members.
	csharp bool
	// asked is what each of Methods asks through the functions it calls
	// (calls.go), made once, when an RPC's is asked for; nil before.
	asked []asks

	// What resolving its types found, in its Project: whether its
	// Properties' types were checked and their first error (typeFault),
	// its constants as types (constType), the last walk of a scope that
	// met it (inScope).
	typesChecked bool
	typeErr      *ScriptError
	constTypes   map[string]*constResult
	scopeMark    uint32
}

// member is a named member of a class: its kind, and for an inner class
// its place in Classes, for a constant its place in consts, for a named
// enum in enums, for a function in Methods.
type member struct {
	kind  memberKind
	index int32
}

// memberKind is what kind of member a name is.
type memberKind uint8

const (
	kindVariable memberKind = iota
	kindConstant
	kindSignal
	kindFunction
	kindClass
	kindEnum
)

// String names the kind as the engine's messages do.
func (k memberKind) String() string {
	return [...]string{"variable", "constant", "signal", "function", "class", "enum"}[k]
}

// Extends is what a class extends, as written: a path, a class name, or a
// path followed by inner classes (extends "a.gd".Inner). Neither means
// RefCounted.
type Extends struct {
	Path  string   // the script path, res:// or relative to the script's folder
	Names []string // the class name and inner classes, in order
	Line  int
}

// String returns the extends clause as written, or "" if there is none.
func (e Extends) String() string {
	s := strings.Join(e.Names, ".")
	if e.Path != "" {
		s = strings.TrimSuffix(`"`+e.Path+`".`+s, ".")
	}
	return s
}

// Method is a function a class declares.
type Method struct {
	Name   string
	Static bool
	// Abstract says the method is annotated @abstract (Godot 4.5+): it
	// has no body, and a class that is not abstract must override it.
	Abstract bool
	// AsksSender says the function's body names get_remote_sender_id,
	// AsksServer is_server (GetRemoteSenderId and IsServer in C#): a
	// handler that asks who called it, or whether it runs on the server.
	// Each is a scan of the body's names, lambdas included, whatever
	// they are called on (multiplayer., get_multiplayer()., a variable),
	// not of the functions the body calls ([NamedRPC]'s follow them).
	AsksSender, AsksServer bool
	// RPC is its @rpc annotation, or nil if it has none.
	RPC  *RPC
	Line int
	// BodyLine is the line of the first statement of its body (the
	// engine stops at a breakpoint there, not on the func line), or 0:
	// an abstract or C# method.
	BodyLine int

	// params is where the parameter list starts, after its "(": the
	// parameters are read again when asked for ([Script.Params]), as a
	// script may declare thousands. cs is a C# method's, read so too.
	params span
	cs     *csSig
}

// Property is a member variable.
type Property struct {
	Name string
	Type Type
	// Export says an @export annotation (@export, @export_range, …):
	// stored and shown in the inspector.
	Export bool
	// Storage says @export_storage: stored, not shown.
	Storage bool
	Static  bool
	OnReady bool
	// init is one past where the initializer starts in the source, 0
	// without one: in the padding before Line, as a script may hold
	// many variables.
	init int32
	Line int
}

// Stored says the property is saved with the object (PROPERTY_USAGE_STORAGE):
// an @export or @export_storage variable.
func (p Property) Stored() bool { return (p.Export || p.Storage) && !p.Static }

// Type is a declared type, as written: a built-in type (int, String,
// Array), an engine or script class, an inner class (Outer.Inner), an enum,
// or a typed container: Array[T] has one Elem, Dictionary[K, V] two.
type Type struct {
	Name string // "" when the declaration gives no type
	// Inferred says the type is inferred (:=): the reader does not infer
	// it, so Name is "".
	Inferred bool
	Elem     []Type
}

// String returns the type as GDScript writes it.
func (t Type) String() string {
	if len(t.Elem) == 0 {
		return t.Name
	}
	elems := make([]string, len(t.Elem))
	for i, e := range t.Elem {
		elems[i] = e.String()
	}
	return t.Name + "[" + strings.Join(elems, ", ") + "]"
}
