package csharp

import (
	"iter"
	"strings"
)

// File is what the C# declaration reader finds in a file: its using
// directives and every type it declares. Using directives are taken as
// the whole file's, wherever they are (a namespace block's apply to that
// block alone in C#).
type File struct {
	path    string
	src     string             // the source, for the parameters read again (Scope.Params)
	usings  []string           // the namespaces using directives import
	statics []string           // the types using static directives import
	aliases map[string]TypeRef // using A = B: A → B
	types   chunkList[*Type]   // every type declared, each before those it nests
}

// Type is one declaration of a type: a class, struct, interface,
// record, enum or delegate, or one part of a partial one. It is kept
// small: a file may declare a type every 8 bytes.
type Type struct {
	file      *File
	outer     *Type // the type it is declared in, or nil
	group     *Type // the type's first part, which stands for the type (Scope.Add)
	name      string
	namespace string // "" for the global namespace
	bases     []TypeRef
	more      *typeMembers // its members the reader keeps, and the parts of a type of several; or nil
	// Fault is the first error the generators or the compiler report
	// for the declaration, or nil.
	Fault    *Fault
	line     int32
	baseLine int32
	arity    uint16 // type parameters, at most the reader's maxDepth
	kind     typeKind
	partial  bool
	abstract bool
	global   bool // [GlobalClass]
	tool     bool // [Tool]
}

// typeMembers is what few types have: [Rpc] methods, [Export] members, and
// for the first part of a type of several parts, the parts.
type typeMembers struct {
	methods chunkList[Method]
	exports chunkList[Exported]
	parts   []*Type
	sorted  bool
}

// typeKind is the kind of a type.
type typeKind uint8

const (
	classKind typeKind = iota // class, or record (class)
	structKind
	interfaceKind
	enumKind
)

// typeKinds are the kinds by the keyword that declares each.
var typeKinds = map[string]typeKind{
	"class": classKind, "record": classKind, "struct": structKind, "interface": interfaceKind, "enum": enumKind,
}

// members returns where the type keeps its members, made when first asked.
func (t *Type) members() *typeMembers {
	if t.more == nil {
		t.more = &typeMembers{}
	}
	return t.more
}

// noMembers is what a type that keeps no members has, read only.
var noMembers typeMembers

// kept returns what the type keeps, to read: one path, so that a range
// over Methods or Exports inlines and allocates nothing.
func (t *Type) kept() *typeMembers {
	if t.more == nil {
		return &noMembers
	}
	return t.more
}

// Methods yields the [Rpc] methods the declaration keeps, in order.
func (t *Type) Methods() iter.Seq[*Method] { return t.kept().methods.refs() }

// Exports yields the [Export] members the declaration keeps, in order.
func (t *Type) Exports() iter.Seq[*Exported] { return t.kept().exports.refs() }

// display is the type's name as the C# compiler's messages show it:
// namespace, outer types, name.
func (t *Type) display() string {
	switch {
	case t.outer != nil:
		return t.outer.display() + "." + t.name
	case t.namespace != "":
		return t.namespace + "." + t.name
	}
	return t.name
}

// Method is an instance method a type declares with [Rpc], and its
// [Rpc]. Its parameters are read again when asked for ([Scope.Params]).
type Method struct {
	Name   string
	RPC    RPC
	Line   int32
	params paramList
	// AsksSender and AsksServer say its body names GetRemoteSenderId and
	// IsServer (lambdas and local functions included).
	AsksSender, AsksServer bool
}

// Exported is a field or property a type declares with [Export].
type Exported struct {
	Name string
	// Type is the member's type as written: the declarators of one
	// field share it.
	Type *TypeRef
	Line int32
}

// TypeRef is a type as written: a name (A.B, global::A, with generic
// arguments), an array, a nullable value, a tuple or a pointer.
type TypeRef struct {
	parts    []namePart // the dotted name; none for a tuple
	global   bool       // written global::
	ranks    []int      // array ranks, outermost last: int[] is [1], int[,] is [2]
	nullable bool       // T?
	pointer  bool       // T*
}

// namePart is one part of a dotted type name, with its generic
// arguments.
type namePart struct {
	name string
	args []TypeRef
}

// String writes the type as C# does.
func (t TypeRef) String() string {
	var b strings.Builder
	if t.global {
		b.WriteString("global::")
	}
	if t.parts == nil {
		b.WriteString("(…)")
	}
	for i, p := range t.parts {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p.name)
		if len(p.args) > 0 {
			b.WriteByte('<')
			for j, a := range p.args {
				if j > 0 {
					b.WriteString(", ")
				}
				b.WriteString(a.String())
			}
			b.WriteByte('>')
		}
	}
	if t.nullable {
		b.WriteByte('?')
	}
	for _, r := range t.ranks {
		b.WriteString("[" + strings.Repeat(",", r-1) + "]")
	}
	if t.pointer {
		b.WriteByte('*')
	}
	return b.String()
}
