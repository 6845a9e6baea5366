package project

import "strings"

// csFile is what the C# declaration reader finds in a file: its using
// directives and every type it declares. Using directives are taken as
// the whole file's, wherever they are (a namespace block's apply to that
// block alone in C#).
type csFile struct {
	path    string
	src     string               // the source, for the parameters read again (csParamList)
	usings  []string             // the namespaces using directives import
	statics []string             // the types using static directives import
	aliases map[string]csTypeRef // using A = B: A → B
	types   csList[*csType]      // every type declared, each before those it nests
}

// csType is one declaration of a type: a class, struct, interface,
// record, enum or delegate, or one part of a partial one. It is kept
// small: a file may declare a type every 8 bytes.
type csType struct {
	file      *csFile
	outer     *csType // the type it is declared in, or nil
	group     *csType // the type's first part, which stands for the type (csScope.add)
	name      string
	namespace string // "" for the global namespace
	bases     []csTypeRef
	more      *csMore      // its members the reader keeps, and the parts of a type of several; or nil
	fault     *ScriptError // the first error the generators report for it, or nil
	line      int32
	baseLine  int32
	arity     uint16 // type parameters, at most Limits.MaxDepth
	kind      csTypeKind
	partial   bool
	abstract  bool
	global    bool // [GlobalClass]
	tool      bool // [Tool]
}

// csMore is what few types have: [Rpc] methods, [Export] members, and
// for the first part of a type of several parts, the parts.
type csMore struct {
	methods csList[csMethod]
	exports csList[csExport]
	parts   []*csType
	sorted  bool
}

// csTypeKind is the kind of a type.
type csTypeKind uint8

const (
	csClassKind csTypeKind = iota // class, or record (class)
	csStructKind
	csInterfaceKind
	csEnumKind
)

// csTypeKinds are the kinds by the keyword that declares each.
var csTypeKinds = map[string]csTypeKind{
	"class": csClassKind, "record": csClassKind, "struct": csStructKind, "interface": csInterfaceKind, "enum": csEnumKind,
}

// members returns where the type keeps its members, made when first asked.
func (t *csType) members() *csMore {
	if t.more == nil {
		t.more = &csMore{}
	}
	return t.more
}

// methods and exports return what the type keeps.
func (t *csType) methods() *csList[csMethod] {
	if t.more == nil {
		return &csList[csMethod]{}
	}
	return &t.more.methods
}

func (t *csType) exports() *csList[csExport] {
	if t.more == nil {
		return &csList[csExport]{}
	}
	return &t.more.exports
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
	name   string
	rpc    *RPC
	line   int32
	params csParamList
	// What its body asks (Method.AsksSender).
	asksSender, asksServer bool
}

// csExport is a field or property a type declares with [Export]; the
// declarators of one field share its type.
type csExport struct {
	name string
	typ  *csTypeRef
	line int32
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
