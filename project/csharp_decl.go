package project

import (
	"strconv"
	"strings"
)

// csFile is what the C# declaration reader finds in a file: its using
// directives and every type it declares. Using directives are taken as
// the whole file's, wherever they are (a namespace block's apply to that
// block alone in C#).
type csFile struct {
	path    string
	usings  []string             // the namespaces using directives import
	statics []string             // the types using static directives import
	aliases map[string]csTypeRef // using A = B: A → B
	types   []*csType            // every type declared, each before those it nests
}

// csType is one declaration of a type: a class, struct, interface,
// record, enum or delegate, or one part of a partial one.
type csType struct {
	file      *csFile
	kind      string // "class", "struct", "interface", "record", "enum", "delegate"
	namespace string // "" for the global namespace
	outer     *csType
	name      string
	arity     int // type parameters
	line      int
	partial   bool
	abstract  bool
	global    bool // [GlobalClass]
	tool      bool // [Tool]
	bases     []csTypeRef
	baseLine  int
	methods   []csMethod
	exports   []csExport
	fault     *ScriptError // the first error the generators report for it, or nil
}

// key names the type in the project: its namespace, its outer types and
// its name, each generic one with its arity (A.B`1).
func (t *csType) key() string {
	name := t.name
	if t.arity > 0 {
		name += "`" + strconv.Itoa(t.arity)
	}
	switch {
	case t.outer != nil:
		return t.outer.key() + "." + name
	case t.namespace != "":
		return t.namespace + "." + name
	}
	return name
}

// display is the type's name as the C# compiler's messages show it:
// namespace, outer types, name.
func (t *csType) display() string {
	switch {
	case t.outer != nil:
		return t.outer.display() + "." + t.name
	case t.namespace != "":
		return t.namespace + "." + t.name
	}
	return t.name
}

// csMethod is an instance method a type declares with [Rpc], and its
// [Rpc].
type csMethod struct {
	name string
	line int
	rpc  *RPC
}

// csExport is a field or property a type declares with [Export].
type csExport struct {
	name string
	typ  csTypeRef
	line int
}

// csTypeRef is a type as written: a name (A.B, global::A, with generic
// arguments), an array, a nullable value, a tuple or a pointer.
type csTypeRef struct {
	parts    []csNamePart // the dotted name; none for a tuple
	global   bool         // written global::
	ranks    []int        // array ranks, outermost last: int[] is [1], int[,] is [2]
	nullable bool         // T?
	pointer  bool         // T*
}

// csNamePart is one part of a dotted type name, with its generic
// arguments.
type csNamePart struct {
	name string
	args []csTypeRef
}

// String writes the type as C# does.
func (t csTypeRef) String() string {
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
