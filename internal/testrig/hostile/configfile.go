package hostile

import (
	"bytes"
	"fmt"
	"strings"
)

// ConfigFiles returns ConfigFiles of about size bytes that cost a reader
// the most per byte: sections of one key each, every section named anew
// (the shortest names), the same section again and again, keys by the
// thousand in one section, and keys 1000 deep. Nothing separates a value
// from the next key that can do without (the engine reads "[a]k=0[b]k=0"
// as two sections).
func ConfigFiles(size int) []Input {
	deep := strings.Repeat("[", 1000) + strings.Repeat("]", 1000)
	return []Input{
		{"one-key sections", Lines(size, func(i int) string { return "[" + Name(i) + "]k=0" })},
		{"one-key sections of {}", Lines(size, func(i int) string { return "[" + Name(i) + "]k={}" })},
		{"one section again and again", Lines(size, func(int) string { return "[abc]k={}" })},
		{"keys of {}", Lines(size, func(i int) string { return Name(i) + "={}" })},
		{"keys of 0", Lines(size, func(i int) string { return Name(i) + "=0\n" })}, // 0e1 would be a number
		{"keys 1000 deep", Lines(size, func(i int) string { return Name(i) + "=" + deep })},
	}
}

// OrdinaryConfigFile is a ConfigFile of about size bytes as a game saves
// its players: the yardstick of the time and memory per byte.
func OrdinaryConfigFile(size int) []byte {
	return Lines(size, func(i int) string {
		return fmt.Sprintf("[player_%d]\n\nname=\"Player %d\"\nposition=Vector3(%d.5, 1, -%d.25)\nhp=%d.5\ntags=[\"red\", \"vip\"]\n\n", i, i, i, i, 100-i%200)
	})
}

// Lines is line(0), line(1), … up to size bytes or just over.
func Lines(size int, line func(i int) string) []byte {
	var b bytes.Buffer
	b.Grow(size + 4096)
	for i := 0; b.Len() < size; i++ {
		b.WriteString(line(i))
	}
	return b.Bytes()
}

// nameBytes are the bytes of Name's names.
const nameBytes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// Name is the ith of the shortest distinct names of letters and digits.
func Name(i int) string {
	var b []byte
	for {
		b = append(b, nameBytes[i%len(nameBytes)])
		if i /= len(nameBytes); i == 0 {
			return string(b)
		}
	}
}

// TextBound is Bound, and what the generic form's *gdvar.Dictionary takes
// for the Dictionaries of text, which no reader of text chooses: 64 bytes
// for each, an empty one's size. A non-empty one's table and entries (32
// bytes, and 32 an entry, made to size by the readers of text and JSON)
// fit in Bound with the rest of their text; the 64 do not where the text
// is little more than "{}" (a ConfigFile's "[a]k={}" through migrate: 33
// bytes a byte).
func TextBound(text []byte) uint64 {
	return Bound(len(text)) + 64*uint64(bytes.Count(text, []byte("{")))
}
