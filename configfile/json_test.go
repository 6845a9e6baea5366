package configfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
)

// JSON that is not a file of sections of keys, or holds a bad value, is
// refused with what is wrong; a null value erases its key, as Set does.
func TestUnmarshalJSON(t *testing.T) {
	for _, c := range []struct {
		json, text, err string
	}{
		{`{"a":{"k":1,"gone":2},"a2":{"x":true}}`, "[a]\n\nk=1\ngone=2\n\n[a2]\n\nx=true\n", ""},
		{`{"a":{"k":1,"k2":null}}`, "[a]\n\nk=1\n", ""},
		{`{"":{"k":1},"b":{}}`, "k=1\n", ""},
		{`[]`, "", "want an object of sections"},
		{`{"a":[1]}`, "", `(section "a")`},
		{`{"a":{"k":{"$Vector2":"x"}}}`, "", "[a] k:"},
		{`{"a":{"k":1,"k":2}}`, "", "duplicate"},
		{`{"a":{"k":1}`, "", "unexpected EOF"},
		{`{"a":{"k":1}} {}`, "", "text after the object"},
	} {
		f := mustNew(t)
		err := f.UnmarshalJSON([]byte(c.json))
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, c.json)
			continue
		}
		require.NoError(t, err, c.json)
		text, err := f.Bytes()
		require.NoError(t, err)
		assert.Equal(t, c.text, string(text), c.json)
	}
}

// A name that is not UTF-8 has no JSON form.
func TestMarshalJSONInvalidName(t *testing.T) {
	f := mustNew(t)
	f.Set("a\xff", "k", int64(1))
	_, err := f.MarshalJSON()
	assert.ErrorContains(t, err, `section "a\xff": no JSON form`)
	f = mustNew(t)
	f.Set("a", "k\xff", int64(1))
	_, err = f.MarshalJSON()
	assert.ErrorContains(t, err, `[a] key "k\xff": no JSON form`)
}

// MarshalJSON writes each value as varjson.Append does, for every file the
// engines saved.
func TestMarshalJSONAsAppend(t *testing.T) {
	for _, set := range engineSets {
		names, err := filepath.Glob(golden.Path("configfile", set.dir, "config_*.cfg"))
		require.NoError(t, err)
		require.NotEmpty(t, names)
		for _, name := range names {
			text, err := os.ReadFile(name)
			require.NoError(t, err)
			f, err := Read(bytes.NewReader(text), WithText(vartext.WithDialect(set.dialect)))
			if err != nil {
				continue // files the engine fails to load too
			}
			got, err := f.MarshalJSON()
			require.NoError(t, err, name)
			assert.Equal(t, string(appendEach(t, f)), string(got), name)
		}
	}
}

// appendEach is the JSON of f with each value from varjson.Append.
func appendEach(t *testing.T, f *File) []byte {
	b := []byte{'{'}
	for _, s := range f.Sections() {
		b = append(jsontextQuote(t, b, s), ":{"...)
		for i, k := range f.Keys(s) {
			if i > 0 {
				b = append(b, ',')
			}
			v, _ := f.Get(s, k)
			b = append(jsontextQuote(t, b, k), ':')
			var err error
			b, err = varjson.Append(b, v, varjson.WithCodec(gdvar.MustCodec(gdvar.WithEngine(f.Dialect().Engine()))))
			require.NoError(t, err)
		}
		b = append(b, "},"...)
	}
	return append(bytes.TrimSuffix(b, []byte{','}), '}')
}

func jsontextQuote(t *testing.T, b []byte, s string) []byte {
	b, err := jsontext.AppendQuote(b, s)
	require.NoError(t, err)
	return b
}
