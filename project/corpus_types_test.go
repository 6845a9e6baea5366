package project

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every resource file of the corpus (.tres, .tscn) reads with its
// project's scripts as without them: the editor saved the Arrays and
// Dictionaries a script declares typed as typed, so the reader types no
// other (a scene's nodes keep what the file says, as the engine keeps
// them). Each of those typed ones, written untyped, reads as written, and
// is typed again as loading makes it (AsSaved).
func TestCorpusScriptedResources(t *testing.T) {
	files, scripted, typed := 0, 0, 0
	for _, dir := range corpusProjects(t) {
		p, err := Open(dir)
		require.NoError(t, err)
		err = filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(name, ".tres") && !strings.HasSuffix(name, ".tscn") {
				return err
			}
			data, err := os.ReadFile(name)
			require.NoError(t, err)
			plain, err := resource.Read(bytes.NewReader(data))
			if err != nil {
				return nil // a file the resource reader refuses is that reader's corpus test's
			}
			files++
			with, err := resource.Read(bytes.NewReader(data), resource.WithScripts(p))
			require.NoError(t, err, name)
			assert.Equal(t, resourcesOf(plain), resourcesOf(with), "%s: read with its scripts", name)
			scripted += len(scriptedResources(plain))
			n := untype(plain, dir)
			if n == 0 {
				return nil
			}
			typed += n
			text, err := plain.AppendText(nil)
			require.NoError(t, err, name)
			again, err := resource.Read(bytes.NewReader(text), resource.WithScripts(p))
			require.NoError(t, err, name)
			assert.Equal(t, resourcesOf(plain), resourcesOf(again), "%s: written untyped, read with its scripts: as the file holds it", name)
			assert.Equal(t, resourcesOf(with.AsSaved()), resourcesOf(again.AsSaved()), "%s: written untyped, re-saved: typed as loading makes it", name)
			return nil
		})
		require.NoError(t, err)
	}
	t.Logf("%d resource files, %d resources with a script, %d typed containers in them", files, scripted, typed)
	assert.Positive(t, typed, "no typed container: the check proves nothing")
}

// resourcesOf are a file's resources, its main one last.
func resourcesOf(f *resource.File) []*resource.Resource {
	return append(f.Resources[:len(f.Resources):len(f.Resources)], f.Main)
}

// scriptedResources are a file's resources that have a script.
func scriptedResources(f *resource.File) []*resource.Resource {
	var out []*resource.Resource
	for _, r := range resourcesOf(f) {
		if r == nil {
			continue
		}
		if _, ok := r.Get("script"); ok {
			out = append(out, r)
		}
	}
	return out
}

// untype makes the typed Arrays and Dictionaries of a file's resources
// that have a script untyped, and returns how many it changed. It leaves
// those typed by a script the project does not hold at that path: no
// script can type them again (OverFarming's player_inventory.tres names
// res://inventory/inv_slot.gd, a file written Inv_slot.gd, which only a
// case-insensitive file system finds).
func untype(f *resource.File, dir string) int {
	missing := func(t gdvar.ContainerType) bool {
		if t.Kind != gdvar.TypedScript {
			return false
		}
		for _, e := range f.External {
			if e.ID == t.Name {
				_, err := os.Stat(filepath.Join(dir, strings.TrimPrefix(e.Path, "res://")))
				return err != nil
			}
		}
		return false
	}
	n := 0
	for _, r := range scriptedResources(f) {
		for i, prop := range r.Properties {
			switch v := prop.Value.(type) {
			case gdvar.Array:
				if v.Type.Kind != gdvar.Untyped && !missing(v.Type) {
					r.Properties[i].Value = v.Values
					n++
				}
			case *gdvar.Dictionary:
				if (v.KeyType.Kind != gdvar.Untyped || v.ValueType.Kind != gdvar.Untyped) && !missing(v.KeyType) && !missing(v.ValueType) {
					v.KeyType, v.ValueType = gdvar.ContainerType{}, gdvar.ContainerType{}
					n++
				}
			}
		}
	}
	return n
}
