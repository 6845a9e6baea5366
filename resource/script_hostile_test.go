package resource

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The resources of a file that share a script cost what their bytes do:
// each script's variables are asked for and indexed once a pass, and a
// resource's script is found by its ID, not by a scan of the externals.

// declaredScript gives the same stored variables for every script: n
// floats declared with a default.
type declaredScript struct{ vars []ScriptProperty }

func floatScript(n int) declaredScript {
	s := declaredScript{}
	for i := range n {
		s.vars = append(s.vars, ScriptProperty{Name: fmt.Sprintf("v%d", i), Default: 1.0})
	}
	return s
}

func (s declaredScript) StoredProperties(string) ([]ScriptProperty, error) { return s.vars, nil }

// source is the size of a script declaring the variables.
func (s declaredScript) source() int {
	n := 0
	for _, v := range s.vars {
		n += len("@export var " + v.Name + ": float = 1.0\n")
	}
	return n
}

// scriptedResources is a Godot 4 text resource of about size bytes whose
// main resource lists resources with scripts, each setting v0: there are
// scripts scripts, and the i-th resource's is the which(i)-th.
func scriptedResources(size, scripts int, which func(i int) int) []byte {
	var exts, subs, list strings.Builder
	for i := range scripts {
		fmt.Fprintf(&exts, "[ext_resource type=\"Script\" path=\"res://s%d.gd\" id=\"%d_s\"]\n", i, i)
	}
	for i := 0; exts.Len()+subs.Len()+list.Len() < size; i++ {
		fmt.Fprintf(&subs, "\n[sub_resource type=\"Resource\" id=\"Resource_%d\"]\nscript = ExtResource(\"%d_s\")\nv0 = %d.5\n", i, which(i), i)
		if i > 0 {
			list.WriteString(", ")
		}
		fmt.Fprintf(&list, "SubResource(\"Resource_%d\")", i)
	}
	return fmt.Appendf(nil, "[gd_resource type=\"Resource\" format=3]\n\n%s%s\n[resource]\nmetadata/all = [%s]\n", exts.String(), subs.String(), list.String())
}

// scriptedInput is a file of scripted resources and its scripts.
type scriptedInput struct {
	name    string
	file    []byte
	scripts declaredScript
}

// size is the bytes of the file and of a script's source.
func (in scriptedInput) size() int { return len(in.file) + in.scripts.source() }

// hostileScripted are files of scripted resources of about size bytes
// that cost the most, and ordinary ones: resources of the last of many
// scripts, found by a scan of the externals for each, and resources
// sharing a script of many variables.
func hostileScripted(size int) []scriptedInput {
	many := size / 200
	return []scriptedInput{
		{"ordinary scripted resources", scriptedResources(size, 8, func(i int) int { return i % 8 }), floatScript(4)},
		{"resources of the last of many scripts", scriptedResources(size, many, func(int) int { return many - 1 }), floatScript(4)},
		{"resources sharing a script of many variables", scriptedResources(size*15/16, 1, func(int) int { return 0 }), floatScript(size / 16 / 30)},
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
	f, err := Read(bytes.NewReader(scriptedResources(8<<10, 2, func(i int) int { return i % 2 })), WithScripts(script))
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
