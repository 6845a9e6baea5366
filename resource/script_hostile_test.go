package resource

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The resources of a file that share a script cost what their bytes do:
// each script's variables are asked for and indexed once a pass, and a
// resource's script is found by its ID, not by a scan of the externals.

// declaredScript gives the same stored variables for every script, and
// the size of a script declaring them.
type declaredScript struct {
	vars  []ScriptProperty
	bytes int
}

// floatScript declares n floats with a default.
func floatScript(n int) declaredScript {
	s := declaredScript{}
	for i := range n {
		s.vars = append(s.vars, ScriptProperty{Name: fmt.Sprintf("v%d", i), Default: 1.0})
		s.bytes += len(fmt.Sprintf("@export var v%d: float = 1.0\n", i))
	}
	return s
}

// walkedScript declares n variables whose defaults the savers walk:
// Arrays typed with a script, and scenes preloaded, in turn.
func walkedScript(n int) declaredScript {
	s := declaredScript{}
	item := gdvar.ContainerType{Kind: gdvar.TypedScript, Name: "res://item.gd"}
	for i := range n {
		v := ScriptProperty{Name: fmt.Sprintf("v%d", i), Elem: []gdvar.ContainerType{item}, Default: gdvar.Array{Type: item}}
		line := fmt.Sprintf("@export var v%d: Array[Item] = []\n", i)
		if i%2 == 1 {
			v = ScriptProperty{Name: v.Name, Object: true, Default: &External{Type: "PackedScene", Path: "res://scene.tscn"}}
			line = fmt.Sprintf("@export var v%d: PackedScene = preload(\"res://scene.tscn\")\n", i)
		}
		s.vars = append(s.vars, v)
		s.bytes += len(line)
	}
	return s
}

func (s declaredScript) StoredProperties(string) ([]ScriptProperty, error) { return s.vars, nil }

// scriptedResources is a Godot 4 text resource of about size bytes whose
// main resource lists resources with scripts, each setting v0: there are
// scripts scripts, and the i-th resource's is the which(i)-th. In a
// chain, each resource also refers to the one before it, before the
// walk meets its script's defaults.
func scriptedResources(size, scripts int, which func(i int) int, chain bool) []byte {
	var exts, subs, list strings.Builder
	for i := range scripts {
		fmt.Fprintf(&exts, "[ext_resource type=\"Script\" path=\"res://s%d.gd\" id=\"%d_s\"]\n", i, i)
	}
	var refs []string // the main resource's, the last first: a chain is walked from its end
	for i, n := 0, exts.Len(); n < size; i++ {
		section := fmt.Sprintf("\n[sub_resource type=\"Resource\" id=\"Resource_%d\"]\nscript = ExtResource(\"%d_s\")\nv0 = null\n", i, which(i))
		if chain && i > 0 {
			section += fmt.Sprintf("metadata/next = SubResource(\"Resource_%d\")\n", i-1)
		}
		subs.WriteString(section)
		refs = append(refs, fmt.Sprintf("SubResource(\"Resource_%d\")", i))
		n += len(section) + len(refs[i]) + 2
	}
	slices.Reverse(refs)
	list.WriteString(strings.Join(refs, ", "))
	return fmt.Appendf(nil, "[gd_resource type=\"Resource\" format=3]\n\n%s%s\n[resource]\nmetadata/all = [%s]\n", exts.String(), subs.String(), list.String())
}

// scriptedInput is a file of scripted resources and its scripts.
type scriptedInput struct {
	name    string
	file    []byte
	scripts declaredScript
}

// size is the bytes of the file and of a script's source.
func (in scriptedInput) size() int { return len(in.file) + in.scripts.bytes }

// hostileScripted are files of scripted resources of about size bytes
// that cost the most, and ordinary ones: resources of the last of many
// scripts, found by a scan of the externals for each, and resources
// sharing a script of many variables.
func hostileScripted(size int) []scriptedInput {
	many := size / 200
	return []scriptedInput{
		{"ordinary scripted resources", scriptedResources(size, 8, func(i int) int { return i % 8 }, false), floatScript(4)},
		{"resources of the last of many scripts", scriptedResources(size, many, func(int) int { return many - 1 }, false), floatScript(4)},
		{"resources sharing a script of many variables", scriptedResources(size*15/16, 1, func(int) int { return 0 }, false), floatScript(size / 16 / 30)},
		{"resources sharing a script of many walked defaults", scriptedResources(size*15/16, 1, func(int) int { return 0 }, false), walkedScript(size / 16 / 45)},
		{"a chain of resources sharing a script of many walked defaults", scriptedResources(size*15/16, 1, func(int) int { return 0 }, true), walkedScript(size / 16 / 45)},
	}
}

// saveScripted reads a file of scripted resources knowing its scripts and
// saves it in a form.
func saveScripted(in scriptedInput, form Form) error {
	f, err := Read(bytes.NewReader(in.file), WithScripts(in.scripts))
	if err != nil {
		return err
	}
	f.Path = "res://scripted.tres"
	g, err := f.SavedAs("res://saved.res", form)
	if err != nil {
		return err
	}
	if form == Text {
		_, err = g.AppendText(nil)
	} else {
		_, err = g.AppendBinary(nil)
	}
	return err
}

// Reading a file of scripted resources and saving it, as text and binary,
// allocate within hostile.Bound of its bytes and its script's.
func TestHostileScriptedResources(t *testing.T) {
	inputs := hostileScripted(256 << 10)
	require.NoError(t, saveScripted(inputs[0], Text)) // the class tables, made once a process
	for _, in := range inputs {
		for _, form := range []Form{Text, Binary} {
			t.Run(in.name+"/"+formNames[form], func(t *testing.T) {
				var err error
				hostile.HeapInUse()
				alloc := hostile.Allocated(func() { err = saveScripted(in, form) })
				require.NoError(t, err)
				t.Logf("%d bytes: %.1f bytes allocated a byte", in.size(), float64(alloc)/float64(in.size()))
				assert.LessOrEqual(t, alloc, hostile.Bound(in.size()))
			})
		}
	}
}

// BenchmarkHostileScriptedResources saves each file of scripted resources
// as text and binary, at 256 KiB and 1 MiB: the ratios of their CPU times
// per byte to the ordinary file's are what a hostile file costs.
//
//	go test -run '^$' -bench HostileScriptedResources -benchtime 3x ./resource
func BenchmarkHostileScriptedResources(b *testing.B) {
	for _, size := range []int{256 << 10, 1 << 20} {
		for _, in := range hostileScripted(size) {
			for _, form := range []Form{Text, Binary} {
				b.Run(fmt.Sprintf("%dKiB/%s/%s", size>>10, in.name, formNames[form]), func(b *testing.B) {
					cputime.PerByte(b, in.size(), func() error { return saveScripted(in, form) })
				})
			}
		}
	}
}

// countedScript counts the times its variables are asked for.
type countedScript struct {
	declaredScript
	asked int
}

func (s *countedScript) StoredProperties(path string) ([]ScriptProperty, error) {
	s.asked++
	return s.declaredScript.StoredProperties(path)
}

// A pass over the resources (the read, the save, the write) asks for a
// script's variables once, however many resources it has.
func TestScriptAskedOnceAPass(t *testing.T) {
	script := &countedScript{declaredScript: floatScript(3)}
	f, err := Read(bytes.NewReader(scriptedResources(8<<10, 2, func(i int) int { return i % 2 }, false)), WithScripts(script))
	require.NoError(t, err)
	require.Greater(t, len(f.Resources), 50)
	asked := script.asked
	assert.LessOrEqual(t, asked, 2*2, "read: %d resources", len(f.Resources))
	g, err := f.SavedAs("res://saved.res", Binary)
	require.NoError(t, err)
	_, err = g.AppendBinary(nil)
	require.NoError(t, err)
	assert.LessOrEqual(t, script.asked-asked, 3*2, "saved and written")
}
