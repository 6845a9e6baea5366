package pile

import "unsafe"

// Values gathers the elements of the arrays open in half the room of
// interfaces when elements of one type come in runs, as they do in arrays:
// each value's data word in one Pile, and its type word once a run in
// another. An Array of empty Dictionaries, "{}," 3 bytes each, then takes
// 64 bytes a Dictionary, 16 its element and 8 gathering it: 29 a byte,
// where gathering interfaces took 32, and a doubling slice 43. The zero
// Values is empty.
type Values struct {
	words Pile[unsafe.Pointer] // each value's data word
	runs  Pile[typeRun]        // the runs of values of one type, in order
	typ   unsafe.Pointer       // the last run's type word
}

// typeRun is a run of values of one type: its type word, and the position
// of its first value; it ends where the next begins.
type typeRun struct {
	typ   unsafe.Pointer
	start int
}

// A Mark is where the values of an array begin: their position, and the
// runs before them.
type Mark struct{ words, runs int }

// eface is the layout of an interface{}: its type word and its data word.
type eface struct{ typ, data unsafe.Pointer }

// Mark returns where the next value pushed will be.
func (s *Values) Mark() Mark { return Mark{s.words.Len(), s.runs.Len()} }

// Push puts v on top.
func (s *Values) Push(v any) {
	e := (*eface)(unsafe.Pointer(&v))
	if s.runs.Len() == 0 || s.typ != e.typ {
		s.runs.Push(typeRun{e.typ, s.words.Len()})
		s.typ = e.typ
	}
	s.words.Push(e.data)
}

// Take returns the values pushed since m, in a slice of their number, and
// drops them.
func (s *Values) Take(m Mark) []any {
	out := make([]any, s.words.Len()-m.words)
	if len(out) == 0 {
		return out // none, as for every empty array: nothing to drop
	}
	s.copyTo(out, m)
	s.truncate(m)
	return out
}

// copyTo sets out, not empty, to the values from m on, as many as it holds.
func (s *Values) copyTo(out []any, m Mark) {
	k := m.runs // the run of the first value: its own, or the one it went on with
	if k == s.runs.Len() || s.runs.At(k).start != m.words {
		k--
	}
	runs, words := s.runs.From(k), s.words.From(m.words)
	run := runs.Next()
	for i := 0; i < len(out); {
		end, next := len(out), typeRun{} // where the run ends in out, and the next
		if k++; k < s.runs.Len() {
			next = runs.Next()
			end = min(end, next.start-m.words)
		}
		for i < end {
			ws := words.Take(end - i)
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
func (s *Values) truncate(m Mark) {
	s.words.Truncate(m.words)
	s.runs.Truncate(m.runs)
	if n := s.runs.Len(); n > 0 {
		s.typ = s.runs.At(n - 1).typ
	}
}

// Empty drops every value, and the chunks a large value's took.
func (s *Values) Empty() {
	s.words.Empty()
	s.runs.Empty()
}
