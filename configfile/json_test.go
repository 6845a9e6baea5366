package configfile

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		f := New()
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
	f := New()
	f.Set("a\xff", "k", int64(1))
	_, err := f.MarshalJSON()
	assert.ErrorContains(t, err, `section "a\xff": no JSON form`)
	f = New()
	f.Set("a", "k\xff", int64(1))
	_, err = f.MarshalJSON()
	assert.ErrorContains(t, err, `[a] key "k\xff": no JSON form`)
}
