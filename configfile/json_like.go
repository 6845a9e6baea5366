package configfile

import "fmt"

// jq before 1.7 prints a float 100.0 as 100, which the JSON form reads as
// an int, so a ConfigFile edited through it would change its floats'
// types. Like gives the Decoder of the JSON's values
// (varjson.Decoder.Like) the original's value of each key, so that one
// piece of code, varjson's, keeps the types of values and of files alike.

// Like makes [File.UnmarshalJSON] give each number of the JSON the type,
// int or float, of the number at its place in orig, the file the JSON was
// edited from (read from the file or from its JSON form), as
// [varjson.Decoder.Like] does for a value, restoring what jq before 1.7
// changes (it prints 100.0 as 100). A place is the same key of the same
// section, then, within its value, as [varjson.Decoder.Like] matches
// places. A key that orig lacks (one the edit added) is read as without
// Like. Like(nil) ends it; [File.Clone] does not copy it.
func (f *File) Like(orig *File) { f.like = orig }

// refValues returns the JSON of f's value of each key, a line each, null
// for a key f lacks, which varjson's Like takes as no type to keep.
func (f *File) refValues(keys *blocks[Key]) ([]byte, error) {
	var w appendWriter
	values := newJSONValues(&w, f.dialect.Engine())
	for i := range keys.n {
		k := keys.at(i)
		if v, ok := f.Get(k.Section, k.Name); ok {
			if err := values.write(v); err != nil {
				return nil, fmt.Errorf("configfile: the file edited from (Like): [%s] %s: %w", k.Section, k.Name, err)
			}
		} else {
			w.b = append(w.b, "null"...)
		}
		w.b = append(w.b, '\n')
	}
	return w.b, nil
}
