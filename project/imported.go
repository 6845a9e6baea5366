package project

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/resource"
)

// A model (.glb, .gltf, .dae, .blend, .fbx, .obj…) is a scene only as the
// editor imports it: its .import file says how (importer="scene"), and
// where the imported scene is, res://.godot/imported/….scn, which the
// engine loads in its place. A project fresh from its repository has no
// .godot folder: then the reader knows only what the .import file says
// of the root, and says so (SceneNode.Partial).

// importFile is what the reader takes of a .import file.
type importFile struct {
	path     string // the .import file's res:// path
	size     int    // its bytes
	importer string // [remap] importer: "scene" for a scene
	typ      string // [remap] type: the imported resource's class
	imported string // [remap] path: the imported file, or ""
	invalid  bool   // [remap] valid=false: the import failed
	// The [params] the root takes: nodes/root_type, nodes/root_name and
	// nodes/root_script's path.
	rootType, rootName, rootScript string
}

// importRead is a .import file read, or why it could not be.
type importRead struct {
	file *importFile
	err  error
}

// readImport reads the .import file of a res:// path, once: autoloads
// and scenes by the thousand may name one model. An error wraps
// fs.ErrNotExist where there is none.
func (p *Project) readImport(resPath string) (*importFile, error) {
	if key, err := p.readKey(resPath); err == nil {
		resPath = key
	}
	if r, ok := p.imports[resPath]; ok {
		return r.file, r.err
	}
	im, err := p.parseImport(resPath)
	if p.imports == nil {
		p.imports = map[string]importRead{}
	}
	p.imports[resPath] = importRead{im, err}
	return im, err
}

// parseImport reads the .import file of a res:// path.
func (p *Project) parseImport(resPath string) (*importFile, error) {
	data, err := p.readFile(resPath + ".import")
	if err != nil {
		return nil, fmt.Errorf("%s.import: %w", Shown(resPath), err)
	}
	if why := binaryKind(data); why != "" {
		return nil, fmt.Errorf("%s.import: %s, not an import file", Shown(resPath), why)
	}
	cf, err := configfile.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s.import: %w", Shown(resPath), err)
	}
	str := func(section, key string) string {
		v, _ := cf.Get(section, key)
		s, _ := v.(string)
		return s
	}
	im := &importFile{
		path:     resPath + ".import",
		size:     len(data),
		importer: str("remap", "importer"),
		typ:      str("remap", "type"),
		imported: str("remap", "path"),
		rootType: str("params", "nodes/root_type"),
		rootName: str("params", "nodes/root_name"),
	}
	if v, ok := cf.Get("remap", "valid"); ok && v == false {
		im.invalid = true
	}
	if v, ok := cf.Get("params", "nodes/root_script"); ok {
		if o, ok := v.(*gdvar.Object); ok {
			for _, prop := range o.Properties {
				if s, ok := prop.Value.(string); ok && prop.Name == "resource_path" {
					im.rootScript = s
				}
			}
		}
	}
	return im, nil
}

// importedScene reads the scene the engine imports from a model: the
// imported file where the project has it, else the root its .import file
// makes, marked Partial. Its size is the bytes read: the imported
// file's, or the .import file's.
func (p *Project) importedScene(resPath string, im *importFile) (*Scene, int, error) {
	switch {
	case im.importer != "scene":
		return nil, 0, fmt.Errorf("%s imports it as a %s (importer %q), not a scene", Shown(im.path), Shown(im.typ), Shown(im.importer))
	case im.invalid:
		return nil, 0, fmt.Errorf("%s says its import failed (valid=false): import the project again", Shown(im.path))
	}
	if im.imported != "" {
		data, err := p.readFile(im.imported)
		if err == nil {
			f, err := resource.Read(bytes.NewReader(data))
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %w", Shown(im.imported), err)
			}
			if !f.Scene {
				return nil, 0, fmt.Errorf("%s: a %s, not a scene", Shown(im.imported), Shown(f.Type))
			}
			return p.sceneOf(resPath, f), len(data), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, 0, fmt.Errorf("%s: %w", Shown(im.imported), err)
		}
	}
	root, err := p.importedRoot(resPath, im)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", Shown(im.path), err)
	}
	f, err := resource.NewFile("PackedScene")
	if err != nil {
		return nil, 0, err
	}
	f.Nodes = []*resource.Node{{Name: root.name, Type: root.class, Index: -1}}
	s := p.sceneOf(resPath, f)
	s.Nodes[0].Script = root.script
	s.Nodes[0].Partial = fmt.Sprintf("imported from %s, whose imported scene %s the project lacks (not imported yet): the nodes under its root are not known", Shown(resPath), Shown(im.imported))
	return s, im.size, nil
}

// importedNode is an imported scene's root as its import settings make
// it.
type importedNode struct{ name, class, script string }

// modelRoot is the class of the root every scene importer of the engine
// makes (glTF, .blend, FBX, Collada, OBJ), where nodes/root_type is
// empty.
const modelRoot = "Node3D"

// legacyRootName is the nodes/root_name that older editors wrote, which
// ResourceImporterScene::import takes as no name given.
const legacyRootName = "Scene Root"

// importedRoot is the root ResourceImporterScene::import makes: of
// nodes/root_type, an engine class or a global class (its engine class
// and script); with nodes/root_script, the script's engine class where
// the type is not it or one of its subclasses; named nodes/root_name,
// unless empty or "Scene Root", where the model names it: the model is
// not read, and its file's name stands for it (the glTF importer's name
// for a file whose scene has none).
func (p *Project) importedRoot(resPath string, im *importFile) (importedNode, error) {
	e := p.engine()
	n := importedNode{class: im.rootType, name: strings.TrimSuffix(path.Base(resPath), path.Ext(resPath))}
	if im.rootName != "" && im.rootName != legacyRootName {
		n.name = im.rootName
	}
	if n.class != "" && !e.classes[n.class] {
		classes, err := p.Classes()
		if err != nil {
			return n, err
		}
		script, ok := classes[n.class]
		if !ok {
			return n, fmt.Errorf("nodes/root_type: %w", e.unknown(n.class))
		}
		native, err := p.native(script)
		if err != nil {
			return n, err
		}
		n.class, n.script = native, script
	}
	if im.rootScript != "" {
		native, err := p.native(im.rootScript)
		if err != nil {
			return n, err
		}
		if e.nodes[native] && (n.class == "" || !e.inherits(n.class, native)) {
			n.class = native
		}
		n.script = im.rootScript
	}
	if n.class == "" {
		n.class = modelRoot
	}
	return n, nil
}

// binaryKind says what binary data is, or "" for text: a model's magic
// number, or any NUL byte or invalid UTF-8 in its first 512 bytes (a text
// scene is UTF-8 throughout). Binary resources are not asked about.
func binaryKind(data []byte) string {
	for _, m := range []struct{ magic, kind string }{
		{"glTF", "a binary glTF model"},
		{"BLENDER", "a Blender file"},
		{"Kaydara FBX Binary", "a binary FBX model"},
	} {
		if bytes.HasPrefix(data, []byte(m.magic)) {
			return m.kind
		}
	}
	head := data[:min(len(data), 512)]
	valid := utf8.Valid(head)
	for cut := 1; !valid && len(head) < len(data) && cut < utf8.UTFMax && cut < len(head); cut++ {
		valid = utf8.Valid(head[:len(head)-cut]) // a character the 512 bytes cut in two
	}
	if !valid || bytes.IndexByte(head, 0) >= 0 {
		return "binary data"
	}
	return ""
}
