package migrate

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/internal/memfile"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cases are the files of scripts/migrate/make3.gd: Godot 3 writes them,
// gdvar migrates them, Godot 4.6 reads what gdvar wrote
// (scripts/migrate/load4.gd) and says what it got (FILE.got.txt), which is
// to be what Godot 3 read back of its own file (FILE.want.txt).

// casePassword and caseKey are those of the encrypted cases.
const casePassword = "gdvar migrate"

func caseKey() (k fileaccess.Key) {
	for i := range k {
		k[i] = byte(i*7 + 1)
	}
	return k
}

// caseIV is the IV of gdvar's encrypted files, the same each run.
var caseIV = [16]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}

// caseFile is a line of index.txt: a file, what it holds (save, objects,
// cfg, res or events) and its container (plain, pass, key, or a
// compression mode).
type caseFile struct{ name, kind, container string }

func readIndex(t *testing.T, dir string) []caseFile {
	data, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	var files []caseFile
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		require.Len(t, f, 3, "index.txt: %q", line)
		files = append(files, caseFile{f[0], f[1], f[2]})
	}
	require.NotEmpty(t, files)
	return files
}

// containerOptions are the fileaccess options of a case's container.
func (c caseFile) containerOptions() []fileaccess.Option {
	switch c.container {
	case "pass":
		return []fileaccess.Option{fileaccess.WithPassword(casePassword)}
	case "key":
		return []fileaccess.Option{fileaccess.WithKey(caseKey())}
	}
	return nil
}

// migrateCase returns gdvar's migration of a case, in its container; dir
// is where the case is loaded from, which a binary resource's IDs depend
// on. This is what gdvar migrate does.
func migrateCase(src []byte, c caseFile, dir string, d vartext.Dialect) ([]byte, error) {
	if c.kind == "res" || c.kind == "events" {
		return migrateResourceCase(src, filepath.Join(dir, c.name), d)
	}
	in, err := fileaccess.NewReader(bytes.NewReader(src), c.containerOptions()...)
	if err != nil {
		return nil, err
	}
	var content bytes.Buffer
	if c.kind == "cfg" {
		f, err := configfile.Read(in, configfile.WithText(vartext.WithDialect(d)))
		if err != nil {
			return nil, err
		}
		g, err := ConfigFile(f)
		if err != nil {
			return nil, err
		}
		if _, err := g.WriteTo(&content); err != nil {
			return nil, err
		}
	} else if err := Save(&content, in); err != nil {
		return nil, err
	}
	return seal(content.Bytes(), c)
}

// seal puts content in the case's container, as Godot 4 writes it.
func seal(content []byte, c caseFile) ([]byte, error) {
	var f memfile.File
	var w io.WriteCloser
	var err error
	switch c.container {
	case "plain":
		return content, nil
	case "pass", "key":
		w, err = fileaccess.NewEncryptedWriter(&f, append(c.containerOptions(), fileaccess.WithIV(caseIV))...)
	default:
		var mode int
		if mode, err = strconv.Atoi(c.container); err == nil {
			w, err = fileaccess.NewCompressedWriter(&f, fileaccess.Compression(mode))
		}
	}
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(content); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return f.Bytes(), nil
}

// migrateResourceCase migrates a resource file in its form.
func migrateResourceCase(src []byte, path string, d vartext.Dialect) ([]byte, error) {
	f, err := resource.Read(bytes.NewReader(src), resource.WithText(vartext.WithDialect(d)))
	if err != nil {
		return nil, err
	}
	g, err := Resource(f)
	if err != nil {
		return nil, err
	}
	if !resource.IsBinary(src) {
		return g.AppendText(nil)
	}
	if g, err = g.SavedAs(path, resource.Binary); err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(src, []byte(fileaccess.MagicResource)) {
		return g.AppendBinary(nil)
	}
	var out bytes.Buffer
	err = g.WriteCompressed(&out)
	return out.Bytes(), err
}

// checkVerdicts checks what Godot 4 read of gdvar's migration of the cases
// in dir (each FILE.got.txt) against what Godot 3 read of its own files
// (FILE.want.txt), and Godot 4's saves of what it read against gdvar's
// files: values.resave.sav against the migrated values.sav, byte for byte,
// and settings.resave.cfg against the migrated settings.cfg without its
// section of events.
func checkVerdicts(t *testing.T, dir string, files []caseFile, migrated map[string][]byte) {
	for _, c := range files {
		want := readLines(t, filepath.Join(dir, c.name+".want.txt"))
		got := readLines(t, filepath.Join(dir, c.name+".got.txt"))
		assertSameLines(t, want, got, c.name, c.kind != "save")
	}
	resave, err := os.ReadFile(filepath.Join(dir, "values.resave.sav"))
	require.NoError(t, err)
	ours := withoutBOMs(t, migrated["values.sav"])
	assert.True(t, bytes.Equal(ours, resave), "Godot 4 saves the values of gdvar's values.sav otherwise (%d bytes, gdvar's %d)", len(resave), len(ours))

	resaved, err := os.ReadFile(filepath.Join(dir, "settings.resave.cfg"))
	require.NoError(t, err)
	f, err := configfile.Read(bytes.NewReader(migrated["settings.cfg"]))
	require.NoError(t, err)
	for _, k := range f.Keys("input") {
		f.Set("input", k, nil)
	}
	text, err := f.Bytes()
	require.NoError(t, err)
	assert.Equal(t, string(resaved), string(text), "Godot 4 saves the ConfigFile gdvar migrated otherwise")
}

// withoutBOMs returns a save file with the byte order mark that starts a
// String (or a NodePath's name) dropped, as both engines drop it when they read one: what Godot 4
// saves of what it read of the file. gdvar keeps such strings as they are.
func withoutBOMs(t *testing.T, save []byte) []byte {
	in := records(t, save, stream.WithCodec(gdvar.MustCodec(gdvar.Semantic(true))))
	var out bytes.Buffer
	w, err := stream.NewWriter(&out)
	require.NoError(t, err)
	for {
		var v any
		err := in.GetVar(&v)
		if err == io.EOF {
			return out.Bytes()
		}
		require.NoError(t, err)
		require.NoError(t, w.PutVar(dropBOMs(v)))
	}
}

// dropBOMs drops the byte order mark that starts each String of v.
func dropBOMs(v any) any {
	switch v := v.(type) {
	case string:
		return strings.TrimPrefix(v, "\ufeff")
	case []string:
		for i := range v {
			v[i] = strings.TrimPrefix(v[i], "\ufeff")
		}
	case gdvar.NodePath: // each name is a String
		dropBOMs(v.Names)
		dropBOMs(v.SubNames)
	case []any:
		for i := range v {
			v[i] = dropBOMs(v[i])
		}
	case *gdvar.Dictionary:
		d := &gdvar.Dictionary{}
		for k, e := range v.All() {
			d.Append(dropBOMs(k), dropBOMs(e))
		}
		return d
	}
	return v
}

func readLines(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	require.NoError(t, sc.Err())
	return lines
}

// assertSameLines reports the lines that differ, each around its first
// difference. Where the values were read from text (nearRounding), a float
// may be a little off: Godot 3's parser does not always round to the
// nearest float, as Godot 4's and gdvar's do, and can miss it by a few
// units in the last place.
func assertSameLines(t *testing.T, want, got []string, name string, nearRounding bool) {
	t.Helper()
	if !assert.Equal(t, len(want), len(got), "%s: lines (first: %s)", name, short(strings.Join(got, " "), 0)) {
		return
	}
	for i := range want {
		if want[i] == got[i] || nearRounding && sameFloatsNearly(want[i], got[i]) {
			continue
		}
		at := 0
		for at < len(want[i]) && at < len(got[i]) && want[i][at] == got[i][at] {
			at++
		}
		t.Errorf("%s line %d, at byte %d:\nGodot 3 read %s\nGodot 4 read %s", name, i+1, at, short(want[i], at), short(got[i], at))
	}
}

// describedFloat is a float in a description: its 64 bits in hex.
var describedFloat = regexp.MustCompile(`[0-9a-f]{16}`)

// sameFloatsNearly reports whether two descriptions differ only in floats
// near each other (nearFloats).
func sameFloatsNearly(a, b string) bool {
	fa, fb := describedFloat.FindAllString(a, -1), describedFloat.FindAllString(b, -1)
	if len(fa) != len(fb) || describedFloat.ReplaceAllString(a, "") != describedFloat.ReplaceAllString(b, "") {
		return false
	}
	for i := range fa {
		if !nearFloats(fa[i], fb[i]) {
			return false
		}
	}
	return true
}

// nearFloats reports whether two described floats are the same decimal
// as read by two parsers: doubles within 1e-14 of each other, relatively
// (Godot 3 writes 6 significant digits), or 32-bit floats a unit in the
// last place apart (a double rounded to 32 bits).
func nearFloats(a, b string) bool {
	if a == b {
		return true
	}
	x, errA := hex.DecodeString(a)
	y, errB := hex.DecodeString(b)
	if errA != nil || errB != nil {
		return false
	}
	f := math.Float64frombits(binary.LittleEndian.Uint64(x))
	g := math.Float64frombits(binary.LittleEndian.Uint64(y))
	if math.Abs(f-g) <= 1e-14*max(math.Abs(f), math.Abs(g)) {
		return true
	}
	if float64(float32(f)) != f || float64(float32(g)) != g || math.Signbit(f) != math.Signbit(g) {
		return false
	}
	p, q := math.Float32bits(float32(f)), math.Float32bits(float32(g))
	return max(p, q)-min(p, q) <= 1
}

// short is the part of s around byte at.
func short(s string, at int) string {
	from, to := max(0, at-150), min(len(s), at+150)
	return fmt.Sprintf("…%s…", s[from:to])
}

// copyFile copies a file, for -update.
func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
