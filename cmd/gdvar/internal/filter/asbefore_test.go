package filter

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/fileaccess"
)

// engineFile is an engine-made file of binary values, the framing it was
// written in, and the flags that read it (engine, password, objects).
type engineFile struct {
	name    string
	framing string
	flags   []string
	data    []byte
	twin    bool // encrypted or compressed, of content the tests hold plain too
}

// engineFiles are the engine-made files of binary values the tests hold:
// those that read both ways (scripts/gen-framing-both.sh), the framing
// tests' (scripts/gen-framing.sh) and package migrate's Godot 3 saves
// (scripts/gen-migrate.sh).
func engineFiles(t *testing.T) []engineFile {
	var files []engineFile
	for _, engine := range []string{"godot4", "godot3.6", "godot3.2"} {
		for _, w := range clitest.LoadBothWays(t, framingDir, engine) {
			twin := !strings.Contains(w.Name, ".plain.")
			files = append(files, engineFile{engine + "/" + w.Name, w.Framing, w.Flags, w.Content, twin})
		}
	}
	for engine, flag := range map[string]string{"godot4": "4", "godot3.6": "3"} {
		for _, c := range []struct {
			file  string
			flags []string
		}{
			{"save.sav", nil}, {"objects.sav", []string{"-objects"}}, {"big.sav", nil},
			{"save_pass.sav", []string{"-password", "gdvar"}}, {"save_zstd.sav", nil}, {"values.bin", nil},
			{"several.bin", nil}, {"objects.bin", []string{"-objects"}}, {"big.bin", nil},
		} {
			data, err := os.ReadFile(filepath.Join(framingDir, engine, c.file))
			require.NoError(t, err)
			framing := map[bool]string{true: "stream", false: "none"}[strings.HasSuffix(c.file, ".sav")]
			files = append(files, engineFile{engine + "/" + c.file, framing, append([]string{"-engine", flag}, c.flags...), data, false})
		}
	}
	for _, c := range clitest.MigrateCases(t, filepath.Join("..", "..", "..", "..")) {
		if c.Kind != "save" && c.Kind != "objects" {
			continue
		}
		args := c.Args() // migrate -framing stream FLAGS… FILE
		data, err := os.ReadFile(args[len(args)-1])
		require.NoError(t, err)
		flags := args[3 : len(args)-1]
		if !slices.Contains(flags, "-engine") {
			flags = append(flags, "-engine", "3") // migrate's default, not the others'
		}
		files = append(files, engineFile{filepath.Base(c.Dir) + "/" + c.Name, "stream", flags, data, false})
	}
	return files
}

// framingBefore is the framing a command read the input in before
// -framing auto (3bb7d11): the others none, migrate stream where the whole
// frames that the content's first 64 KiB hold, one or more, each held one
// value.
func framingBefore(t *testing.T, cmd string, f engineFile, engine gdvar.Engine) string {
	if cmd != "migrate" {
		return "none"
	}
	content := f.data
	if bytes.HasPrefix(content, []byte(fileaccess.MagicEncrypted)) || bytes.HasPrefix(content, []byte(fileaccess.MagicCompressed)) {
		var opts []fileaccess.Option
		for i, flag := range f.flags {
			switch flag {
			case "-password":
				opts = append(opts, fileaccess.WithPassword(f.flags[i+1]))
			case "-key":
				k, err := hex.DecodeString(f.flags[i+1])
				require.NoError(t, err)
				opts = append(opts, fileaccess.WithKey(fileaccess.Key(k)))
			}
		}
		r, err := fileaccess.NewReader(bytes.NewReader(content), opts...)
		require.NoError(t, err, f.name)
		content, err = io.ReadAll(r)
		require.NoError(t, err, f.name)
	}
	b := content[:min(len(content), headMax)]
	codec := gdvar.MustCodec(gdvar.WithEngine(engine), gdvar.AllowObjects(true))
	n := 0
	for ; len(b) >= 8; n++ {
		size := int64(binary.LittleEndian.Uint32(b))
		if size < 4 || 4+size > int64(len(b)) {
			break
		}
		if !oneValue(b[4:4+size], true, codec) {
			return "none"
		}
		b = b[4+size:]
	}
	return map[bool]string{true: "stream", false: "none"}[n > 0]
}

// Every command that read an engine-made file as it was written before
// -framing auto still reads it so without -framing, and prints the same:
// the commands read values unless told otherwise, migrate found a save
// file by its frames. (Before this test, a Godot 3.6 save encrypted with a
// password whose first record is store_var of an empty Array stopped
// migrate: "the input reads both as a save file … and as values".)
func TestFramingAsBefore(t *testing.T) {
	kept, lost := 0, 0
	for _, f := range engineFiles(t) {
		engine := gdvar.Godot4
		if !strings.HasPrefix(f.name, "godot4/") {
			engine = gdvar.Godot3
		}
		for _, cmd := range []string{"validate", "json", "text", "copy", "inspect", "scan", "migrate"} {
			if cmd == "migrate" && engine != gdvar.Godot3 || f.twin && cmd != "validate" && cmd != "migrate" {
				continue // the twins' content is read plain; migrate reads Godot 3's
			}
			before := framingBefore(t, cmd, f, engine)
			if before != f.framing {
				continue // read another way before: not kept
			}
			flags := f.flags
			switch cmd {
			case "validate":
				flags = append(flags, "-all")
			case "migrate":
				flags = append(flags, "-plain") // the same bytes each time, not a new IV
			}
			code, want, errOut := runGdvar(f.data, append(append([]string{cmd, "-framing", before}, flags...), "-")...)
			if code != 0 && code != StatusFound {
				continue // it did not read before either
			}
			gotCode, got, gotErr := runGdvar(f.data, append(append([]string{cmd}, flags...), "-")...)
			if assert.Equal(t, code, gotCode, "%s, %s: %s", f.name, cmd, gotErr) &&
				assert.Equal(t, want, got, "%s, %s: as before, with -framing %s (%s)", f.name, cmd, before, errOut) {
				kept++
			} else {
				lost++
			}
		}
	}
	t.Logf("readings kept: %d, lost: %d", kept, lost)
}
