package varjson

import (
	"bytes"
	"hash/maphash"
	"math"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// plan is LookAhead's record for CopyValue: a bit for each Dictionary,
// full Object, packed array and multi-chunk string, in the order they
// start, saying whether its plainer form fits.
type plan struct {
	bits []uint64
	n    int // bits recorded
	r    int // bits taken
}

func (p *plan) reserve() int {
	if p.n%64 == 0 {
		p.bits = append(p.bits, 0)
	}
	p.n++
	return p.n - 1
}

// truncate drops the bits recorded from n on: those of the parts of a
// value CopyValue will write as a $Raw, without looking inside.
func (p *plan) truncate(n int) {
	p.bits = p.bits[:(n+63)/64]
	if n%64 != 0 {
		p.bits[n/64] &= 1<<(n%64) - 1
	}
	p.n = n
}

func (p *plan) set(i int, ok bool) {
	if ok {
		p.bits[i/64] |= 1 << (i % 64)
	}
}

// take returns the next bit; false (the form that holds anything) when
// none is left.
func (p *plan) take() bool {
	if p.r >= p.n {
		return false
	}
	ok := p.bits[p.r/64]>>(p.r%64)&1 != 0
	p.r++
	if p.r == p.n {
		p.bits, p.n, p.r = p.bits[:0], 0, 0
	}
	return ok
}

// lookahead is LookAhead's working memory: the key hashes of the
// Dictionaries and Objects being read, one set per level.
type lookahead struct {
	seed maphash.Seed
	sets []*keySet
}

// keySet tells whether a name was seen in one Dictionary or Object, by
// hash: a collision only makes the output plainer-tagged, never wrong.
type keySet struct {
	few  []uint64
	many map[uint64]struct{}
}

// add reports whether the name with hash h is new.
func (s *keySet) add(h uint64) bool {
	if s.many != nil {
		_, dup := s.many[h]
		s.many[h] = struct{}{}
		return !dup
	}
	for _, x := range s.few {
		if x == h {
			return false
		}
	}
	s.few = append(s.few, h)
	if len(s.few) > 16 {
		s.many = make(map[uint64]struct{}, 2*len(s.few))
		for _, x := range s.few {
			s.many[x] = struct{}{}
		}
	}
	return true
}

// open returns an empty set for one more level.
func (l *lookahead) open() *keySet {
	if len(l.sets) < cap(l.sets) {
		l.sets = l.sets[:len(l.sets)+1]
	} else {
		l.sets = append(l.sets, nil)
	}
	s := l.sets[len(l.sets)-1]
	if s == nil {
		s = new(keySet)
		l.sets[len(l.sets)-1] = s
	}
	s.few, s.many = s.few[:0], nil
	return s
}

func (l *lookahead) close() { l.sets = l.sets[:len(l.sets)-1] }

// LookAhead reads the next value from dec, as a first pass, and records
// what the JSON form of each part depends on that comes later in the
// value, for a CopyValue of the same value (from a second Decoder over the
// same input). Values may be looked at one by one or all before the first
// CopyValue. At the end of dec's input it returns io.EOF.
func (enc *Encoder) LookAhead(dec *gdvar.Decoder) error {
	if enc.err != nil {
		return enc.err
	}
	t, err := dec.ReadToken()
	if err != nil {
		return err
	}
	return enc.lookValue(dec, t)
}

func (enc *Encoder) lookNext(dec *gdvar.Decoder) error {
	t, err := dec.ReadToken()
	if err != nil {
		return err
	}
	return enc.lookValue(dec, t)
}

// lookValue reads the rest of the value t starts.
func (enc *Encoder) lookValue(dec *gdvar.Decoder, t gdvar.Token) error {
	switch t.Kind() {
	case gdvar.KindArrayStart:
		start := enc.plan.n
		for range t.Len() {
			if err := enc.lookNext(dec); err != nil {
				return err
			}
		}
		if !t.IsCanonical() || !canonicalType(t.ElemType()) {
			enc.plan.truncate(start)
		}
		return enc.end(dec, gdvar.KindArrayEnd)
	case gdvar.KindDictStart:
		return enc.lookDictionary(dec, t)
	case gdvar.KindObjectStart:
		return enc.lookObject(dec, t)
	case gdvar.KindPackedStart:
		return enc.lookPacked(dec, t)
	case gdvar.KindString, gdvar.KindStringName:
		if !t.IsLast() {
			i := enc.plan.reserve()
			ok, err := enc.lookString(dec, t, false)
			enc.plan.set(i, ok && t.IsCanonical())
			return err
		}
	case gdvar.KindImageStart:
		for {
			c, err := dec.ReadToken()
			if err != nil || c.Kind() == gdvar.KindPackedEnd {
				return err
			}
		}
	}
	return nil
}

// plainKey reports whether a Dictionary key can be a plain JSON object's
// member name: a whole String, written as Godot writes it, UTF-8, not
// starting with "$".
func plainKey(k gdvar.Token) bool {
	return k.Kind() == gdvar.KindString && k.IsLast() && k.Offset() == 0 && k.IsCanonical() &&
		utf8.Valid(k.Bytes()) && !bytes.HasPrefix(k.Bytes(), []byte("$"))
}

func (enc *Encoder) lookDictionary(dec *gdvar.Decoder, t gdvar.Token) error {
	i := enc.plan.reserve()
	ok := t.KeyType().Kind == gdvar.Untyped && t.ValueType().Kind == gdvar.Untyped && !t.Shared()
	keys := enc.look.open()
	defer enc.look.close()
	for range t.Len() {
		if err := enc.end(dec, gdvar.KindDictKey); err != nil {
			return err
		}
		k, err := dec.ReadToken()
		if err != nil {
			return err
		}
		ok = ok && plainKey(k) && keys.add(maphash.Bytes(enc.look.seed, k.Bytes()))
		if err := enc.lookValue(dec, k); err != nil {
			return err
		}
		if err := enc.lookNext(dec); err != nil {
			return err
		}
	}
	if !t.IsCanonical() || !ok && (!canonicalType(t.KeyType()) || !canonicalType(t.ValueType())) {
		enc.plan.truncate(i + 1) // a $Raw
	}
	enc.plan.set(i, ok)
	return enc.end(dec, gdvar.KindDictEnd)
}

func (enc *Encoder) lookObject(dec *gdvar.Decoder, t gdvar.Token) error {
	i := enc.plan.reserve()
	ok := t.IsCanonical() && utf8.ValidString(t.Name())
	names := enc.look.open()
	defer enc.look.close()
	for range t.Len() {
		p, err := dec.ReadToken()
		if err != nil {
			return err
		}
		ok = ok && p.IsCanonical() && utf8.ValidString(p.Name()) && names.add(maphash.String(enc.look.seed, p.Name()))
		if err := enc.lookNext(dec); err != nil {
			return err
		}
	}
	if !ok {
		enc.plan.truncate(i + 1) // a $Raw
	}
	enc.plan.set(i, ok)
	return enc.end(dec, gdvar.KindObjectEnd)
}

// lookString reads the rest of a string from its chunk t and reports
// whether it is UTF-8 with zero padding (and, for a PackedStringArray
// element, ends with its NUL).
func (enc *Encoder) lookString(dec *gdvar.Decoder, t gdvar.Token, element bool) (bool, error) {
	var u utf8Check
	for {
		s := t.Bytes()
		if element && t.IsLast() {
			if len(s) == 0 || s[len(s)-1] != 0 {
				u.bad = true
			} else {
				s = s[:len(s)-1]
			}
		}
		u.write(s)
		if t.IsLast() {
			return u.done() && t.IsCanonical(), nil
		}
		var err error
		if t, err = dec.ReadToken(); err != nil {
			return false, err
		}
	}
}

// lookPacked reads a packed array and records whether it is written as
// Godot writes it: canonical start and end, PackedStringArray elements
// UTF-8 with their NUL, vector elements with the width Marshal's rule
// picks for them all and bits a float64 keeps.
func (enc *Encoder) lookPacked(dec *gdvar.Decoder, t gdvar.Token) error {
	i := enc.plan.reserve()
	ok := t.IsCanonical()
	vectors := mathwalk.PerElement(t.Type()) > 1 && t.Type() != gdvar.TypePackedColorArray
	wide := false // a component needs 64 bits
	for {
		c, err := dec.ReadToken()
		if err != nil {
			return err
		}
		switch c.Kind() {
		case gdvar.KindPackedEnd:
			if vectors && t.Is64() && !wide {
				ok = false
			}
			enc.plan.set(i, ok && c.IsCanonical())
			return nil
		case gdvar.KindString:
			good, err := enc.lookString(dec, c, true)
			if err != nil {
				return err
			}
			ok = ok && good
		case gdvar.KindPackedChunk:
			if !vectors {
				continue
			}
			if c.Is64() {
				for _, f := range gdvar.ChunkOf[float64](c) {
					wide = wide || needs64(f)
				}
				continue
			}
			for _, f := range gdvar.ChunkOf[float32](c) {
				ok = ok && math.Float32bits(float32(float64(f))) == math.Float32bits(f)
			}
		}
	}
}

// utf8Check validates text that arrives in pieces which may split a
// character.
type utf8Check struct {
	part [utf8.UTFMax]byte // the start of a character cut by a piece's end
	n    int
	bad  bool
}

func (u *utf8Check) write(p []byte) {
	for u.n > 0 && len(p) > 0 && !u.bad {
		u.part[u.n] = p[0]
		u.n++
		p = p[1:]
		if utf8.FullRune(u.part[:u.n]) {
			u.bad = !utf8.Valid(u.part[:u.n])
			u.n = 0
		} else if u.n == utf8.UTFMax {
			u.bad = true
		}
	}
	if u.bad || len(p) == 0 {
		return
	}
	// Keep a cut character at the end for the next piece.
	cut := len(p)
	for i := len(p) - 1; i >= 0 && i >= len(p)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(p[i]) {
			if !utf8.FullRune(p[i:]) {
				cut = i
			}
			break
		}
	}
	u.bad = !utf8.Valid(p[:cut])
	u.n = copy(u.part[:], p[cut:])
}

// done reports whether everything written was UTF-8.
func (u *utf8Check) done() bool { return !u.bad && u.n == 0 }
