package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/internal/testrig/jq16"
)

// likeBusLayout has floats that jq 1.6 prints as ints (12020.0 as 12020):
// plain, in an Array, in a Dictionary, in a Vector2 and a packed array,
// in the main resource and in a sub-resource.
const likeBusLayout = `[gd_resource type="AudioBusLayout" load_steps=2 format=3]

[sub_resource type="AudioEffectLowPassFilter" id="AudioEffectLowPassFilter_j3pel"]
resource_name = "LowPassFilter"
cutoff_hz = 12020.0
metadata/curve = [0.0, 0.5, 1.0, 3]
metadata/weights = {
"a": 1.0,
"b": 2
}
metadata/offset = Vector2(1, 2)
metadata/gains = PackedFloat32Array(1, 2.5)

[resource]
bus/1/name = &"Muffled"
bus/1/solo = false
bus/1/mute = false
bus/1/bypass_fx = false
bus/1/volume_db = 0.0
bus/1/send = &"Master"
bus/1/effect/0/effect = SubResource("AudioEffectLowPassFilter_j3pel")
bus/1/effect/0/enabled = true
`

// gdvar json of a resource, printed as jq 1.6 prints it and edited, comes
// back with encode -to tres or res -like the original (its JSON or the
// file itself) as the original with the edit alone; without -like its
// floats come back as ints. A property the edit added keeps the type it
// is written with.
func TestEncodeLikeResource(t *testing.T) {
	dir := t.TempDir()
	origFile := filepath.Join(dir, "bus.tres")
	require.NoError(t, os.WriteFile(origFile, []byte(likeBusLayout), 0o600))
	code, origJSON, errOut := runGdvar(nil, "json", origFile)
	require.Equal(t, 0, code, errOut)
	jsonFile := filepath.Join(dir, "bus.json")
	require.NoError(t, os.WriteFile(jsonFile, []byte(origJSON), 0o600))
	printed := clitest.JQPrint(t, origJSON)
	require.Contains(t, printed, `"cutoff_hz":12020,`, "jq 1.6 drops the point")

	for _, c := range []struct {
		name             string
		jsonFrom, jsonTo string // the edit of the JSON
		textFrom, textTo string // the same edit of the text
	}{
		{"main resource", `"bus/1/volume_db":0,`, `"bus/1/volume_db":-3,`, "volume_db = 0.0", "volume_db = -3.0"},
		{"sub-resource", `"cutoff_hz":12020,`, `"cutoff_hz":8000,`, "cutoff_hz = 12020.0", "cutoff_hz = 8000.0"},
		{"array", `[0,0.5,1,3]`, `[0,0.75,1,3]`, "[0.0, 0.5, 1.0, 3]", "[0.0, 0.75, 1.0, 3]"},
		{"dictionary", `"a":1,`, `"a":4,`, `"a": 1.0,`, `"a": 4.0,`},
		{"added", `/enabled":true}}`, `/enabled":true,"metadata/added":5}}`, "enabled = true\n", "enabled = true\nmetadata/added = 5\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Contains(t, printed, c.jsonFrom)
			edited := []byte(strings.Replace(printed, c.jsonFrom, c.jsonTo, 1))
			want := strings.Replace(likeBusLayout, c.textFrom, c.textTo, 1)

			code, out, errOut := runGdvar(edited, "encode", "-from", "json", "-to", "tres", "-")
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "metadata/curve = [0, ", "without -like, a float comes back an int")
			assert.NotEqual(t, want, out)

			code, wantJSON, errOut := runGdvar([]byte(want), "json", "-")
			require.Equal(t, 0, code, errOut)
			code, wantRes, errOut := runGdvar([]byte(wantJSON), "encode", "-from", "json", "-to", "res", "-")
			require.Equal(t, 0, code, errOut)
			for _, like := range []string{origFile, jsonFile} {
				code, out, errOut := runGdvar(edited, "encode", "-from", "json", "-to", "tres", "-like", like, "-")
				require.Equal(t, 0, code, errOut)
				assert.Equal(t, want, out, "-like %s", like)

				code, out, errOut = runGdvar(edited, "encode", "-from", "json", "-to", "res", "-like", like, "-")
				require.Equal(t, 0, code, errOut)
				assert.Equal(t, wantRes, out, "-to res -like %s", like)
			}
		})
	}
}

// A -like file that is neither the kind written nor JSON is refused with
// what to give; a flag that does not apply to -to cfg, tres or res is
// refused (exit 2) with the fix, in one line, without the usage.
func TestEncodeLikeRefusals(t *testing.T) {
	tres := filepath.Join("..", "..", "resource", "testdata", "godot4", "ext_0.tres")
	code, js, errOut := runGdvar(nil, "json", tres)
	require.Equal(t, 0, code, errOut)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"encode", "-to", "cfg", "-like", tres, "-"}, 1, "gdvar encode: -like " + tres + ": give the file the edit started from, a ConfigFile, or the JSON gdvar json printed for it; this is neither\n"},
		{[]string{"encode", "-to", "tres", "-like", filepath.Join(goldenDir, "int_7.bin"), "-"}, 1, "a resource file (.tres, .tscn, .res, .scn), or the JSON gdvar json printed for it; this is neither\n"},
		{[]string{"encode", "-to", "tres", "-framing", "stream", "-"}, 2, "gdvar encode: leave -framing out: -to tres writes one file, not framed values\n"},
		{[]string{"encode", "-to", "cfg", "-double", "-"}, 2, "gdvar encode: leave -double out: it writes binary values' math types (-to bin), not -to cfg\n"},
		{[]string{"encode", "-to", "cfg", "-compress", "zstd", "-"}, 2, "gdvar encode: leave -compress out: -to cfg writes a ConfigFile, which the engine saves plain or encrypted (-password, -key)\n"},
	} {
		code, out, errOut := runGdvar([]byte(js), c.args...)
		assert.Equal(t, c.code, code, "%v: %s", c.args, errOut)
		assert.Empty(t, out, "%v", c.args)
		assert.True(t, strings.HasSuffix(errOut, c.want), "%v: %s", c.args, errOut)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: one line: %s", c.args, errOut)
	}
}

// A real project's resource, through gdvar json, the real jq 1.6 and
// encode -to tres -like the original file, comes back with the edited
// lines alone changed; without -like, floats turn to ints.
func TestEncodeLikeResourceRealJQ16(t *testing.T) {
	jq := jq16.Require(t)
	for _, c := range []struct {
		project, filter string
		changed         map[string]string // line → the line after the edit
	}{
		{"godotengine__tps-demo", `.resource.properties["bus/1/volume_db"] = -3 | .resources[0].properties.wet = 0.5`,
			map[string]string{"bus/1/volume_db = 0.0": "bus/1/volume_db = -3.0", "wet = 0.29": "wet = 0.5"}},
		{"jamonholmgren__jammin_lobby", `.resources[0].properties.cutoff_hz = 1200`,
			map[string]string{"cutoff_hz = 800.0": "cutoff_hz = 1200.0"}},
		{"elixs__Tutorial-CC5409-Primavera-2025", `.resource.properties["bus/1/volume_db"] = -9`,
			map[string]string{"bus/1/volume_db = -10.214146": "bus/1/volume_db = -9.0"}},
	} {
		t.Run(c.project, func(t *testing.T) {
			orig := filepath.Join("..", "..", "testdata", "projects", c.project, "default_bus_layout.tres")
			text, err := os.ReadFile(orig)
			require.NoError(t, err)
			code, js, errOut := runGdvar(nil, "json", orig)
			require.Equal(t, 0, code, errOut)
			cmd := exec.Command(jq, "-c", c.filter)
			cmd.Stdin = strings.NewReader(js)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			edited, err := cmd.Output()
			require.NoError(t, err, stderr.String())

			code, out, errOut := runGdvar(edited, "encode", "-from", "json", "-to", "tres", "-")
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, " = 0\n", "without -like, 0.0 comes back an int")

			code, out, errOut = runGdvar(edited, "encode", "-from", "json", "-to", "tres", "-like", orig, "-")
			require.Equal(t, 0, code, errOut)
			want := strings.Split(string(text), "\n")
			for i, line := range want {
				if to, ok := c.changed[line]; ok {
					want[i] = to
				}
			}
			assert.Equal(t, want, strings.Split(out, "\n"))
		})
	}
}
