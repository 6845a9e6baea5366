package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// engineSet is a directory of engine-made vectors and the -engine flag for
// it.
type engineSet struct {
	dir, engine string
}

var engineSets = []engineSet{
	{"golden/godot4", "4"}, {"text/godot4", "4"},
	{"golden/godot3.6", "3"}, {"text/godot3.6", "3"},
	{"golden/godot3.2", "3.2"}, {"text/godot3.2", "3.2"},
}

func vectors(t *testing.T, set engineSet) []golden.Vector {
	return golden.Load(t, golden.Path(set.dir))
}

// args are the arguments to run cmd on v in set, with FILE last.
func args(cmd string, set engineSet, v golden.Vector, file ...string) []string {
	out := append([]string{cmd, "-engine", set.engine}, clitest.VectorFlags(v)...)
	return append(out, file...)
}

// path is where v's bytes are.
func path(set engineSet, v golden.Vector) string {
	return golden.Path(set.dir, v.Name+".bin")
}

func read(t *testing.T, path string) []byte {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// gdvar text prints what the engines' var_to_str printed, for Godot 4.6,
// 3.6 and 3.2.
func TestTextMatchesEngines(t *testing.T) {
	for _, set := range engineSets {
		for _, v := range vectors(t, set) {
			code, out, errOut := runGdvar(nil, args("text", set, v, path(set, v))...)
			require.Equal(t, 0, code, "%s: %s", v.Name, errOut)
			assert.Equal(t, v.Text+"\n", out, "%s/%s", set.dir, v.Name)
			assert.Empty(t, errOut)
		}
	}
}

// gdvar text, then gdvar encode -from text, gives what Godot 4.6 makes of
// its own text (var_to_bytes(str_to_var(text))); see vartext's tests for
// all versions and the few deviations, such as object ids.
func TestTextThenEncode(t *testing.T) {
	for _, set := range engineSets[:2] {
		corpus, _, _ := strings.Cut(set.dir, "/")
		for _, v := range vectors(t, set) {
			_, text, _ := runGdvar(nil, args("text", set, v, path(set, v))...)
			code, out, errOut := runGdvar([]byte(text), "encode", "-from", "text", "-")
			require.Equal(t, 0, code, "%s: %s", v.Name, errOut)
			want := read(t, golden.Path("text", "reparse", "godot4", corpus, v.Name+".bin"))
			switch v.Name {
			case "object_id": // the engine makes a new object; gdvar keeps the id
				want = v.Bin
			case "nest_objects": // the engine's setters drop null metadata
				continue
			}
			assert.Equal(t, want, []byte(out), v.Name)
		}
	}
}

// gdvar json, then gdvar encode -from json, gives back the engines' bytes.
func TestJSONThenEncode(t *testing.T) {
	for _, set := range engineSets {
		for _, v := range vectors(t, set) {
			code, js, errOut := runGdvar(nil, args("json", set, v, path(set, v))...)
			require.Equal(t, 0, code, "%s: %s", v.Name, errOut)
			code, out, errOut := runGdvar([]byte(js), "encode", "-engine", set.engine, "-from", "json", "-")
			require.Equal(t, 0, code, "%s: %s", v.Name, errOut)
			assert.Equal(t, v.Bin, []byte(out), "%s/%s", set.dir, v.Name)
		}
	}
}

// A save file (FileAccess.store_var's framing: a u32 length, then the
// value) of engine-made values, from dir.
func saveFile(t *testing.T, dir string, names ...string) []byte {
	var out []byte
	for _, name := range names {
		out = append(out, framed(read(t, filepath.Join(dir, name+".bin")))...)
	}
	return out
}

func TestSaveFileWorkflow(t *testing.T) {
	names := []string{"gamestate_3", "dict_any_keys", "int_7", "packed_vector3", "string_unicode"}
	save := saveFile(t, goldenDir, names...)

	code, text, errOut := runGdvar(save, "text", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	var want string
	for _, name := range names {
		want += string(read(t, filepath.Join(goldenDir, name+".txt"))) + "\n"
	}
	assert.Equal(t, want, text)

	code, js, errOut := runGdvar(save, "json", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	assert.Len(t, strings.Split(strings.TrimSpace(js), "\n"), len(names), "JSON Lines")

	// An edit, as with jq '.[0].hp = 50.0' on the first record.
	edited := strings.Replace(js, `"hp":100.0`, `"hp":50.0`, 1)
	code, out, errOut := runGdvar([]byte(edited), "encode", "-from", "json", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	code, text2, _ := runGdvar([]byte(out), "text", "-framing", "stream", "-")
	require.Equal(t, 0, code)
	assert.Equal(t, strings.Replace(text, `"hp": 100.0`, `"hp": 50.0`, 1), text2)

	code, out, _ = runGdvar([]byte(js), "encode", "-from", "json", "-framing", "stream", "-")
	require.Equal(t, 0, code)
	assert.Equal(t, save, []byte(out), "unedited: the same file")

	code, out, _ = runGdvar([]byte(js), "json", "-pretty", "-framing", "stream", "-")
	require.Equal(t, 1, code, "the JSON is not a save file")
	assert.Empty(t, out)
}

// Bad input fails with the offset or the line and column, the path, and
// no output.
func TestConversionErrors(t *testing.T) {
	game := read(t, filepath.Join(goldenDir, "gamestate_3.bin"))
	for _, tc := range []struct {
		args  []string
		input []byte
		msg   string
	}{
		{[]string{"text", "-"}, game[:60], `gdvar text: offset 52, at $[0]["name"]: truncated input`},
		{[]string{"json", "-"}, game[:60], `gdvar json: offset 52, at $[0]["name"]: truncated input`},
		{[]string{"text", "-"}, []byte{39, 0, 0, 0}, "invalid type: type number 39"},
		{[]string{"json", "-framing", "stream", "-"}, saveFile(t, goldenDir, "int_7")[:10], "gdvar json: the frame at offset 0 declares 8 bytes and holds 6: the input ends inside it"},
		{[]string{"text", "-"}, nil, "no value: the input is empty"},
		{[]string{"text", "-engine", "2", "-"}, []byte{15, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 9, 0, 0, 0}, "no text form"},
		{[]string{"encode", "-from", "text", "-"}, []byte("[1, 2"), "line 1, column 6: want ',' or ']'"},
		{[]string{"encode", "-from", "json", "-"}, []byte(`[{"$Vector2":[1]}]`), "$[0].Vector2: too few components"},
		{[]string{"encode", "-from", "json", "-"}, []byte("1\n[2,"), "value 2"},
		{[]string{"encode", "-from", "json", "-"}, []byte("[1]\n{\"a\":\n  [1 2]}"), "value 2: varjson: line 3, column 6: invalid character '2'"},
		{[]string{"encode", "-engine", "3", "-from", "text", "-"}, []byte(`&"sn"`), "StringName"},
		// Places count from the input's start, not the failing value's.
		{[]string{"json", "-"}, []byte{2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 99, 0, 0, 0}, "gdvar json: offset 16, at $: invalid type"},
		{[]string{"encode", "-from", "text", "-"}, []byte("1\n2\n  [1 2]"), "value 3: vartext: line 3, column 6"},
		{[]string{"encode", "-from", "json", "-"}, []byte("1\n2\n  [1 2]"), "value 3: varjson: line 3, column 6"},
		{[]string{"json", "-framing", "stream", "-"}, []byte{12, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0}, "the frame at offset 0 declares 12 bytes and holds 8: the input ends inside it"},
	} {
		code, out, errOut := runGdvar(tc.input, tc.args...)
		assert.Equal(t, 1, code, "%v", tc.args)
		assert.Empty(t, out, "%v: no partial output", tc.args)
		assert.Contains(t, errOut, tc.msg, "%v", tc.args)
	}
}

func TestConversionUsage(t *testing.T) {
	for _, cmd := range []string{"text", "json", "encode"} {
		code, _, errOut := runGdvar(nil, cmd, "-h")
		assert.Equal(t, 0, code)
		assert.Contains(t, errOut, "Examples:\n  gdvar "+cmd, cmd)
		assert.Contains(t, errOut, "-framing", cmd)
	}
}

// gdvar json prints what varjson.Marshal prints, also when its one-pass
// guess of a form is wrong (a Dictionary whose first key is a String but
// not a later one) and it prints again in two passes: the output holds
// nothing of the first attempt, with or without -pretty, in either
// framing, wherever the value that needs it is.
func TestJSONWhenGuessIsWrong(t *testing.T) {
	mixed := gdvar.NewDictionary("a", int64(1), int64(2), "b")
	plain := gdvar.NewDictionary("a", []any{int64(1), "x"})
	for _, values := range [][]any{{mixed}, {plain, mixed}, {mixed, plain}, {plain, plain}} {
		var want, wantPretty, input, framed []byte
		for _, v := range values {
			bin, err := gdvar.Marshal(v)
			require.NoError(t, err)
			input = append(input, bin...)
			framed = binary.LittleEndian.AppendUint32(framed, uint32(len(bin)))
			framed = append(framed, bin...)
			js, err := varjson.Marshal(v)
			require.NoError(t, err)
			want = append(append(want, js...), '\n')
			var ind bytes.Buffer
			require.NoError(t, json.Indent(&ind, js, "", "  "))
			wantPretty = append(append(wantPretty, ind.Bytes()...), '\n')
		}
		for _, c := range []struct {
			args  []string
			input []byte
			want  []byte
		}{
			{[]string{"json", "-"}, input, want},
			{[]string{"json", "-pretty", "-"}, input, wantPretty},
			{[]string{"json", "-framing", "stream", "-"}, framed, want},
		} {
			code, out, errOut := runGdvar(c.input, c.args...)
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, string(c.want), out, "%v", c.args)
		}
	}
	js, err := varjson.Marshal(mixed)
	require.NoError(t, err)
	assert.Contains(t, string(js), `"$Dictionary"`, "the case the guess gets wrong")
}

// gdvar encode reads its input once, and again in two passes when it holds
// what one pass cannot write (in text, a Dictionary with a key twice, of
// which the engine keeps one entry; in JSON, a typed Array, whose "$type"
// follows its elements): the output holds nothing of the first attempt, in
// either framing, however much of it was written, wherever the value is.
func TestEncodeFallsBackToTwoPasses(t *testing.T) {
	for _, form := range []struct {
		name, long, twice string
		unmarshal         func([]byte, any) error
	}{
		{"text", `[` + strings.Repeat(`{"id": 1, "name": "player", "tags": ["a", "b"]}, `, 5000) + `1]`,
			`{"a": 1, "b": [2], "a": 3}`, func(b []byte, v any) error { return vartext.Unmarshal(b, v) }},
		{"json", `[` + strings.Repeat(`{"id": 1, "name": "player", "tags": ["a", "b"]}, `, 5000) + `1]`,
			`{"a": [1, {"$Array": [1, 2], "$type": "int"}]}`, func(b []byte, v any) error { return varjson.Unmarshal(b, v) }},
	} {
		for _, values := range [][]string{{form.twice}, {form.long, form.twice}, {form.twice, form.long}, {form.long, form.long}} {
			var want, framed []byte
			for _, text := range values {
				var v any
				require.NoError(t, form.unmarshal([]byte(text), &v))
				bin, err := gdvar.Marshal(v)
				require.NoError(t, err)
				want = append(want, bin...)
				framed = binary.LittleEndian.AppendUint32(framed, uint32(len(bin)))
				framed = append(framed, bin...)
			}
			input := []byte(strings.Join(values, "\n"))
			for _, c := range []struct {
				framing string
				want    []byte
			}{{"none", want}, {"stream", framed}} {
				code, out, errOut := runGdvar(input, "encode", "-from", form.name, "-framing", c.framing, "-")
				require.Equal(t, 0, code, errOut)
				assert.True(t, bytes.Equal(c.want, []byte(out)), "%s: %d values, -framing %s", form.name, len(values), c.framing)
			}
		}
	}
}
