package resource

import (
	"bytes"
	"fmt"
)

// A text file's line breaks are LF, as the engines write them; a file
// read whose every line break is CRLF (one committed from Windows with
// Git's autocrlf) is written with CRLF, so that it comes back as it is.
// Only the breaks between tokens count: a String's own bytes are its
// value, which the engines read as they are, a CR included, and write
// back so.

// crlfJSON is JSON's "line_endings" of a file written with CRLF; none
// says LF.
const crlfJSON = "crlf"

// crlfThroughout reports whether text has line breaks outside its string
// literals and each of them is CRLF. A comment (";" to the end of the
// line) is outside: a quote in it starts no string.
func crlfThroughout(text []byte) bool {
	if bytes.IndexByte(text, '\r') < 0 {
		return false // the common case, read once
	}
	breaks := 0
	inString, comment := false, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case inString:
			switch c {
			case '\\':
				i++ // an escaped byte, a quote maybe
			case '"':
				inString = false
			}
		case c == '\n':
			if i == 0 || text[i-1] != '\r' {
				return false
			}
			breaks++
			comment = false
		case comment:
		case c == '"':
			inString = true
		case c == ';':
			comment = true
		}
	}
	return breaks > 0
}

// appendCRLF appends text, as the text writer writes it (LF, no
// comments), to dst with each line break outside its string literals
// CRLF.
func appendCRLF(dst, text []byte) []byte {
	inString := false
	from := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case inString:
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '\n':
			dst = append(append(dst, text[from:i]...), '\r')
			from = i
		}
	}
	return append(dst, text[from:]...)
}

// lineEndingsJSON returns JSON's "line_endings" of a file.
func lineEndingsJSON(crlf bool) string {
	if crlf {
		return crlfJSON
	}
	return ""
}

// crlfOfJSON returns whether JSON's "line_endings" member, s, says CRLF:
// a text file's only.
func crlfOfJSON(s string, binary bool) (bool, error) {
	switch {
	case s == "":
		return false, nil
	case s != crlfJSON:
		return false, fmt.Errorf(`resource: JSON: "line_endings": %q, not %q or none (LF)`, s, crlfJSON)
	case binary:
		return false, fmt.Errorf(`resource: JSON: "line_endings": %q is a text file's, not a binary file's`, s)
	}
	return true, nil
}

// A file the engine writes ends with one line break; one written by hand
// may end with more (blank lines), which a write as read gives back, up
// to maxEndBreaks: an edited JSON's count must not make a huge write.

// maxEndBreaks is the most line breaks ending a file a File keeps.
const maxEndBreaks = 64

// endBreaks returns how many line breaks, LF or CRLF as crlf says, end
// text, where they are 2 to maxEndBreaks; else 0, for the writer's one.
func endBreaks(text []byte, crlf bool) int {
	n := 0
	for end := len(text); end > 0 && text[end-1] == '\n' && n <= maxEndBreaks; n++ {
		end--
		if crlf {
			if end == 0 || text[end-1] != '\r' {
				break
			}
			end--
		}
	}
	if n < 2 || n > maxEndBreaks {
		return 0
	}
	return n
}

// appendEndBreaks appends LFs to text, the writer's, until it ends with
// n of them: none where it ends with as many already.
func appendEndBreaks(text []byte, n int) []byte {
	have := 0
	for have < len(text) && text[len(text)-1-have] == '\n' {
		have++
	}
	for ; have < n; have++ {
		text = append(text, '\n')
	}
	return text
}

// endBreaksOfJSON checks JSON's "end_line_breaks", n: a text file's only,
// 2 to maxEndBreaks (none is the engine's one).
func endBreaksOfJSON(n int, binary bool) (int, error) {
	switch {
	case n == 0:
		return 0, nil
	case n < 2 || n > maxEndBreaks:
		return 0, fmt.Errorf(`resource: JSON: "end_line_breaks": %d, not 2 to %d or none (one)`, n, maxEndBreaks)
	case binary:
		return 0, fmt.Errorf(`resource: JSON: "end_line_breaks": %d is a text file's, not a binary file's`, n)
	}
	return n, nil
}
