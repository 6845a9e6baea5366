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
	memo keyMemo
}

// keyMemo keeps the keys of the last small Dictionary at one level whose
// keys were all plain and distinct. A Dictionary whose keys repeat them in
// order (the next record of the same kind) needs no hashing: its keys are
// compared with the memo's, and hashed only from the first that differs.
type keyMemo struct {
	keys, next  []byte // keys back to back: the memo's, this Dictionary's
	ends, nexts []int  // where each key ends in keys, in next
	n           int    // keys of this Dictionary seen
	left        bool   // a key differed from the memo's: next holds the keys
	bad         bool   // a key was not plain or not new, or next grew too long
}

// Limits of the Dictionaries the memo keeps.
const (
	memoKeys  = 32
	memoBytes = 1 << 10
)

func (m *keyMemo) key(i int) []byte {
	start := 0
	if i > 0 {
		start = m.ends[i-1]
	}
	return m.keys[start:m.ends[i]]
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

// addKey reports whether k can be a member name of the plain object whose
// names are in s so far, and adds it.
func (s *keySet) addKey(seed maphash.Seed, k gdvar.Token) bool {
	m := &s.memo
	b := k.Bytes()
	if !m.left {
		if m.n < len(m.ends) && string(b) == string(m.key(m.n)) &&
			k.Kind() == gdvar.KindString && k.IsLast() && k.Offset() == 0 && k.IsCanonical() {
			m.n++
			return true
		}
		// The keys so far are the memo's first n: hash them, and keep them
		// for a new memo.
		m.left = true
		m.nexts = append(m.nexts[:0], m.ends[:m.n]...)
		m.next = m.next[:0]
		if m.n > 0 {
			m.next = append(m.next, m.keys[:m.ends[m.n-1]]...)
		}
		for i := range m.n {
			s.add(maphash.Bytes(seed, m.key(i)))
		}
	}
	m.n++
	ok := plainKey(k) && s.add(maphash.Bytes(seed, b))
	m.bad = m.bad || !ok || m.n > memoKeys || len(m.next)+len(b) > memoBytes
	if !m.bad {
		m.next = append(m.next, b...)
		m.nexts = append(m.nexts, len(m.next))
	}
	return ok
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
	s.memo.n, s.memo.left, s.memo.bad = 0, false, false
	return s
}

// close ends the innermost level; its Dictionary's keys become the memo
// if they fit one.
func (l *lookahead) close() {
	m := &l.sets[len(l.sets)-1].memo
	if m.left && !m.bad {
		m.keys, m.next = m.next, m.keys
		m.ends, m.nexts = m.nexts, m.ends
	}
	l.sets = l.sets[:len(l.sets)-1]
}

// LookAhead reads the next value from dec, as a first pass, and records
// what the JSON form of each part depends on that comes later in the
// value, for a CopyValue of the same value (from a second [Decoder] over the
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
// member name: a String of at most gdvar.MinChunkSize bytes, which every
// Decoder gives whole (so that the form does not depend on the chunk size),
// written as Godot writes it, UTF-8, not starting with "$".
func plainKey(k gdvar.Token) bool {
	return k.Kind() == gdvar.KindString && k.IsLast() && k.Offset() == 0 && len(k.Bytes()) <= gdvar.MinChunkSize &&
		k.IsCanonical() && utf8.Valid(k.Bytes()) && !bytes.HasPrefix(k.Bytes(), []byte("$"))
}

func (enc *Encoder) lookDictionary(dec *gdvar.Decoder, t gdvar.Token) error {
	i := enc.plan.reserve()
	ok := plainType(t)
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
		ok = ok && enc.newKey(keys, k)
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

// plainType reports whether a Dictionary's start allows a plain JSON
// object: untyped and not shared.
func plainType(t gdvar.Token) bool {
	return t.KeyType().Kind == gdvar.Untyped && t.ValueType().Kind == gdvar.Untyped && !t.Shared()
}

// newKey reports whether k can be a member name of the plain object whose
// names so far are in keys, and adds it.
func (enc *Encoder) newKey(keys *keySet, k gdvar.Token) bool {
	return keys.addKey(enc.look.seed, k)
}

// newProperty reports whether p's name is UTF-8 and new among names, and
// adds it.
func (enc *Encoder) newProperty(names *keySet, p gdvar.Token) bool {
	return p.IsCanonical() && utf8.ValidString(p.Name()) && names.add(maphash.String(enc.look.seed, p.Name()))
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
		ok = ok && enc.newProperty(names, p)
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
	chk := textCheck{element: element}
	for {
		chk.next(t)
		if t.IsLast() {
			return chk.ok(t), nil
		}
		var err error
		if t, err = dec.ReadToken(); err != nil {
			return false, err
		}
	}
}

// textCheck follows a string's chunks to tell whether it is UTF-8 with
// zero padding and, for a PackedStringArray element, ends with its NUL.
type textCheck struct {
	u       utf8Check
	element bool
	bad     bool // an element without its NUL
}

// next checks chunk t and returns its text (an element's without its NUL).
func (c *textCheck) next(t gdvar.Token) []byte {
	s := t.Bytes()
	if c.element && t.IsLast() {
		if len(s) == 0 || s[len(s)-1] != 0 {
			c.bad = true
		} else {
			s = s[:len(s)-1]
		}
	}
	c.u.write(s)
	return s
}

// ok is the verdict once last, the string's last chunk, was checked.
func (c *textCheck) ok(last gdvar.Token) bool { return !c.bad && c.u.done() && last.IsCanonical() }

// lookPacked reads a packed array and records whether it is written as
// Godot writes it.
func (enc *Encoder) lookPacked(dec *gdvar.Decoder, t gdvar.Token) error {
	i := enc.plan.reserve()
	chk := newPackedCheck(t)
	for {
		c, err := dec.ReadToken()
		if err != nil {
			return err
		}
		switch c.Kind() {
		case gdvar.KindPackedEnd:
			enc.plan.set(i, chk.end(c))
			return nil
		case gdvar.KindString:
			good, err := enc.lookString(dec, c, true)
			if err != nil {
				return err
			}
			chk.ok = chk.ok && good
		case gdvar.KindPackedChunk:
			chk.chunk(c)
		}
	}
}

// packedCheck follows a packed array's chunks to tell whether it is
// written as Godot writes it: canonical start and end, PackedStringArray
// elements UTF-8 with their NUL (checked by the caller into ok), vector
// elements with the width Marshal's rule picks for them all and bits a
// float64 keeps.
type packedCheck struct {
	ok      bool
	vectors bool // elements of several floats each
	is64    bool
	wide    bool // a component needs 64 bits
}

func newPackedCheck(t gdvar.Token) packedCheck {
	return packedCheck{
		ok:      t.IsCanonical(),
		vectors: mathwalk.PerElement(t.Type()) > 1 && t.Type() != gdvar.TypePackedColorArray,
		is64:    t.Is64(),
	}
}

func (p *packedCheck) chunk(c gdvar.Token) {
	switch {
	case !p.vectors:
	case c.Is64():
		for _, f := range gdvar.ChunkOf[float64](c) {
			if p.wide {
				break
			}
			p.wide = needs64(f)
		}
	default:
		for _, f := range gdvar.ChunkOf[float32](c) {
			p.ok = p.ok && math.Float32bits(float32(float64(f))) == math.Float32bits(f)
		}
	}
}

// end is the verdict, given the array's end token.
func (p *packedCheck) end(c gdvar.Token) bool {
	return p.ok && c.IsCanonical() && !(p.vectors && p.is64 && !p.wide)
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
