package resource

import (
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// File is a resource file: a resource, or a scene.
type File struct {
	// Scene says the file is a scene (gd_scene, a PackedScene): its
	// content is Nodes, Connections and Editable, not Main's properties.
	Scene bool
	// Type is the main resource's class ("PackedScene" for a scene).
	Type string
	// ScriptClass is the global class name of the main resource's script
	// (Godot 4), or "".
	ScriptClass string
	// UID is the file's unique id (Godot 4), or NoUID: also where the
	// header's uid= is not a UID's text (uid://main_scene, a hand's),
	// which the engine reads as none. A text write gives back the uid=
	// read while UID is the one it reads as: such text, and a UID's the
	// engine reads but never prints so (with a digit 9 or z). WithoutUIDs,
	// AsSaved and SavedAs drop it.
	UID UID
	// LoadSteps is the load_steps= of a text file's header (the
	// resources it holds and refers to, plus one, as the saver that wrote
	// it counted them), or 0 for none: a text write gives it back as
	// read, so that such a file comes back as it is, whatever resources
	// it counts. AsSaved and SavedAs drop it: Godot 3's savers count what
	// they write, Godot 4.6 writes none. With none, Godot 3's text form
	// counts the resources it writes.
	LoadSteps int
	// LoadStepsZero says a header has load_steps=0, which LoadSteps's 0
	// alone does not say: no saver writes it, but a file may hold it (a
	// hand's or another tool's), and the engines read it as they do any
	// count, for their loader's progress only. It is set where Read
	// finds it; a text write gives it back where LoadSteps is 0. Set
	// LoadSteps to another count, or clear both, for another header.
	// AsSaved and SavedAs clear it.
	LoadStepsZero bool
	// Path is the res:// path the resource was loaded from, if any: the
	// engine keeps it, and a binary file names a loaded main resource by
	// it instead of an id. Read of a binary file sets it from the file;
	// set it where the engine would have it (see SavedAs).
	Path string
	// External are the resources the file refers to, each in a file of its
	// own ([ext_resource]), in the file's order.
	External []*External
	// Resources are the resources stored in the file ([sub_resource]), in
	// the file's order: each after those it refers to.
	Resources []*Resource
	// Main is the main resource ([resource]). A scene's holds what the
	// PackedScene has besides its nodes (nothing, as the engines save
	// scenes).
	Main *Resource
	// Nodes are a scene's nodes, each after its parent.
	Nodes []*Node
	// Connections are a scene's signal connections.
	Connections []*Connection
	// Editable are the paths of a scene's instances whose children are
	// editable.
	Editable []string

	dialect vartext.Dialect
	text    *vartext.Codec // the values' text, in dialect
	bin     *binaryLayout  // how a binary file read was laid out, to write it back as it was
	kept    *sceneKept     // the _bundled of a binary scene read
	// binaryRead says the values are a binary file's bytes: the engine's
	// loader drops a byte order mark that starts a string, so its text
	// form has none.
	binaryRead bool
	// ownOrder says the resources are in the order of a text file read
	// (or of JSON of one), which a write of the file as it is keeps (see
	// inFileOrder); a save through the engine (asSaved) orders them as
	// its saver meets them.
	ownOrder bool
	// decimalBytes says the file was read from Godot 4 text of format=3
	// (or JSON of one saying so): Godot 4.0 to 4.2 wrote every
	// PackedByteArray in decimal, format=3, where 4.3 and later write
	// those over 64 bytes in base64, format=4. A write as read keeps
	// format=3.
	decimalBytes bool
	// floats42 says the file was read from Godot 4 text in which a float
	// has digits only Godot 4.0 to 4.2 print (or from JSON of one saying
	// so): a 32-bit subnormal's six digits, or scientific notation from
	// 1e6 to 1e15 (see vartext.WithGodot42Floats). A write as read
	// prints floats so where their digits read back; format=3 alone does
	// not say it, as 4.3 and later write format=3 too.
	floats42 bool
	scripts  Scripts // what its scripts declare, if known (WithScripts)
	like     *File   // the file UnmarshalJSON's JSON was edited from (Like), or nil
	// walkDefaults are what a save meets walking its scripted
	// resources' values and does not write, as SavedAs found them; nil
	// until then (a write of the file as read looks them up).
	walkDefaults map[*Resource]*defaultsWalk
	// layout3 is the layout of a Godot 3 text file read (or of JSON of
	// one saying so) where it is an older engine's than the dialect's,
	// Godot 3.0's or 3.2's: a write as read keeps its blank lines and
	// groups; a save through the engine (asSaved) writes the dialect's.
	layout3 textLayout
	// crlf says the file was read from text whose line breaks are all
	// CRLF (or from JSON of one saying so: "line_endings"), which a write
	// as read keeps (see lineends.go); the engine writes LF.
	crlf bool
	// endBreaks is how many line breaks end the text read, where more
	// than the engine's one (blank lines a hand left), else 0: a write as
	// read gives them back (see lineends.go); the engine writes one.
	endBreaks int
	// uidText is the header's uid= read where UID does not print it (see
	// readUID), or "".
	uidText string
}

// External is an external resource: a resource in a file of its own.
type External struct {
	Type string // its class as the engine saves it: "Script" for a script
	Path string // its path, as res://player.gd
	// UID is its unique id, or NoUID: also where its uid= is not a UID's
	// text, which the engine ignores, loading the path. A text write gives
	// the uid= read back as File.UID's is.
	UID UID
	// ID is what references to it give (ExtResource("1_ab3cd"); Godot 3:
	// ExtResource( 1 )). A binary file has no ids: Read numbers them.
	// Empty for a script a Godot 4.1 text file names by its path
	// (Array[Resource("res://s.gd")]): references give the path, and
	// SavedAs gives it an ID.
	ID string

	uidText string // its uid= read where UID does not print it, or ""
}

// Resource is a resource stored in the file: a sub-resource, or the main
// resource.
type Resource struct {
	Type string // its class, as Gradient; a resource with a script gives its script's base class
	// ID is what references to it give (SubResource("Gradient_ab3cd");
	// Godot 3: SubResource( 1 )); empty for the main resource of a text
	// file.
	ID         string
	Properties []gdvar.Property
}

// Get returns the value of the property called name.
func (r *Resource) Get(name string) (any, bool) { return getProperty(r.Properties, name) }

// Node is a node of a scene. Its fields are the attributes of its [node]
// tag; those the engine leaves out have their zero value, but Index, which
// is -1.
type Node struct {
	Name string
	// Type is the node's class; empty for a node that an instance makes,
	// or a placeholder.
	Type string
	// Parent is the parent's path from the scene's root ("." for the
	// root's children); empty for the root.
	Parent string
	// ParentIDPath are the unique ids along Parent, when the parent is in
	// an instance (Godot 4.6).
	ParentIDPath []int32
	Owner        string  // the owner's path, when not the root
	OwnerUIDPath []int32 // the unique ids along Owner (Godot 4.6)
	Index        int     // its index among its parent's children, or -1
	UniqueID     int32   // its unique id in the scene (Godot 4.6), or 0
	// NodePaths are the properties whose NodePath values stand for nodes
	// (Godot 4).
	NodePaths []string
	Groups    []string // its persistent groups
	// InstancePlaceholder is the path of the scene a placeholder stands
	// for.
	InstancePlaceholder string
	// Instance is the ID of the external scene the node is an instance of.
	Instance   string
	Properties []gdvar.Property
}

// Get returns the value of the property called name.
func (n *Node) Get(name string) (any, bool) { return getProperty(n.Properties, name) }

// Connection is a persistent signal connection of a scene.
type Connection struct {
	Signal string
	From   string // the path of the node emitting, from the scene's root
	To     string // the path of the node called
	Method string
	// Flags are the connection's flags (Object.CONNECT_*): 2, persistent,
	// unless the file says otherwise.
	Flags       int
	FromUIDPath []int32 // Godot 4.6
	ToUIDPath   []int32 // Godot 4.6
	Unbinds     int     // the arguments the call drops (Godot 4)
	Binds       []any   // the arguments the call adds
}

// DefaultConnectFlags are a connection's flags when the file gives none:
// CONNECT_PERSIST.
const DefaultConnectFlags = 2

// Dialect returns the engine version the file is written as.
func (f *File) Dialect() vartext.Dialect { return f.dialect }

// Form returns the form the file was read from: [Binary] for a binary file,
// else [Text].
func (f *File) Form() Form {
	if f.binaryRead {
		return Binary
	}
	return Text
}

// Compressed reports whether the file was read from a binary file in the
// compressed container (or from the JSON of one), which the engine keeps
// compressed when it saves it back: write it with [File.WriteCompressed].
func (f *File) Compressed() bool { return f.bin != nil && f.bin.compressed }

func getProperty(props []gdvar.Property, name string) (any, bool) {
	for _, p := range props {
		if p.Name == name {
			return p.Value, true
		}
	}
	return nil, false
}

// NewFile returns an empty resource of the class, written as the options
// say ([WithText] and [vartext.WithDialect]; Godot 4 by default), or the
// error, matching [gdvar.ErrInvalidOption], of the first invalid one. Its
// main resource has no ID: SavedAs gives it one where the binary form
// needs it.
func NewFile(class string, opts ...Option) (*File, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	f := &File{Type: class, UID: NoUID, Main: &Resource{Type: class}, text: cfg.text}
	f.dialect, _ = cfg.text.Dialect()
	if class == sceneClass {
		f.Scene = true
	}
	f.useScripts(cfg.scripts)
	return f, nil
}
