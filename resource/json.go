package resource

import (
	"bytes"
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/varjson"
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
// place of "resource"'s properties.
type jsonFile struct {
	Scene       bool           `json:"scene,omitzero"`
	Type        string         `json:"type,omitzero"`
	ScriptClass string         `json:"script_class,omitzero"`
	UID         string         `json:"uid,omitzero"`
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
// comment). UnmarshalJSON of it gives back a File that writes the same
// text and, for a File read from text, the same binary form.
func (f *File) MarshalJSON() ([]byte, error) {
	opts := f.jsonOptions()
	props := func(ps []gdvar.Property) (jsontext.Value, error) {
		if len(ps) == 0 {
			return nil, nil
		}
		b := []byte{'{'}
		for i, p := range ps {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = jsontext.AppendQuote(b, p.Name); err != nil {
				return nil, fmt.Errorf("resource: property %q has no JSON form: %w", p.Name, err)
			}
			b = append(b, ':')
			if b, err = varjson.Append(b, p.Value, opts...); err != nil {
				return nil, fmt.Errorf("resource: property %s: %w", p.Name, err)
			}
		}
		return append(b, '}'), nil
	}
	j := jsonFile{Scene: f.Scene, Type: f.Type, ScriptClass: f.ScriptClass, Path: f.Path, Editable: f.Editable}
	if f.UID != NoUID {
		j.UID = f.UID.String()
	}
	for _, x := range f.External {
		e := jsonExternal{ID: x.ID, Type: x.Type, Path: x.Path}
		if x.UID != NoUID {
			e.UID = x.UID.String()
		}
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
			if jc.Binds, err = varjson.Append(nil, c.Binds, opts...); err != nil {
				return nil, fmt.Errorf("resource: connection %s: %w", c.Signal, err)
			}
		}
		j.Connections = append(j.Connections, jc)
	}
	return json.Marshal(j)
}

// UnmarshalJSON sets the file to JSON in MarshalJSON's form. The file
// keeps its dialect (NewFile chooses it), which says what engine version
// the values are for.
func (f *File) UnmarshalJSON(data []byte) error {
	var j jsonFile
	if err := json.Unmarshal(data, &j, json.RejectUnknownMembers(true)); err != nil {
		return fmt.Errorf("resource: JSON: %w", err)
	}
	opts := f.jsonOptions()
	props := func(raw jsontext.Value) ([]gdvar.Property, error) {
		if len(raw) == 0 {
			return nil, nil
		}
		d := jsontext.NewDecoder(bytes.NewReader(raw))
		if t, err := d.ReadToken(); err != nil || t.Kind() != '{' {
			return nil, fmt.Errorf("resource: JSON: properties are not an object")
		}
		var out []gdvar.Property
		for d.PeekKind() != '}' {
			name, err := d.ReadToken()
			if err != nil {
				return nil, fmt.Errorf("resource: JSON: %w", err)
			}
			p := gdvar.Property{Name: name.String()} // before the token is reused
			v, err := d.ReadValue()
			if err != nil {
				return nil, fmt.Errorf("resource: JSON: %w", err)
			}
			if err := varjson.Unmarshal(v, &p.Value, opts...); err != nil {
				return nil, fmt.Errorf("resource: property %s: %w", p.Name, err)
			}
			out = append(out, p)
		}
		return out, nil
	}
	uid := func(s string) (UID, error) {
		if s == "" {
			return NoUID, nil
		}
		return ParseUID(s)
	}
	g := File{Scene: j.Scene, Type: j.Type, ScriptClass: j.ScriptClass, Path: j.Path, Editable: j.Editable,
		dialect: f.dialect, opts: f.opts}
	var err error
	if g.UID, err = uid(j.UID); err != nil {
		return err
	}
	if g.Type == "" && g.Scene {
		g.Type = sceneClass
	}
	if g.Type == "" {
		return fmt.Errorf("resource: JSON: no type")
	}
	for _, e := range j.External {
		x := &External{ID: e.ID, Type: e.Type, Path: e.Path}
		if x.UID, err = uid(e.UID); err != nil {
			return err
		}
		g.External = append(g.External, x)
	}
	for _, jr := range j.Resources {
		r := &Resource{ID: jr.ID, Type: jr.Type}
		if r.Properties, err = props(jr.Properties); err != nil {
			return err
		}
		g.Resources = append(g.Resources, r)
	}
	g.Main = &Resource{Type: g.Type}
	if j.Main != nil {
		g.Main.ID = j.Main.ID
		if g.Main.Properties, err = props(j.Main.Properties); err != nil {
			return err
		}
	}
	for _, jn := range j.Nodes {
		n := &Node{Name: jn.Name, Type: jn.Type, Parent: jn.Parent, ParentIDPath: jn.ParentIDPath, Owner: jn.Owner,
			OwnerUIDPath: jn.OwnerUIDPath, Index: noIndex, UniqueID: jn.UniqueID, NodePaths: jn.NodePaths,
			Groups: jn.Groups, InstancePlaceholder: jn.InstancePlaceholder, Instance: jn.Instance}
		if jn.Index != nil {
			n.Index = *jn.Index
		}
		if n.Properties, err = props(jn.Properties); err != nil {
			return fmt.Errorf("%w (node %q)", err, n.Name)
		}
		g.Nodes = append(g.Nodes, n)
	}
	for _, jc := range j.Connections {
		c := &Connection{Signal: jc.Signal, From: jc.From, To: jc.To, Method: jc.Method, Flags: jc.Flags,
			FromUIDPath: jc.FromUIDPath, ToUIDPath: jc.ToUIDPath, Unbinds: jc.Unbinds}
		if len(jc.Binds) > 0 {
			var binds any
			if err := varjson.Unmarshal(jc.Binds, &binds, opts...); err != nil {
				return fmt.Errorf("resource: connection %s: %w", c.Signal, err)
			}
			if c.Binds, _ = binds.([]any); c.Binds == nil {
				return fmt.Errorf("resource: connection %s: binds are not an Array", c.Signal)
			}
		}
		g.Connections = append(g.Connections, c)
	}
	for _, r := range append(g.Resources, g.Main) {
		settle(g.dialect, r)
	}
	*f = g
	return nil
}

// jsonOptions are the varjson options of the file's values: its engine
// version, with objects allowed, as references are objects.
func (f *File) jsonOptions() []gdvar.Option {
	return append([]gdvar.Option{gdvar.WithEngine(f.dialect.Engine()), gdvar.AllowObjects(true)}, f.opts...)
}
