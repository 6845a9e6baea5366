package gdvar_test

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// optionUses calls functions with options, the right way and the wrong
// one: each line marked "wrong" gives a function another package's option,
// which must not compile; every other line must.
const optionUses = `package main

import (
	"bytes"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/migrate"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/scan"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
)

func main() {
	var buf bytes.Buffer
	godot3 := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3))
	_, _ = stream.NewReader(&buf, stream.WithCodec(godot3), stream.WithMaxFrame(1<<20))
	_, _ = stream.NewReader(&buf, gdvar.WithEngine(gdvar.Godot3)) // wrong
	_, _ = godot3.Marshal(1)
	_, _ = gdvar.NewCodec(stream.WithMaxFrame(1)) // wrong
	_, _ = gdvar.Marshal(1, gdvar.WithEngine(gdvar.Godot3)) // wrong
	_, _ = multiplayer.New(multiplayer.WithCodec(godot3), multiplayer.WithMaxPeers(8))
	multiplayer.New(stream.WithMaxFrame(1)) // wrong
	_, _ = multiplayer.New(gdvar.WithEngine(gdvar.Godot3)) // wrong
	_, _ = fileaccess.NewReader(&buf, fileaccess.WithPassword("x"), fileaccess.WithMaxContentSize(1<<20))
	_, _ = fileaccess.NewReader(&buf, gdvar.WithEngine(gdvar.Godot3)) // wrong
	_, _ = vartext.Marshal(1, vartext.WithDialect(vartext.Godot3), vartext.WithMathPrecision(gdvar.Double))
	_, _ = vartext.Marshal(1, gdvar.WithMathPrecision(gdvar.Double)) // wrong
	_, _ = varjson.Marshal(1, varjson.WithCodec(godot3))
	_, _ = varjson.Marshal(1, vartext.WithDialect(vartext.Godot3)) // wrong
	_, _ = configfile.Read(&buf, configfile.WithText(vartext.WithDialect(vartext.Godot3)))
	_, _ = configfile.Read(&buf, vartext.WithDialect(vartext.Godot3)) // wrong
	_, _ = resource.Read(&buf, resource.WithText(vartext.WithDialect(vartext.Godot3)), resource.WithMaxContentSize(1<<20))
	_, _ = resource.Read(&buf, fileaccess.WithMaxContentSize(1<<20)) // wrong
	_ = migrate.Save(&buf, &buf, migrate.WithCodec(godot3), migrate.WithMaxFrame(1<<20))
	_ = migrate.Save(&buf, &buf, stream.WithMaxFrame(1)) // wrong
	_, _ = scan.Save(&buf, scan.WithCodec(godot3), scan.WithMaxFrame(1<<20))
	_, _ = scan.Values(&buf, gdvar.AllowObjects(true)) // wrong
	_, _ = scan.ResourceFile(&buf, scan.WithText(vartext.WithDialect(vartext.Godot3)), scan.WithMaxContentSize(1<<20))
	_, _ = scan.ConfigFile(&buf, configfile.WithText(vartext.WithDialect(vartext.Godot3))) // wrong
}
`

// An option given to another package's function does not compile, and the
// right way does: the go command builds optionUses in a directory of the
// module's testdata, made for the test.
func TestOptionScope(t *testing.T) {
	gocmd := goCommand(t, "builds a program")
	dir, err := os.MkdirTemp("testdata", "optionscope-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(optionUses), 0o644))

	out, err := exec.Command(gocmd, "build", "-gcflags=-e", "-o", os.DevNull, "./"+filepath.ToSlash(dir)).CombinedOutput()
	require.Error(t, err, "the wrong uses compiled")
	var wrong []int
	for i, line := range strings.Split(optionUses, "\n") {
		if strings.HasSuffix(line, "// wrong") {
			wrong = append(wrong, i+1)
		}
	}
	refused := map[int]string{} // the type errors of each line refused
	at := regexp.MustCompile(`main\.go:(\d+):\d+: (.*)`)
	for _, m := range at.FindAllStringSubmatch(string(out), -1) {
		n, _ := strconv.Atoi(m[1])
		refused[n] += m[2] + "\n"
	}
	assert.Equal(t, wrong, slices.Sorted(maps.Keys(refused)), "the lines refused, of:\n%s", out)
	for n, errs := range refused {
		assert.Regexp(t, "cannot use|too many arguments", errs, "line %d", n)
	}
}
