package debugger

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar/internal/textcut"
)

// maxShown is the most of what the game sent that an error shows: a
// malformed message may be 8 MiB, and its whole rendering would be several
// times that.
const maxShown = 100

// shown renders v, a value the game sent, for an error: at most maxShown
// bytes of it, then, where it is cut, its type and size. The work is
// bounded too: only what is shown is rendered.
func shown(v any) string {
	w := shower{b: make([]byte, 0, maxShown)}
	w.value(v)
	if !w.full {
		return string(w.b)
	}
	return string(w.b) + "… (" + sizeOf(v) + ")"
}

// cutText returns text the game sent (an error's message, a node's path)
// for an error: its first line, at most maxShown bytes of it, cut at a
// character's start and marked "…" where it is cut.
func cutText(s string) string {
	line, _, more := strings.Cut(s, "\n")
	if len(line) > maxShown {
		line, more = textcut.Prefix(line, maxShown), true
	}
	if more {
		return line + "…"
	}
	return line
}

// sizeOf is v's Go type, and its length if it has one.
func sizeOf(v any) string {
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.Slice, reflect.String, reflect.Map:
		return fmt.Sprintf("%T of %d", v, r.Len())
	}
	return fmt.Sprintf("%T", v)
}

// shower renders into b until it holds maxShown bytes.
type shower struct {
	b    []byte
	full bool
}

func (w *shower) put(s string) {
	if w.full {
		return
	}
	if room := maxShown - len(w.b); len(s) > room {
		s, w.full = textcut.Prefix(s, room), true
	}
	w.b = append(w.b, s...)
}

// value renders v: Arrays element by element while there is room, strings
// quoted, numbers and bools as Go prints them, other values by their type
// and size.
func (w *shower) value(v any) {
	switch x := v.(type) {
	case nil:
		w.put("nil")
	case []any:
		w.put("[")
		for i, e := range x {
			if w.full {
				return
			}
			if i > 0 {
				w.put(", ")
			}
			w.value(e)
		}
		w.put("]")
	case string:
		w.put(strconv.Quote(textcut.Prefix(x, maxShown)))
		if len(x) > maxShown {
			w.full = true
		}
	case bool, int64, float64:
		w.put(fmt.Sprint(x))
	default:
		w.put(sizeOf(x))
	}
}
