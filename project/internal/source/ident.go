package source

import (
	"unicode"
	"unicode/utf8"
)

// IdentStart and [IdentContinue] are the engine's
// is_unicode_identifier_start and _continue (core/string/char_utils.h):
// XID_Start and XID_Continue, with _ a start. Go's unicode tables are
// Unicode 15.0 and have no XID sets, so these derive ID_Start and
// ID_Continue from the general categories, as UAX #31 defines them;
// characters that Unicode 16.0 added, and the few that differ between ID_
// and XID_, are read as the older tables say (docs/projects.md lists this).
func IdentStart(r rune) bool {
	if r < 0x80 {
		return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

// IdentContinue says r may continue an identifier (see [IdentStart]).
func IdentContinue(r rune) bool {
	if r < 0x80 {
		return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	return IdentStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}

// IdentEnd returns where the identifier that starts at src[start] ends
// (start where none does), as GDScript and C# read one.
func IdentEnd(src string, start int) int {
	pos := start
	for pos < len(src) {
		r, n := rune(src[pos]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(src[pos:])
		}
		if pos == start && !IdentStart(r) || pos > start && !IdentContinue(r) {
			break
		}
		pos += n
	}
	return pos
}
