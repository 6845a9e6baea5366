package resource

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The engine-made cases in testdata (scripts/gen-resource.sh): in each
// folder, random resources and scenes (godotV) or fixed ones with scripts
// (godotV-script) as the engine saved them to res://data/ or
// res://script/, as text, binary and compressed binary, each loaded and
// saved again in place (NAME.orig.EXT is the first save, where the second
// differs), and each loaded and saved in the other form (NAME.conv.EXT).
var engineDirs = []struct {
	dir     string
	dialect vartext.Dialect
}{
	{"godot4", vartext.Godot4}, {"godot4-script", vartext.Godot4}, {"godot4-classes", vartext.Godot4},
	{"godot3.6", vartext.Godot3}, {"godot3.6-script", vartext.Godot3},
	{"godot3.2", vartext.Godot32}, {"godot3.2-script", vartext.Godot32},
}

func TestEngineFiles(t *testing.T) {
	for _, d := range engineDirs {
		t.Run(d.dir, func(t *testing.T) {
			checkEngineDir(t, filepath.Join("testdata", d.dir), d.dialect, resDir(d.dir))
		})
	}
}

// resDir is the res:// folder the engine saved a testdata folder's files to.
func resDir(dir string) string {
	if strings.HasSuffix(dir, "-script") {
		return "res://script/"
	}
	if strings.HasSuffix(dir, "-classes") {
		return "res://classes/"
	}
	return "res://data/"
}

// checkEngineDir checks the cases of a folder the engine wrote, whose files
// it saved as res:// paths in res.
func checkEngineDir(t *testing.T, dir string, d vartext.Dialect, res string) {
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	sc := bufio.NewScanner(bytes.NewReader(index))
	n := 0
	for sc.Scan() {
		name, kind, _ := strings.Cut(sc.Text(), " ")
		text, bin := ".tres", ".res"
		if kind == "scene" {
			text, bin = ".tscn", ".scn"
		}
		c := engineCase{dir: dir, name: name, res: res, dialect: d, scripts: strings.HasSuffix(dir, "-script"),
			differs: knownDiffers(t, dir)}
		t.Run(name, func(t *testing.T) {
			c.checkText(t, text)
			c.checkBinary(t, bin)
			c.checkCompressed(t, ".c"+bin)
			c.checkConversion(t, bin, text)
			c.checkConversion(t, text, bin)
		})
		n++
	}
	require.Positive(t, n)
}

type engineCase struct {
	dir, name, res string
	dialect        vartext.Dialect
	scripts        bool              // the case has GDScripts, whose variables gdvar cannot know
	differs        map[string]string // files gdvar does not give yet, and why (differs.txt)
}

// knownDiffers reads a folder's differs.txt, if any: "FILE why" a line
// ("#" starts a comment), the engine's files gdvar does not give byte for
// byte yet.
func knownDiffers(t *testing.T, dir string) map[string]string {
	data, err := os.ReadFile(filepath.Join(dir, "differs.txt"))
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			file, why, _ := strings.Cut(line, " ")
			m[file] = why
		}
	}
	return m
}

// same checks that gdvar gave the engine's file, or, for one listed in
// differs.txt, that it still does not (a fix must take it off the list).
func (c engineCase) same(t *testing.T, file string, want, got []byte) {
	t.Helper()
	if why, ok := c.differs[file]; ok {
		assert.NotEqual(t, want, got, "%s matches the engine's now: take it off differs.txt", file)
		t.Logf("%s: not the engine's yet: %s", file, why)
		return
	}
	assertSameBytes(t, want, got, file)
}

func (c engineCase) file(t *testing.T, ext string) []byte {
	b, err := os.ReadFile(filepath.Join(c.dir, c.name+ext))
	require.NoError(t, err)
	return b
}

// firstSave is the engine's first save of a file: NAME.orig.EXT where its
// re-save differs.
func (c engineCase) firstSave(t *testing.T, ext string) []byte {
	if b, err := os.ReadFile(filepath.Join(c.dir, c.name+".orig"+ext)); err == nil {
		return b
	}
	return c.file(t, ext)
}

func (c engineCase) read(t *testing.T, data []byte) *File {
	f, err := Read(bytes.NewReader(data), WithText(vartext.WithDialect(c.dialect)))
	require.NoError(t, err)
	return f
}

// A text file read and written gives, as the engine loads it and saves
// it again (AsSaved), the engine's re-save: its first save, read, gives
// its second. One the engine saves again as it was comes back as it is
// without AsSaved too (where its re-save differs, the engine's reader
// did not read what it wrote: a "\v", some floats' last digit).
func (c engineCase) checkText(t *testing.T, ext string) {
	resaved, first := c.file(t, ext), c.firstSave(t, ext)
	f := c.read(t, first)
	got, err := f.AsSaved().AppendText(nil)
	require.NoError(t, err)
	c.same(t, c.name+ext, resaved, got)
	if bytes.Equal(first, resaved) {
		got, err = f.AppendText(nil)
		require.NoError(t, err)
		c.same(t, c.name+ext, resaved, got)
	}
}

// A binary file read and written gives its bytes.
func (c engineCase) checkBinary(t *testing.T, ext string) {
	want := c.file(t, ext)
	got, err := c.read(t, want).AppendBinary(nil)
	require.NoError(t, err)
	c.same(t, c.name+ext, want, got)
}

// A compressed one gives its content (the engine's compressor makes other
// bytes of it than klauspost/compress's).
func (c engineCase) checkCompressed(t *testing.T, ext string) {
	file := c.file(t, ext)
	var out bytes.Buffer
	require.NoError(t, c.read(t, file).WriteCompressed(&out))
	c.same(t, c.name+ext, decompressed(t, file), decompressed(t, out.Bytes()))
}

func decompressed(t *testing.T, b []byte) []byte {
	require.Equal(t, fileaccess.MagicResource, string(b[:4]))
	r, err := fileaccess.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return out
}

// A file read in one form and saved in the other gives the engine's
// conversion: it loaded NAME.from and saved it as NAME.conv.to.
func (c engineCase) checkConversion(t *testing.T, from, to string) {
	f := c.read(t, c.file(t, from))
	if c.dialect != vartext.Godot3 { // Godot 3.6 gives a resource it loads no path
		f.Path = c.res + c.name + from
	}
	form := Text
	if to == ".res" || to == ".scn" {
		form = Binary
	}
	g, err := f.SavedAs(c.res+c.name+".conv"+to, form)
	require.NoError(t, err)
	want := c.file(t, ".conv"+to)
	engine := c.read(t, want)
	if form == Text && c.dialect != vartext.Godot4 {
		// Godot 3's editor numbers external resources in the order of
		// their addresses in memory: take the engine's numbers.
		require.NoError(t, g.rename(renames{ext: idsByPath(g, engine)}))
	}
	got := appendForm(t, g, form)
	if reason := c.inexact(f, form); reason != "" {
		// The same resources and properties, but values gdvar cannot know.
		assertSameShape(t, engine, c.read(t, got), c.name+".conv"+to)
		t.Logf("%s.conv%s: not compared byte for byte: %s", c.name, to, reason)
		return
	}
	c.same(t, c.name+".conv"+to, want, got)
}

// appendForm returns g written in the form.
func appendForm(t *testing.T, g *File, form Form) []byte {
	t.Helper()
	write := g.AppendText
	if form == Binary {
		write = g.AppendBinary
	}
	b, err := write(nil)
	require.NoError(t, err)
	return b
}

// assertSameBytes checks that got is want, showing where they part.
func assertSameBytes(t *testing.T, want, got []byte, what string) {
	t.Helper()
	if bytes.Equal(want, got) {
		return
	}
	at := 0
	for at < min(len(want), len(got)) && want[at] == got[at] {
		at++
	}
	from, to := max(0, at-32), at+32
	t.Errorf("%s: %d bytes, want %d; from offset %d:\nwant %q\ngot  %q", what, len(got), len(want), at,
		want[from:min(to, len(want))], got[from:min(to, len(got))])
}

// inexact says why gdvar's conversion of f cannot be the engine's, if it
// cannot: a script's variables (their defaults and types are in the
// script).
func (c engineCase) inexact(f *File, form Form) string {
	if c.scripts {
		return "a script's variables"
	}
	return ""
}

// idsByPath maps the IDs of g's external resources to those of the same
// paths in engine.
func idsByPath(g, engine *File) map[string]string {
	m := map[string]string{}
	for _, x := range g.External {
		for _, y := range engine.External {
			if x.Path == y.Path {
				m[x.ID] = y.ID
				x.ID = y.ID
			}
		}
	}
	return m
}

// assertSameShape checks that two files hold the same resources of the
// same classes with the same properties, and the same nodes. A null
// property is left out (a script's Object variable set to null is in the
// binary form only).
func assertSameShape(t *testing.T, want, got *File, what string) {
	t.Helper()
	shape := func(f *File) []string {
		var s []string
		for _, r := range append(f.Resources, f.Main) {
			s = append(s, "resource "+r.Type+" "+r.ID)
			for _, p := range r.Properties {
				if o, ok := p.Value.(*gdvar.Object); p.Value != nil && (!ok || o.Class != "") {
					s = append(s, "  "+p.Name)
				}
			}
		}
		for _, n := range f.Nodes {
			s = append(s, "node "+n.Name+" "+n.Type+" "+n.Parent)
			for _, p := range n.Properties {
				s = append(s, "  "+p.Name)
			}
		}
		for _, x := range f.External {
			s = append(s, "external "+x.Type+" "+x.Path)
		}
		return s
	}
	assert.Equal(t, shape(want), shape(got), what)
}

// The JSON form of every engine file reads back to a File that writes the
// same text, and the same binary form: a binary file's own bytes (its
// version, names table and container kept), of the engine version the
// JSON names.
func TestJSON(t *testing.T) {
	for _, d := range engineDirs {
		files, err := filepath.Glob(filepath.Join("testdata", d.dir, "*.*"))
		require.NoError(t, err)
		differs := knownDiffers(t, filepath.Join("testdata", d.dir))
		for _, p := range files {
			ext := filepath.Ext(p)
			if _, ok := differs[strings.Replace(filepath.Base(p), ".orig", "", 1)]; ok || ext == ".txt" || ext == ".gd" {
				continue // differs.txt's: not the engine's even read and written
			}
			checkJSON(t, p, d.dialect)
		}
	}
}

// checkJSON checks the JSON form of the engine file at p, of dialect d.
func checkJSON(t *testing.T, p string, d vartext.Dialect) {
	t.Helper()
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	f, err := Read(bytes.NewReader(data), WithText(vartext.WithDialect(d)))
	require.NoError(t, err, p)
	j, err := json.Marshal(f)
	require.NoError(t, err, p)
	g := mustNewFile(t, "")
	require.NoError(t, json.Unmarshal(j, g), p)
	assert.Equal(t, d, g.Dialect(), "%s: the JSON says the engine version", p)
	assert.Equal(t, IsBinary(data), g.Form() == Binary, "%s: the JSON says which form was read", p)
	want, err := f.AppendText(nil)
	require.NoError(t, err, p)
	got, err := g.AppendText(nil)
	require.NoError(t, err, p)
	assert.Equal(t, string(want), string(got), p)
	compressed := bytes.HasPrefix(data, []byte(magicCompressed))
	assert.Equal(t, compressed, g.Compressed(), "%s: the JSON says the file was compressed", p)
	switch {
	case f.Scene && IsBinary(data):
		// The JSON has no _bundled: the scene is built from its sections,
		// in the file's version and names.
		f.kept = nil
		want, err := f.AppendBinary(nil)
		require.NoError(t, err, p)
		got, err := g.AppendBinary(nil)
		require.NoError(t, err, p)
		assertSameBytes(t, want, got, p)
	case compressed:
		var out bytes.Buffer
		require.NoError(t, g.WriteCompressed(&out), p)
		assert.Equal(t, decompressed(t, data), decompressed(t, out.Bytes()), p)
	case IsBinary(data):
		got, err := g.AppendBinary(nil)
		require.NoError(t, err, p)
		assertSameBytes(t, data, got, p)
	default:
		f.Main.ID, g.Main.ID = "Resource_json", "Resource_json"
		want, err := f.AppendBinary(nil)
		require.NoError(t, err, p)
		got, err := g.AppendBinary(nil)
		require.NoError(t, err, p)
		assertSameBytes(t, want, got, p)
	}
}

// The corpus's binary files, saved by Godot 4.5 (minor version 5 in their
// header), come back through JSON as they are.
func TestJSONKeepsVersion(t *testing.T) {
	files, err := filepath.Glob("../testdata/projects/*/meshes/*.res")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, p := range files {
		checkJSON(t, p, vartext.Godot4)
	}
}

// A JSON form's engine, layout and dialect are checked.
func TestJSONLayoutInvalid(t *testing.T) {
	for _, tc := range []struct{ json, err string }{
		{`{"engine":"5","type":"Resource"}`, `engine "5"`},
		{`{"layout":{"version":"4.6","format":6},"type":"Resource"}`, "a binary file's"},
		{`{"binary":true,"layout":{"version":"4","format":6},"type":"Resource"}`, "not major.minor"},
		{`{"binary":true,"layout":{"version":"3.6","format":6},"type":"Resource"}`, "not Godot 4's"},
		{`{"binary":true,"layout":{"version":"4.6","format":3},"type":"Resource"}`, "format 3"},
		{`{"binary":true,"engine":"3","layout":{"version":"3.6","format":3,"flags":1},"type":"Resource"}`, "flags"},
		{`{"format":4,"type":"Resource"}`, `"format": 4`},
		{`{"engine":"3","format":3,"type":"Resource"}`, `"format": 3`},
		{`{"binary":true,"format":3,"type":"Resource"}`, `"format": 3`},
		{`{"float_digits":5,"type":"Resource"}`, `"float_digits": 5`},
		{`{"engine":"3","float_digits":6,"type":"Resource"}`, `"float_digits": 6`},
		{`{"binary":true,"float_digits":6,"type":"Resource"}`, `"float_digits": 6`},
	} {
		t.Run(tc.err, func(t *testing.T) {
			err := mustNewFile(t, "").UnmarshalJSON([]byte(tc.json))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
	g := mustNewFile(t, "", WithText(vartext.WithDialect(vartext.Godot4)))
	err := g.UnmarshalJSON([]byte(`{"engine":"3","type":"Resource"}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "read as Godot 4")
}

// A file holding what the class converts when set (SpriteFrames's "loop":
// 1, written by a hand or an older editor) is saved as the engine saves it
// once loaded: godot4-classes/sprite_frames_int_loop_src.tres, loaded and
// saved by Godot 4.6 as sprite_frames_int_loop.tres and .res.
func TestEngineConvertsOnLoad(t *testing.T) {
	dir := filepath.Join("testdata", "godot4-classes")
	c := engineCase{dir: dir, name: "sprite_frames_int_loop", res: "res://classes/", dialect: vartext.Godot4}
	f := c.read(t, c.file(t, "_src.tres"))
	f.Path = c.res + c.name + "_src.tres"
	for _, ext := range []string{".tres", ".res"} {
		form := map[string]Form{".tres": Text, ".res": Binary}[ext]
		g, err := f.SavedAs(c.res+c.name+ext, form)
		require.NoError(t, err)
		assertSameBytes(t, c.firstSave(t, ext), appendForm(t, g, form), c.name+ext)
	}
}
