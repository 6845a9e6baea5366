package configfile

import (
	"hash/maphash"
	"iter"
	"slices"
)

// store holds a File's sections in the order they came, each with its keys
// in the order they came, as the engine's insertion-ordered maps do. The
// keys of all sections are one list, in which each section chains its own,
// found by one index (the sections by another): a section costs a few
// dozen bytes, where an ordered map and a Go map of its own cost hundreds
// (1 MiB of one-key sections, "[abc]k=0", took 74 bytes a byte of text to
// read, and held 53).
type store struct {
	sections blocks[section]
	entries  blocks[entry]
	byName   index // sections by name
	byKey    index // entries by section and key
	seed     maphash.Seed
	held     int32 // the sections held
	live     int32 // the entries held
	gone     int32 // and those removed, still in entries until compact
}

// section is a section and the chain of its entries.
type section struct {
	name        string
	first, last int32 // its first and last entries, or -1
	keys        int32 // the keys it holds: none once removed
}

// entry is a key of a section, with its value.
type entry struct {
	key     string
	v       any // nil once removed
	section int32
	next    int32 // the next entry of the section, or -1
}

// find returns the section named name, or -1.
func (s *store) find(name string) int32 {
	if s.sections.n == 0 {
		return -1
	}
	return s.byName.find(maphash.String(s.seed, name), func(p int32) bool {
		sec := s.sections.at(p)
		return sec.keys > 0 && sec.name == name
	})
}

// lookup returns the entry of key in section sec, or -1.
func (s *store) lookup(sec int32, key string) int32 {
	return s.byKey.find(s.keyHash(sec, key), func(p int32) bool {
		e := s.entries.at(p)
		return e.section == sec && e.v != nil && e.key == key
	})
}

// keyHash is the hash of key in section sec: the sections' numbers are
// multiplied by an odd constant, so that the same key in consecutive
// sections takes consecutive numbers apart.
func (s *store) keyHash(sec int32, key string) uint64 {
	return maphash.String(s.seed, key) ^ uint64(sec)*0x9e3779b97f4a7c15
}

func (s *store) nameHashAt(p int32) uint64 { return maphash.String(s.seed, s.sections.at(p).name) }

func (s *store) keyHashAt(p int32) uint64 {
	e := s.entries.at(p)
	return s.keyHash(e.section, e.key)
}

// get returns key's value in section name, and whether it is there.
func (s *store) get(name, key string) (any, bool) {
	if sec := s.find(name); sec >= 0 {
		if p := s.lookup(sec, key); p >= 0 {
			return s.entries.at(p).v, true
		}
	}
	return nil, false
}

// set sets key's value in section name; v is not nil. A new key comes last
// in its section, a new section last.
func (s *store) set(name, key string, v any) {
	sec := s.find(name)
	if sec < 0 {
		if s.sections.n == 0 {
			s.seed = maphash.MakeSeed()
		}
		sec = s.sections.add(section{name: name, first: -1, last: -1})
		s.byName.add(maphash.String(s.seed, name), s.nameHashAt)
		s.held++
	} else if p := s.lookup(sec, key); p >= 0 {
		s.entries.at(p).v = v
		return
	}
	s.chain(sec, key, v)
	s.byKey.add(s.keyHash(sec, key), s.keyHashAt)
}

// chain adds an entry at the end of section sec's chain.
func (s *store) chain(sec int32, key string, v any) {
	p := s.entries.add(entry{key: key, v: v, section: sec, next: -1})
	c := s.sections.at(sec)
	if c.last >= 0 {
		s.entries.at(c.last).next = p
	} else {
		c.first = p
	}
	c.last = p
	c.keys++
	s.live++
}

// remove removes key from section name, and the section with its last
// key.
func (s *store) remove(name, key string) {
	sec := s.find(name)
	if sec < 0 {
		return
	}
	p := s.lookup(sec, key)
	if p < 0 {
		return
	}
	s.entries.at(p).v = nil
	c := s.sections.at(sec)
	if c.keys--; c.keys == 0 {
		s.held--
	}
	s.live--
	if s.gone++; s.gone > 16 && s.gone > s.live {
		s.compact()
	}
}

// compact drops the removed entries and sections, which then outnumber
// those held, keeping the order of the rest.
func (s *store) compact() {
	old := *s
	s.sections, s.entries, s.live, s.gone = blocks[section]{}, blocks[entry]{}, 0, 0 // held stays
	for i := range old.sections.n {
		sec := old.sections.at(i)
		if sec.keys == 0 {
			continue
		}
		n := s.sections.add(section{name: sec.name, first: -1, last: -1})
		for p := sec.first; p >= 0; p = old.entries.at(p).next {
			if e := old.entries.at(p); e.v != nil {
				s.chain(n, e.key, e.v)
			}
		}
	}
	s.byName.rebuild(s.sections.n, s.nameHashAt)
	s.byKey.rebuild(s.entries.n, s.keyHashAt)
}

// clone returns a copy of s, made to size.
func (s *store) clone() store {
	c := *s
	c.sections, c.entries = s.sections.clone(), s.entries.clone()
	c.byName.groups, c.byKey.groups = slices.Clone(s.byName.groups), slices.Clone(s.byKey.groups)
	return c
}

// all yields the sections held, in order, by name and number.
func (s *store) all() iter.Seq2[string, int32] {
	return func(yield func(string, int32) bool) {
		for i := range s.sections.n {
			if sec := s.sections.at(i); sec.keys > 0 && !yield(sec.name, i) {
				return
			}
		}
	}
}

// keys yields the keys of section sec and their values, in order.
func (s *store) keys(sec int32) iter.Seq2[string, any] {
	return func(yield func(string, any) bool) {
		for p := s.sections.at(sec).first; p >= 0; {
			e := s.entries.at(p)
			if e.v != nil && !yield(e.key, e.v) {
				return
			}
			p = e.next
		}
	}
}
