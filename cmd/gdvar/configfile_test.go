package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The JSON form is {"section": {"key": value}}, each value in varjson's
// form, and -pretty indents it.
func TestConfigFileJSON(t *testing.T) {
	cfg := "k=1\n[audio]\n\nvolume=0.8\nname=\"Ada\"\n\n[$x]\n\npos=Vector2(1, 2)\n"
	code, out, errOut := runGdvar([]byte(cfg), "json")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, `{"":{"k":1},"audio":{"volume":0.8,"name":"Ada"},"$x":{"pos":{"$Vector2":[1.0,2.0]}}}`+"\n", out)
	code, out, errOut = runGdvar([]byte("[a]\nk=1\n"), "json", "-pretty")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "{\n  \"a\": {\n    \"k\": 1\n  }\n}\n", out)
}

// Mistakes fail with a message that says what is wrong, and write nothing.
func TestConfigFileErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		input string
		args  []string
		code  int
		msg   string
	}{
		{"JSON not an object", `[1]`, []string{"encode", "-to", "cfg"}, 1, "want an object of sections"},
		{"a section not an object", `{"a":1}`, []string{"encode", "-to", "cfg"}, 1, `(section "a")`},
		{"a bad value", `{"a":{"k":{"$Vector2":1}}}`, []string{"encode", "-to", "cfg"}, 1, "[a] k:"},
		{"bad text", "[a]\nk=Vector2(1,\n", []string{"json"}, 1, "line"},
		{"-to cfg -compress", `{}`, []string{"encode", "-to", "cfg", "-compress", "zstd"}, 2, "leave -compress out: -to cfg"},
		{"-to what", `{}`, []string{"encode", "-to", "xml"}, 2, `-to "xml": want bin, cfg, tres or res`},
		{"JSON", `{"hp":1}` + "\n", []string{"json"}, 1, "does not look like a ConfigFile"},
		{"inspect", "[a]\n\nk=1\n", []string{"inspect"}, 1, "gdvar json and gdvar text read one"},
	} {
		code, out, errOut := runGdvar([]byte(c.input), c.args...)
		assert.Equal(t, c.code, code, "%s: %s", c.name, errOut)
		assert.Contains(t, errOut, c.msg, c.name)
		if c.args[0] != "inspect" {
			assert.Empty(t, out, c.name)
			assert.NotContains(t, errOut, "read one", "%s: the hint for commands of values", c.name)
		}
	}
}
