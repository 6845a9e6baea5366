package resource

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scriptsByPath give each script's variables by its path.
type scriptsByPath map[string][]ScriptProperty

func (s scriptsByPath) StoredProperties(path string) ([]ScriptProperty, error) {
	if vars, ok := s[path]; ok {
		return vars, nil
	}
	return nil, fmt.Errorf("no script %s", path)
}

// randomScripted is a file of scripted resources made of r: scripts whose
// variables' defaults preload scenes or are Arrays typed with scripts,
// some listed by the file, and resources that set some of them (some at
// their defaults) and refer to those before them.
func randomScripted(r *rand.Rand) (*File, scriptsByPath) {
	scenes := []string{"res://a.tscn", "res://b.tscn", "res://c.tscn", "res://d.tscn"}
	types := []string{"res://t0.gd", "res://t1.gd"}
	f := &File{Type: "Resource", UID: NoUID, Main: &Resource{Type: "Resource"}}
	ids := map[string]string{} // of the paths the file lists
	list := func(typ, path string) {
		id := fmt.Sprintf("%d_x", len(f.External)+1)
		f.External = append(f.External, &External{Type: typ, Path: path, UID: NoUID, ID: id})
		ids[path] = id
	}
	scripts := scriptsByPath{}
	for s := range 3 {
		path := fmt.Sprintf("res://s%d.gd", s)
		list("Script", path)
		for _, name := range r.Perm(6)[:1+r.IntN(6)] {
			v := ScriptProperty{Name: string(rune('a' + name)), Default: 1.0}
			switch r.IntN(3) {
			case 0:
				v = ScriptProperty{Name: v.Name, Object: true, Default: &External{Type: "PackedScene", Path: scenes[r.IntN(len(scenes))]}}
			case 1:
				t := gdvar.ContainerType{Kind: gdvar.TypedScript, Name: types[r.IntN(len(types))]}
				v = ScriptProperty{Name: v.Name, Elem: []gdvar.ContainerType{t}, Default: gdvar.Array{Type: t}}
			}
			scripts[path] = append(scripts[path], v)
		}
	}
	for _, path := range scenes {
		if r.IntN(2) == 0 {
			list("PackedScene", path)
		}
	}
	for _, path := range types {
		if r.IntN(2) == 0 {
			list("Script", path)
		}
	}
	// props are a resource's properties, referring to those before it.
	props := func(before int) []gdvar.Property {
		var out []gdvar.Property
		if r.IntN(5) > 0 {
			path := fmt.Sprintf("res://s%d.gd", r.IntN(3))
			out = append(out, gdvar.Property{Name: "script", Value: Ext(ids[path])})
			for _, v := range scripts[path] {
				if r.IntN(3) > 0 {
					continue
				}
				var value any = 2.0
				if x, ok := v.Default.(*External); ok && ids[x.Path] != "" && r.IntN(2) == 0 {
					value = Ext(ids[x.Path]) // at its default
				} else if ok && r.IntN(2) == 0 {
					value = Ext(ids[scenes[r.IntN(len(scenes))]])
				}
				out = append(out, gdvar.Property{Name: v.Name, Value: value})
			}
		}
		for range r.IntN(3) {
			if before > 0 {
				out = append(out, gdvar.Property{Name: fmt.Sprintf("metadata/r%d", r.IntN(9)), Value: Sub(fmt.Sprintf("R%d", r.IntN(before)))})
			}
		}
		r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	n := 1 + r.IntN(8)
	for i := range n {
		f.Resources = append(f.Resources, &Resource{Type: "Resource", ID: fmt.Sprintf("R%d", i), Properties: props(i)})
	}
	f.Main.Properties = props(n)
	f.useScripts(scripts)
	return f, scripts
}

// mergedDefaults are a resource's properties as a save walks them, the
// defaults of its script's variables in their places (declared order):
// the defaults made a list for each resource, as the walk had them
// before it met them in place.
func mergedDefaults(dw *defaultsWalk, props []gdvar.Property) []gdvar.Property {
	set := map[string]bool{}
	for _, p := range props {
		set[p.Name] = true
	}
	var defaults []*walkedVar
	for i := range dw.vars {
		if dw.vars[i].ext != nil {
			defaults = append(defaults, &dw.vars[i])
		}
	}
	var out []gdvar.Property
	next := 0
	add := func(upTo int) {
		for ; next < len(defaults) && defaults[next].at < upTo; next++ {
			if !set[defaults[next].name] {
				out = append(out, gdvar.Property{Name: defaults[next].name, Value: defaults[next].value()})
			}
		}
	}
	for _, p := range props {
		if i := dw.script.last(p.Name); i >= 0 {
			add(i)
		}
		out = append(out, p)
	}
	add(len(dw.script.vars))
	return out
}

// walkOrder is what a walk found: the resources and the external
// resources, in order.
func walkOrder(t *testing.T, f *File, sorted bool) (found, external []string) {
	w := newWalker(f, sorted)
	require.NoError(t, w.walk())
	for _, r := range w.found {
		found = append(found, r.ID)
	}
	for _, x := range w.external {
		external = append(external, x.key())
	}
	return found, external
}

// walksInPlace checks that a save's walks of a random file of scripted
// resources (randomScripted of seed), as text and binary, meet the
// defaults in place as they met them made a list for each resource, and
// returns the walks the defaults made meet more.
func walksInPlace(t *testing.T, seed uint64) (met int) {
	f, _ := randomScripted(rand.New(rand.NewPCG(seed, 1)))
	for _, form := range []Form{Text, Binary} {
		g, err := f.SavedAs("res://out.res", form)
		require.NoError(t, err)
		h := *g
		h.walkDefaults = map[*Resource]*defaultsWalk{} // none: they are in the properties
		h.Resources = cloneAll(g.Resources)
		main := *g.Main
		h.Main = &main
		for i, res := range append(h.Resources[:len(h.Resources):len(h.Resources)], h.Main) {
			orig := g.Main
			if i < len(g.Resources) {
				orig = g.Resources[i]
			}
			if dw := g.walkDefaults[orig]; dw != nil {
				res.Properties = mergedDefaults(dw, res.Properties)
			}
		}
		found, external := walkOrder(t, g, form == Text)
		wantFound, wantExternal := walkOrder(t, &h, form == Text)
		assert.Equal(t, wantFound, found, "seed %d, %s", seed, formNames[form])
		assert.Equal(t, wantExternal, external, "seed %d, %s", seed, formNames[form])
		without := *g
		without.walkDefaults = map[*Resource]*defaultsWalk{}
		if _, fewer := walkOrder(t, &without, form == Text); len(fewer) < len(external) {
			met++
		}
	}
	return met
}

// A save's walk meets the defaults of scripted resources' variables in
// place, passing over those whose resource it has met: it finds the
// resources in the order it found them with the defaults made a list for
// each resource.
func TestWalkedDefaultsInPlace(t *testing.T) {
	met := 0
	for seed := range uint64(300) {
		met += walksInPlace(t, seed)
	}
	assert.Greater(t, met, 200, "walks the defaults made meet more, of 600")
}

// FuzzWalkedDefaults is TestWalkedDefaultsInPlace for any seed.
func FuzzWalkedDefaults(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) { walksInPlace(t, seed) })
}
