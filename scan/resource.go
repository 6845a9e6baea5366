package scan

import (
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// ResourceFile scans a resource file (.tres, .tscn, .res, .scn, as
// [resource.Read] reads it), which the engine loads with all it refers to:
//
//   - each external resource is loaded (Kind Script for a script, which
//     runs once an object uses it; Kind Resource for others, which run
//     the _init of their script if they have one);
//   - each sub-resource of a Script class (an embedded script, its source
//     in the file) is made;
//   - and the values of the properties of every resource and node are
//     scanned as a ConfigFile's are, objects and Resource("path") in them.
//
// [WithText]'s vartext.WithDialect chooses the engine version; without it
// the file says it.
func ResourceFile(r io.Reader, opts ...Option) ([]Finding, error) {
	o, err := newOptions(opts)
	if err != nil {
		return nil, err
	}
	f, err := resource.Read(r, o.resource()...)
	if err != nil {
		return nil, err
	}
	s := scanner{refs: true}
	if s.codec, err = o.fileValues(f.Dialect().Engine()); err != nil {
		return nil, err
	}
	for _, x := range f.External {
		kind := Resource
		if isScriptClass(x.Type) {
			kind = Script
		}
		s.found = append(s.found, Finding{Kind: kind, Where: "[ext_resource] " + cut(x.ID), Detail: "loads " + cut(x.Path)})
	}
	properties := func(where string, props []gdvar.Property) error {
		for _, p := range props {
			s.place = [2]string{where, p.Name}
			if err := s.generic(p.Value); err != nil {
				return fmt.Errorf("scan: %s %s: %w", where, p.Name, err)
			}
		}
		return nil
	}
	for _, r := range f.Resources {
		where := "[sub_resource] " + cut(r.ID)
		if isScriptClass(r.Type) {
			detail := ""
			if _, ok := r.Get("script/source"); ok {
				detail = "embedded source"
			}
			s.found = append(s.found, Finding{Kind: Script, Where: where, Class: r.Type, Detail: detail})
		}
		if err := properties(where, r.Properties); err != nil {
			return s.found, err
		}
	}
	if err := properties("[resource]", f.Main.Properties); err != nil {
		return s.found, err
	}
	for _, n := range f.Nodes {
		if err := properties("[node] "+cut(n.Name), n.Properties); err != nil {
			return s.found, err
		}
	}
	return s.found, nil
}
