package fileaccess

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/require"
)

// TestLiveContainers has each engine write a save file in every container
// mode, reads them, writes the same records in every mode with gdvar and
// has the engine read those: both sides get the records the engine's
// var_to_bytes printed.
func TestLiveContainers(t *testing.T) {
	for _, c := range []struct {
		engine, script string
		layout         gdvar.Engine
	}{
		{godot.Godot4, "scripts/fileaccess/godot4.gd", gdvar.Godot4},
		{godot.Godot3_6, "scripts/fileaccess/godot3.gd", gdvar.Godot3},
		{godot.Godot3_2, "scripts/fileaccess/godot3.gd", gdvar.Godot3},
	} {
		t.Run(c.engine, func(t *testing.T) {
			engine := godot.Require(t, c.engine)
			fromGodot, fromGo := t.TempDir(), t.TempDir()
			sent := hexLines(t, godot.RunScript(t, engine, c.script, "write", fromGodot), "SENT ")
			for _, mode := range modes {
				b, err := os.ReadFile(filepath.Join(fromGodot, mode+".bin"))
				require.NoError(t, err)
				_, content, err := readAll(b, keyOption(mode))
				require.NoError(t, err, mode)
				sameRecords(t, sent, records(t, content), "gdvar read the engine's "+mode)
				file := write(t, mode, saveFile(sent), WithEngine(c.layout))
				require.NoError(t, os.WriteFile(filepath.Join(fromGo, mode+".bin"), file, 0o644))
			}
			out := godot.RunScript(t, engine, c.script, "read", fromGo)
			for _, mode := range modes {
				sameRecords(t, sent, hexLines(t, out, "GOT "+mode+" "), "the engine read gdvar's "+mode)
			}
		})
	}
}
