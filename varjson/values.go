package varjson

import "unsafe"

// values gathers the elements of the arrays open (see collect) in half the
// room of interfaces when elements of one type come in runs, as they do in
// arrays: each value's data word in one pile, and its type word once a run
// in another. An Array of empty Dictionaries, "{}," 3 bytes each, then
// takes 64 bytes a Dictionary, 16 its element and 8 gathering it: 29 a
// byte, where gathering interfaces took 32, and a doubling slice 43.
type values struct {
	words pile[unsafe.Pointer] // each value's data word
	runs  pile[typeRun]        // the runs of values of one type, in order
	typ   unsafe.Pointer       // the last run's type word
}

// typeRun is a run of values of one type: its type word, and the position
// of its first value; it ends where the next begins.
type typeRun struct {
	typ   unsafe.Pointer
	start int
}

// A mark is where the values of a container begin: their position, and
// the runs before them.
type mark struct{ words, runs int }

// eface is the layout of an interface{}: its type word and its data word.
type eface struct{ typ, data unsafe.Pointer }

func (s *values) mark() mark { return mark{s.words.len(), s.runs.len()} }

func (s *values) len() int { return s.words.len() }

// push puts v on top.
func (s *values) push(v any) {
	e := (*eface)(unsafe.Pointer(&v))
	if s.runs.len() == 0 || s.typ != e.typ {
		s.runs.push(typeRun{e.typ, s.words.len()})
		s.typ = e.typ
	}
	s.words.push(e.data)
}

// copyTo sets out to the values from m on, as many as it holds.
func (s *values) copyTo(out []any, m mark) {
	if len(out) == 0 {
		return
	}
	k := m.runs // the run of the first value: its own, or the one it went on with
	if k == s.runs.len() || s.runs.at(k).start != m.words {
		k--
	}
	runs, words := s.runs.from(k), s.words.from(m.words)
	run := runs.next()
	for i := 0; i < len(out); {
		end, next := len(out), typeRun{} // where the run ends in out, and the next
		if k++; k < s.runs.len() {
			next = runs.next()
			end = min(end, next.start-m.words)
		}
		for i < end {
			ws := words.take(end - i)
			for j, w := range ws {
				*(*eface)(unsafe.Pointer(&out[i+j])) = eface{run.typ, w}
			}
			i += len(ws)
		}
		run = next
	}
}

// truncate drops the values from m on. The run they began with, if they
// went on with one, stays: it ends where the values now end.
func (s *values) truncate(m mark) {
	s.words.truncate(m.words)
	s.runs.truncate(m.runs)
	if s.runs.len() > 0 {
		s.typ = s.runs.last().typ
	}
}

// empty drops every value, and the chunks a large value's took.
func (s *values) empty() {
	s.words.empty()
	s.runs.empty()
}
