package vartext

import (
	"bytes"
	"encoding/binary"
	"math"

	"github.com/gdvar/gdvar"
)

// keyCheck finds, while a value is read, whether a Dictionary has a key
// twice (a key the engine takes for equal to another: see equalKey). Each
// key is captured as it is read; a Dictionary inside a key is checked as
// that key is built.
type keyCheck struct {
	sets    []keySet // the keys of each Dictionary open outside keys, reused
	open    int      // how many of sets are in use
	inKey   bool
	capture *keyCapture // made for the first key
	dups    bool
}

func (k *keyCheck) reset() {
	k.open, k.inKey, k.dups = 0, false, false
	if k.capture != nil {
		k.capture.tree.keys.forget()
	}
}

// release gives back what the captured keys' tree holds.
func (k *keyCheck) release() {
	if k.capture != nil {
		k.capture.tree.release()
	}
}

// enter starts a Dictionary.
func (k *keyCheck) enter() {
	if k.inKey {
		return
	}
	if k.open == len(k.sets) {
		k.sets = append(k.sets, keySet{})
	}
	k.sets[k.open].reset()
	k.open++
}

func (k *keyCheck) leave() {
	if !k.inKey {
		k.open--
	}
}

// note notes the key just captured in the innermost Dictionary.
func (k *keyCheck) note() {
	key, dups := k.capture.result()
	k.dups = k.dups || dups || !k.sets[k.open-1].add(key)
}

// keySet is a set of keys' forms: a list while it is short, a map after.
type keySet struct {
	arena []byte
	ends  []int
	m     map[string]bool
}

const keySetList = 16

func (s *keySet) reset() { s.arena, s.ends, s.m = s.arena[:0], s.ends[:0], nil }

// add adds key, reporting false if it was there.
func (s *keySet) add(key []byte) bool {
	if s.m != nil {
		if s.m[string(key)] {
			return false
		}
		s.m[string(key)] = true
		return true
	}
	start := 0
	for _, end := range s.ends {
		if bytes.Equal(s.arena[start:end], key) {
			return false
		}
		start = end
	}
	s.arena = append(s.arena, key...)
	s.ends = append(s.ends, len(s.arena))
	if len(s.ends) == keySetList {
		s.m = make(map[string]bool, 2*keySetList)
		start := 0
		for _, end := range s.ends {
			s.m[string(s.arena[start:end])] = true
			start = end
		}
	}
	return true
}

// keyCapture takes a key's form as the parser reads it: a short form of
// its own for a key of one token or a string; for a container, its number
// (see keyIDs), from the key built whole.
type keyCapture struct {
	cfg  config
	form []byte
	deep bool // a container: built in tree
	tree treeBuilder
}

func (c *keyCapture) reset(cfg config) { c.cfg, c.form, c.deep = cfg, c.form[:0], false }

// result returns the key's form, and whether a Dictionary inside it had a
// key twice.
func (c *keyCapture) result() ([]byte, bool) {
	if c.deep {
		c.tree.root = nil // only its number is needed
		c.form = append(c.form[:0], 'c')
		return binary.LittleEndian.AppendUint32(c.form, c.tree.rootID), c.tree.dups
	}
	return c.form, false
}

// container starts a container, which is built whole.
func (c *keyCapture) container() {
	if !c.deep {
		c.deep = true
		c.tree.resetKey(c.cfg)
	}
}

func (c *keyCapture) scalar(v any) error {
	if c.deep {
		return c.tree.scalar(v)
	}
	c.form = append(c.form, equalKey(v, c.cfg)...) // nil, bool and the rarer types
	return nil
}

func (c *keyCapture) number(n number) error {
	switch {
	case c.deep:
		return c.tree.number(n)
	case n.float:
		c.form = append(c.form, 'f')
		c.form = binary.LittleEndian.AppendUint64(c.form, math.Float64bits(sameFloat(n.f)))
	default:
		c.form = append(c.form, 'i')
		c.form = binary.LittleEndian.AppendUint64(c.form, uint64(n.i))
	}
	return nil
}

func (c *keyCapture) math(t gdvar.Type, n []float64) error {
	if c.deep {
		return c.tree.math(t, n)
	}
	c.form = append(c.form, 'm', byte(t))
	for _, f := range n {
		if c.cfg.precision == gdvar.Single || t == gdvar.TypeColor {
			f = float64(float32(f))
		}
		c.form = binary.LittleEndian.AppendUint64(c.form, math.Float64bits(sameFloat(f)))
	}
	return nil
}

// sameFloat returns the float the engine finds equal to f as a key: 0 for
// -0, one NaN for all.
func sameFloat(f float64) float64 {
	switch {
	case f == 0:
		return 0
	case f != f:
		return godotNaN
	}
	return f
}

func (c *keyCapture) beginString(k gdvar.Kind) error {
	if c.deep {
		return c.tree.beginString(k)
	}
	if k == gdvar.KindStringName && c.cfg.dialect != Godot4 {
		c.form = append(c.form, 'n')
	} else {
		c.form = append(c.form, 's') // Godot 4 finds a String and a StringName of one text equal
	}
	return nil
}

func (c *keyCapture) stringChunk(b []byte) error {
	if c.deep {
		return c.tree.stringChunk(b)
	}
	c.form = append(c.form, b...)
	return nil
}

func (c *keyCapture) endString() error {
	if c.deep {
		return c.tree.endString()
	}
	return nil
}

func (c *keyCapture) beginArray(elem gdvar.ContainerType) error {
	c.container()
	return c.tree.beginArray(elem)
}

func (c *keyCapture) endArray() error { return c.tree.endArray() }

func (c *keyCapture) beginDict(key, value gdvar.ContainerType) error {
	c.container()
	return c.tree.beginDict(key, value)
}

func (c *keyCapture) dictKey() error { return c.tree.dictKey() }

func (c *keyCapture) endDict() error { return c.tree.endDict() }

func (c *keyCapture) beginPacked(t gdvar.Type) error {
	c.container()
	return c.tree.beginPacked(t)
}

func (c *keyCapture) packedInt(n int64) error { return c.tree.packedInt(n) }

func (c *keyCapture) packedReal(f float64) error { return c.tree.packedReal(f) }

func (c *keyCapture) endPacked() error { return c.tree.endPacked() }

func (c *keyCapture) beginObject(class string) error {
	c.container()
	return c.tree.beginObject(class)
}

func (c *keyCapture) property(name string) error { return c.tree.property(name) }

func (c *keyCapture) endObject() error { return c.tree.endObject() }
