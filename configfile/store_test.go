package configfile

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/vartext"
)

// model is what Set does, the plain way: sections and keys in slices.
type model struct {
	godot4   bool
	sections []modelSection
}

type modelSection struct {
	name   string
	keys   []string
	values []any
}

func (m *model) set(name, key string, v any) {
	i := slices.IndexFunc(m.sections, func(s modelSection) bool { return s.name == name })
	if v == nil {
		if i < 0 {
			return
		}
		s := &m.sections[i]
		if j := slices.Index(s.keys, key); j >= 0 {
			s.keys, s.values = slices.Delete(s.keys, j, j+1), slices.Delete(s.values, j, j+1)
		}
		if len(s.keys) == 0 {
			m.sections = slices.Delete(m.sections, i, i+1)
		}
		return
	}
	if i < 0 {
		i = len(m.sections)
		m.sections = append(m.sections, modelSection{name: name})
		if name == "" && m.godot4 { // Godot 4 puts it first
			m.sections = append([]modelSection{m.sections[i]}, m.sections[:i]...)
			i = 0
		}
	}
	s := &m.sections[i]
	if j := slices.Index(s.keys, key); j >= 0 {
		s.values[j] = v
		return
	}
	s.keys, s.values = append(s.keys, key), append(s.values, v)
}

// Set, as the engine's set_value, against the model: keys set, set again,
// erased (sections going with their last key) and set anew, in both
// dialects, with the removed entries dropped once they outnumber those
// held.
func TestSetAsTheModel(t *testing.T) {
	for _, d := range []vartext.Dialect{vartext.Godot4, vartext.Godot3} {
		t.Run(d.String(), func(t *testing.T) {
			rnd := rand.New(rand.NewPCG(1, uint64(d)))
			f := mustNew(t, WithText(vartext.WithDialect(d)))
			m := model{godot4: d == vartext.Godot4}
			compacted := 0
			for step := range 20000 {
				before := f.s.entries.n
				name := strconv.Itoa(rnd.IntN(40))
				if name == "0" {
					name = ""
				}
				key := strconv.Itoa(rnd.IntN(30))
				var v any = int64(step)
				if rnd.IntN(100) < 45+step/1000 { // erasing gains on setting, then loses
					v = nil
				}
				f.Set(name, key, v)
				m.set(name, key, v)
				if step%97 == 0 || step > 19900 {
					checkModel(t, f, &m)
				}
				require.LessOrEqual(t, f.s.entries.n, 2*f.s.live+17, "step %d: removed entries are dropped", step)
				if f.s.entries.n < before {
					compacted++
				}
			}
			assert.Greater(t, compacted, 3, "compactions")
		})
	}
}

func checkModel(t *testing.T, f *File, m *model) {
	t.Helper()
	var names []string
	for _, s := range m.sections {
		names = append(names, s.name)
		require.Equal(t, s.keys, f.Keys(s.name), "section %q", s.name)
		for i, k := range s.keys {
			v, ok := f.Get(s.name, k)
			require.True(t, ok)
			require.Equal(t, s.values[i], v)
		}
	}
	if names == nil {
		names = []string{}
	}
	require.Equal(t, names, f.Sections())
	_, ok := f.Get("absent", "0")
	assert.False(t, ok)
	assert.Nil(t, f.Keys("absent"))
}

// All walks the keys as Sections and Keys list them; a Clone has them too,
// in its own dialect's order, and changes apart from its original.
func TestAllAndClone(t *testing.T) {
	f, err := Read(strings.NewReader("[b]\nx=1\ny=[2]\n[]\n[c]\nz=3\n"), WithText(vartext.WithDialect(vartext.Godot3)))
	require.NoError(t, err)
	f.Set("", "top", true)
	f.Set("b", "x", nil)
	var got []string
	for k, v := range f.All() {
		got = append(got, fmt.Sprintf("[%s] %s=%v", k.Section, k.Name, v))
	}
	assert.Equal(t, []string{"[b] y=[2]", "[c] z=3", "[] top=true"}, got)
	for k := range f.All() {
		assert.Equal(t, "b", k.Section, "the walk stops when asked")
		break
	}

	g := mustClone(t, f, WithText(vartext.WithDialect(vartext.Godot4)))
	assert.Equal(t, vartext.Godot4, g.Dialect())
	assert.Equal(t, []string{"", "b", "c"}, g.Sections(), "Godot 4 writes the section \"\" first")
	g.Set("b", "y", int64(5))
	g.Set("c", "z", nil)
	g.Set("d", "w", int64(6))
	v, _ := f.Get("b", "y")
	assert.Equal(t, []any{int64(2)}, v)
	assert.Equal(t, []string{"b", "c", ""}, f.Sections())
	text, err := g.Bytes()
	require.NoError(t, err)
	assert.Equal(t, "top=true\n\n[b]\n\ny=5\n\n[d]\n\nw=6\n", string(text))
}

// mustNew returns New's File, failing tb on an error.
func mustNew(tb testing.TB, opts ...Option) *File {
	tb.Helper()
	f, err := New(opts...)
	require.NoError(tb, err)
	return f
}

// mustClone returns f's Clone, failing tb on an error.
func mustClone(tb testing.TB, f *File, opts ...Option) *File {
	tb.Helper()
	g, err := f.Clone(opts...)
	require.NoError(tb, err)
	return g
}
