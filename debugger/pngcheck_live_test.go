package debugger

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pngProbe is a script that saves, in the folder after --, the PNGs Godot
// writes of noise (which deflate cannot shrink) in its formats, and of a
// flat color, each named FORMAT-WIDTHxHEIGHT.png.
const pngProbe = `extends SceneTree


func _init() -> void:
	var out := OS.get_cmdline_user_args()[0]
	var crypto := Crypto.new()
	for size: Vector2i in [Vector2i(1, 1), Vector2i(3, 2), Vector2i(64, 64), Vector2i(4096, 1), Vector2i(1, 4096), Vector2i(640, 480), Vector2i(1920, 1080)]:
		var pixel := {Image.FORMAT_L8: 1, Image.FORMAT_RGB8: 3, Image.FORMAT_RGBA8: 4, Image.FORMAT_RGBAH: 8}
		for format: int in pixel:
			var n: int = size.x * size.y * pixel[format]
			var img := Image.create_from_data(size.x, size.y, false, format, crypto.generate_random_bytes(n))
			img.save_png("%s/%d-%dx%d.png" % [out, format, size.x, size.y])
		var flat := Image.create(size.x, size.y, false, Image.FORMAT_RGBA8)
		flat.fill(Color(0.2, 0.4, 0.6, 0.8))
		flat.save_png("%s/flat-%dx%d.png" % [out, size.x, size.y])
	quit()
`

// Every PNG Godot writes is within maxPNG of its size, and passes
// pngCheck, whole; noise of 1920 × 1080 pixels takes most of its bound.
func TestLivePNGBound(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	dir, out := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "probe.gd"), []byte(pngProbe), 0o644))
	cmd := exec.CommandContext(ctx, engine, "--headless", "--path", dir, "-s", "probe.gd", "--", out)
	cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	printed, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", printed)
	files, err := filepath.Glob(filepath.Join(out, "*.png"))
	require.NoError(t, err)
	require.Len(t, files, 7*5, "%s", printed)
	for _, f := range files {
		_, dims, _ := strings.Cut(strings.TrimSuffix(filepath.Base(f), ".png"), "-")
		var width, height int64
		_, err := fmt.Sscanf(dims, "%dx%d", &width, &height)
		require.NoError(t, err, f)
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		bound, err := checkImageSize(width, height)
		require.NoError(t, err)
		t.Logf("%s: %d bytes, %.1f%% of the bound %d", filepath.Base(f), len(b), 100*float64(len(b))/float64(bound), bound)
		check := newPNGCheck(width, height, bound)
		require.NoError(t, check.check(b), f)
		assert.True(t, check.ended, f)
	}
}
