package resource

import (
	"fmt"
	"strings"
)

// UID is a resource's unique id (Godot 4): an int of 63 bits, written in
// text as uid:// and base-34 digits.
type UID int64

// NoUID is the [UID] of a resource that has none.
const NoUID UID = -1

// uidDigits are the engine's base-34 digits: a to y, then 0 to 8.
const uidDigits = "abcdefghijklmnopqrstuvwxy012345678"

// String returns the text form of the [UID], as the engine's
// ResourceUID.id_to_text: uid://<invalid> for a negative one.
func (u UID) String() string {
	if u < 0 {
		return "uid://<invalid>"
	}
	var b [13]byte // 34^13 > 2^63
	i := len(b)
	for n := uint64(u); ; n /= 34 {
		i--
		b[i] = uidDigits[n%34]
		if n < 34 {
			break
		}
	}
	return "uid://" + string(b[i:])
}

// ParseUID reads a [UID]'s text form as the engine's text_to_id does: the
// digits a to z are 0 to 25 and 0 to 9 are 25 to 34 (z and 9 are never
// written), the value taken modulo 2^63; uid:// alone is 0. Anything else
// is an error; the engine makes it [NoUID].
func ParseUID(s string) (UID, error) {
	const prefix = "uid://"
	if !strings.HasPrefix(s, prefix) {
		return NoUID, fmt.Errorf("resource: %q is not a uid://", s)
	}
	var n uint64
	for _, c := range []byte(s[len(prefix):]) {
		var d uint64
		switch {
		case c >= 'a' && c <= 'z':
			d = uint64(c - 'a')
		case c >= '0' && c <= '9':
			d = uint64(c-'0') + 25
		default:
			return NoUID, fmt.Errorf("resource: %q is not a uid://", s)
		}
		n = n*34 + d
	}
	return UID(n & (1<<63 - 1)), nil
}

// readUID reads a uid= attribute's text as the engine's loader does,
// [NoUID] where it is not a UID's (a hand's uid://main_scene), and returns
// the text to keep to write it back: none where the UID prints it. A text
// with a quote or a backslash is not kept, as the writer would not give it
// back as it was (the engine reads it as none).
func readUID(s string) (u UID, kept string) {
	u, err := ParseUID(s)
	if err != nil {
		u = NoUID
	}
	if u != NoUID && u.String() == s || strings.ContainsAny(s, `"\`) {
		return u, ""
	}
	return u, s
}

// writtenUID returns the text a uid= gives for u: kept, the text read, while
// it still reads as u, else u's own; "" for none.
func writtenUID(u UID, kept string) string {
	if kept != "" {
		if k, _ := readUID(kept); k == u {
			return kept
		}
	}
	if u == NoUID {
		return ""
	}
	return u.String()
}

// WithoutUIDs returns a copy of f without UIDs, as a game's
// ResourceSaver.save writes a resource: the engine's UIDs are the editor's,
// which a running game does not assign, so its text has no uid= and its
// binary form has -1 (0xFF bytes) where the UIDs go. A [File] keeps the
// UIDs it was read with, as the editor does when it saves a file it
// loaded. f is not changed.
func (f *File) WithoutUIDs() *File {
	g := *f
	g.UID, g.uidText = NoUID, ""
	g.External = cloneAll(f.External)
	for _, x := range g.External {
		x.UID, x.uidText = NoUID, ""
	}
	return &g
}
