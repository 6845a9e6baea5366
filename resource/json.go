package resource

import (
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// The JSON form of a File: its sections as JSON objects, each resource's
// and node's properties an object of their values in package varjson's
// lossless form, in their order, references as varjson writes objects
// ({"$Object":"SubResource","$properties":{"id":"Gradient_ab3cd"}}):
//
//	{"type":"Resource","external":[{"id":"1_ab3cd","type":"Script","path":"res://a.gd"}],
//	 "resources":[{"id":"Gradient_ab3cd","type":"Gradient","properties":{…}}],
//	 "resource":{"properties":{…}}}
//
// A scene has "scene":true and "nodes", "connections" and "editable" in
// place of "resource"'s properties. "binary":true says the file was read
// from the binary form: its values are as that form holds them, and Godot
// 3.2 keeps the numbers of its internal resources (local://N) where it
// renumbers those it read from text. "engine" names the engine version
// ("3", "3.2"; none for Godot 4), "uid" a header's or an external
// resource's uid= as the file has it (one the engine reads as none
// included: see File.UID), "text_layout" an older Godot 3 text
// layout than the engine's, kept from the file read ("3.0", "3.2": see
// textLayout), "line_endings": "crlf" a text file's whose line breaks
// are all CRLF (none: LF; see lineends.go), "end_line_breaks" how many
// line breaks end a text file that ends with more than one (blank lines:
// see lineends.go), "load_steps" a text
// header's, 0 included (File.LoadSteps, File.LoadStepsZero), "format": 3
// a Godot 4.0 to 4.2 text file's whose byte arrays would make a later
// engine write format=4, "float_digits": 6 one whose floats those
// versions printed in six digits where later ones print others (a
// subnormal's: see vartext.WithGodot42Floats), and "layout" the header
// and names table of a binary file read (see jsonLayout), so that encode
// gives them back.
type jsonFile struct {
	Binary      bool           `json:"binary,omitzero"`
	Engine      string         `json:"engine,omitzero"`
	TextLayout  string         `json:"text_layout,omitzero"`
	LineEndings string         `json:"line_endings,omitzero"`
	EndBreaks   int            `json:"end_line_breaks,omitzero"`
	Layout      *jsonLayout    `json:"layout,omitzero"`
	Scene       bool           `json:"scene,omitzero"`
	Type        string         `json:"type,omitzero"`
	ScriptClass string         `json:"script_class,omitzero"`
	UID         string         `json:"uid,omitzero"`
	LoadSteps   *int           `json:"load_steps,omitzero"`
	Format      int            `json:"format,omitzero"`
	FloatDigits int            `json:"float_digits,omitzero"`
	Path        string         `json:"path,omitzero"`
	External    []jsonExternal `json:"external,omitzero"`
	Resources   []jsonResource `json:"resources,omitzero"`
	Main        *jsonResource  `json:"resource,omitzero"`
	Nodes       []jsonNode     `json:"nodes,omitzero"`
	Connections []jsonConn     `json:"connections,omitzero"`
	Editable    []string       `json:"editable,omitzero"`
}

type jsonExternal struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Path string `json:"path"`
	UID  string `json:"uid,omitzero"`
}

type jsonResource struct {
	ID         string         `json:"id,omitzero"`
	Type       string         `json:"type,omitzero"`
	Properties jsontext.Value `json:"properties,omitzero"`
}

type jsonNode struct {
	Name                string         `json:"name"`
	Type                string         `json:"type,omitzero"`
	Parent              string         `json:"parent,omitzero"`
	ParentIDPath        []int32        `json:"parent_id_path,omitzero"`
	Owner               string         `json:"owner,omitzero"`
	OwnerUIDPath        []int32        `json:"owner_uid_path,omitzero"`
	Index               *int           `json:"index,omitzero"`
	UniqueID            int32          `json:"unique_id,omitzero"`
	NodePaths           []string       `json:"node_paths,omitzero"`
	Groups              []string       `json:"groups,omitzero"`
	InstancePlaceholder string         `json:"instance_placeholder,omitzero"`
	Instance            string         `json:"instance,omitzero"`
	Properties          jsontext.Value `json:"properties,omitzero"`
}

type jsonConn struct {
	Signal      string         `json:"signal"`
	From        string         `json:"from"`
	To          string         `json:"to"`
	Method      string         `json:"method"`
	Flags       int            `json:"flags"`
	FromUIDPath []int32        `json:"from_uid_path,omitzero"`
	ToUIDPath   []int32        `json:"to_uid_path,omitzero"`
	Unbinds     int            `json:"unbinds,omitzero"`
	Binds       jsontext.Value `json:"binds,omitzero"`
}

// MarshalJSON returns the file in its JSON form (see jsonFile's
// comment). [File.UnmarshalJSON] of it gives back a [File] that writes the same
// text and, for a File read from text, the same binary form.
func (f *File) MarshalJSON() ([]byte, error) {
	values := newJSONPrinter(f.dialect.Engine())
	// size is about the JSON's length: the values', and a guess of the rest.
	size := 256 + 128*(len(f.External)+len(f.Resources)+len(f.Nodes)+len(f.Connections))
	props := func(ps []gdvar.Property) (jsontext.Value, error) {
		if len(ps) == 0 {
			return nil, nil
		}
		if name, twice := givenTwice(ps); twice {
			return nil, fmt.Errorf("resource: property %q given twice, which the JSON form cannot hold", name)
		}
		b := []byte{'{'}
		for i, p := range ps {
			b = reserve(b, len(p.Name)+3)
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = jsontext.AppendQuote(b, p.Name); err != nil {
				return nil, fmt.Errorf("resource: property %q has no JSON form: %w", p.Name, err)
			}
			b = append(b, ':')
			if b, err = values.append(b, p.Value); err != nil {
				return nil, fmt.Errorf("resource: property %s: %w", p.Name, err)
			}
		}
		size += len(b) + 1
		return append(b, '}'), nil
	}
	j := jsonFile{Binary: f.binaryRead, Engine: jsonEngines[f.dialect], TextLayout: textLayoutNames[f.layout3],
		LineEndings: lineEndingsJSON(f.crlf), EndBreaks: f.endBreaks, Layout: layoutJSON(f.bin, f.dialect), Scene: f.Scene,
		Type: f.Type, ScriptClass: f.ScriptClass, Path: f.Path, Editable: f.Editable}
	if f.LoadSteps != 0 || f.LoadStepsZero {
		j.LoadSteps = &f.LoadSteps
	}
	j.UID = writtenUID(f.UID, f.uidText)
	if f.floats42 {
		j.FloatDigits = digits42
	}
	if f.decimalBytes { // "format": 3 only where the values alone would say 4
		if long, vectors := f.wideValues(); long && !vectors {
			j.Format = format4
		}
	}
	j.External = sized[jsonExternal](len(f.External))
	j.Resources = sized[jsonResource](len(f.Resources))
	j.Nodes = sized[jsonNode](len(f.Nodes))
	j.Connections = sized[jsonConn](len(f.Connections))
	for _, x := range f.External {
		e := jsonExternal{ID: x.ID, Type: x.Type, Path: x.Path, UID: writtenUID(x.UID, x.uidText)}
		j.External = append(j.External, e)
	}
	var err error
	for _, r := range append(f.Resources, f.Main) {
		jr := jsonResource{ID: r.ID, Type: r.Type}
		if jr.Properties, err = props(r.Properties); err != nil {
			return nil, err
		}
		if r == f.Main {
			jr.Type = "" // the file's
			j.Main = &jr
		} else {
			j.Resources = append(j.Resources, jr)
		}
	}
	for _, n := range f.Nodes {
		jn := jsonNode{Name: n.Name, Type: n.Type, Parent: n.Parent, ParentIDPath: n.ParentIDPath, Owner: n.Owner,
			OwnerUIDPath: n.OwnerUIDPath, UniqueID: n.UniqueID, NodePaths: n.NodePaths, Groups: n.Groups,
			InstancePlaceholder: n.InstancePlaceholder, Instance: n.Instance}
		if n.Index >= 0 {
			jn.Index = &n.Index
		}
		if jn.Properties, err = props(n.Properties); err != nil {
			return nil, fmt.Errorf("%w (node %q)", err, n.Name)
		}
		j.Nodes = append(j.Nodes, jn)
	}
	for _, c := range f.Connections {
		jc := jsonConn{Signal: c.Signal, From: c.From, To: c.To, Method: c.Method, Flags: c.Flags,
			FromUIDPath: c.FromUIDPath, ToUIDPath: c.ToUIDPath, Unbinds: c.Unbinds}
		if len(c.Binds) > 0 {
			if jc.Binds, err = values.append(nil, c.Binds); err != nil {
				return nil, fmt.Errorf("resource: connection %s: %w", c.Signal, err)
			}
			size += len(jc.Binds)
		}
		j.Connections = append(j.Connections, jc)
	}
	// Each properties object is known to hold distinct names: checking
	// them again as members costs more than the rest. The output is sized
	// in advance: its growth would cost more than it.
	var out bytes.Buffer
	out.Grow(size)
	if err := json.MarshalWrite(&out, j, jsontext.AllowDuplicateNames(true)); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// sized returns an empty slice of capacity n, nil for none (which the
// JSON leaves out).
func sized[T any](n int) []T {
	if n == 0 {
		return nil
	}
	return make([]T, 0, n)
}

// givenTwice returns a property name given twice, if one is. Many names
// are told apart by their hashes first, which take less memory than the
// names.
func givenTwice(ps []gdvar.Property) (string, bool) {
	if len(ps) > 8 {
		seed := maphash.MakeSeed()
		hashes := make(map[uint64]struct{}, len(ps))
		for _, p := range ps {
			h := maphash.String(seed, p.Name)
			if _, ok := hashes[h]; ok {
				return givenTwiceByName(ps) // or two names of one hash
			}
			hashes[h] = struct{}{}
		}
		return "", false
	}
	for i, p := range ps {
		for _, q := range ps[:i] {
			if p.Name == q.Name {
				return p.Name, true
			}
		}
	}
	return "", false
}

func givenTwiceByName(ps []gdvar.Property) (string, bool) {
	seen := make(map[string]struct{}, len(ps))
	for _, p := range ps {
		if _, ok := seen[p.Name]; ok {
			return p.Name, true
		}
		seen[p.Name] = struct{}{}
	}
	return "", false
}

// UnmarshalJSON sets the file to JSON in [File.MarshalJSON]'s form. The engine
// version the values are for is the one the JSON names, unless the file's
// was chosen ([NewFile] with [vartext.WithDialect]), which then must be it.
// After [File.Like], each number takes its type from the file edited from.
func (f *File) UnmarshalJSON(data []byte) error {
	var j jsonFile
	// Names given twice are refused where they matter, in properties, as
	// they are read: checking every object of the document costs more.
	if err := json.Unmarshal(data, &j, json.RejectUnknownMembers(true), jsontext.AllowDuplicateNames(true)); err != nil {
		return fmt.Errorf("resource: JSON: %w", err)
	}
	g, err := j.header(f)
	if err != nil {
		return err
	}
	// The values of every section are gathered, then decoded at once.
	values := jsonValues{like: newLikeIndex(f.like)}
	if err := j.resources(g, &values); err != nil {
		return err
	}
	binds, err := j.scene(g, &values)
	if err != nil {
		return err
	}
	if err := values.decode(g.dialect.Engine()); err != nil {
		return err
	}
	for i, c := range g.Connections {
		if len(j.Connections[i].Binds) > 0 {
			if c.Binds, _ = binds[i].Value.([]any); c.Binds == nil {
				return fmt.Errorf("resource: connection %s: binds are not an Array", c.Signal)
			}
		}
	}
	if g.binaryRead { // as reading the binary file did (useScripts)
		g.typeScriptVariables()
	}
	*f = *g
	return nil
}

// header returns the File of j's header, with f's settings: the engine
// version j names, unless f's was chosen, the layout of a binary file,
// the UID and the type.
func (j *jsonFile) header(f *File) (*File, error) {
	g := &File{Scene: j.Scene, Type: j.Type, ScriptClass: j.ScriptClass, Path: j.Path, Editable: j.Editable,
		dialect: f.dialect, text: f.text, binaryRead: j.Binary, ownOrder: !j.Binary, scripts: f.scripts, like: f.like}
	if j.LoadSteps != nil {
		g.LoadSteps, g.LoadStepsZero = *j.LoadSteps, *j.LoadSteps == 0
	}
	named, err := dialectOfJSON(j.Engine)
	if err != nil {
		return nil, err
	}
	if chosen, set := f.text.Dialect(); set && chosen != named && j.Engine != "" {
		return nil, fmt.Errorf("resource: JSON of %s, read as %s", named, chosen)
	} else if !set {
		g.dialect = named
		if g.text, err = f.text.With(vartext.WithDialect(named)); err != nil {
			return nil, err
		}
	}
	if j.Layout != nil {
		if !j.Binary {
			return nil, errors.New(`resource: JSON: a layout is a binary file's ("binary": true)`)
		}
		if g.bin, err = j.Layout.layout(g.dialect); err != nil {
			return nil, err
		}
	}
	g.UID, g.uidText = readUID(j.UID)
	if g.layout3, err = textLayoutOfJSON(j.TextLayout, g.dialect, j.Binary); err != nil {
		return nil, err
	}
	if g.crlf, err = crlfOfJSON(j.LineEndings, j.Binary); err != nil {
		return nil, err
	}
	if g.endBreaks, err = endBreaksOfJSON(j.EndBreaks, j.Binary); err != nil {
		return nil, err
	}
	switch {
	case j.Format == format4 && g.dialect == vartext.Godot4 && !j.Binary:
		g.decimalBytes = true
	case j.Format != 0:
		return nil, fmt.Errorf(`resource: JSON: "format": %d; want 3, of Godot 4 text (4.0 to 4.2 wrote bytes in decimal), or none`, j.Format)
	}
	switch {
	case j.FloatDigits == digits42 && g.dialect == vartext.Godot4 && !j.Binary:
		g.floats42 = true
	case j.FloatDigits != 0:
		return nil, fmt.Errorf(`resource: JSON: "float_digits": %d; want 6, of Godot 4 text (4.0 to 4.2 printed floats in six digits), or none`, j.FloatDigits)
	}
	if g.Type == "" && g.Scene {
		g.Type = sceneClass
	}
	if g.Type == "" {
		return nil, fmt.Errorf("resource: JSON: no type")
	}
	return g, nil
}

// resources sets g's external resources, sub-resources and main resource
// to j's, their values gathered in values.
func (j *jsonFile) resources(g *File, values *jsonValues) error {
	for _, e := range j.External {
		x := &External{ID: e.ID, Type: e.Type, Path: e.Path}
		x.UID, x.uidText = readUID(e.UID)
		g.External = append(g.External, x)
	}
	for i, jr := range j.Resources {
		r := &Resource{ID: jr.ID, Type: jr.Type}
		if err := values.properties(&r.Properties, jr.Properties, values.like.resource(jr.ID, i)); err != nil {
			return err
		}
		g.Resources = append(g.Resources, r)
	}
	g.Main = &Resource{Type: g.Type}
	if j.Main != nil {
		g.Main.ID = j.Main.ID
		if err := values.properties(&g.Main.Properties, j.Main.Properties, values.like.main()); err != nil {
			return err
		}
	}
	return nil
}

// scene sets g's nodes and connections to j's, their values gathered in
// values, and returns where each connection's binds go (named by its
// signal; none where it has none).
func (j *jsonFile) scene(g *File, values *jsonValues) ([]gdvar.Property, error) {
	for _, jn := range j.Nodes {
		n := &Node{Name: jn.Name, Type: jn.Type, Parent: jn.Parent, ParentIDPath: jn.ParentIDPath, Owner: jn.Owner,
			OwnerUIDPath: jn.OwnerUIDPath, Index: noIndex, UniqueID: jn.UniqueID, NodePaths: jn.NodePaths,
			Groups: jn.Groups, InstancePlaceholder: jn.InstancePlaceholder, Instance: jn.Instance}
		if jn.Index != nil {
			n.Index = *jn.Index
		}
		if err := values.properties(&n.Properties, jn.Properties, values.like.node(n.Parent, n.Name)); err != nil {
			return nil, fmt.Errorf("%w (node %q)", err, n.Name)
		}
		g.Nodes = append(g.Nodes, n)
	}
	binds := make([]gdvar.Property, len(j.Connections))
	for i, jc := range j.Connections {
		c := &Connection{Signal: jc.Signal, From: jc.From, To: jc.To, Method: jc.Method, Flags: jc.Flags,
			FromUIDPath: jc.FromUIDPath, ToUIDPath: jc.ToUIDPath, Unbinds: jc.Unbinds}
		if len(jc.Binds) > 0 {
			binds[i].Name = c.Signal
			values.binds(&binds, i, jc.Binds, values.like.binds(c))
		}
		g.Connections = append(g.Connections, c)
	}
	return binds, nil
}
