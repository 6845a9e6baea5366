package fromproject

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxNote bounds a note of Net.Unknown: 4 places of a 48-byte script
// name and a 40-byte value, and what the note is about.
const maxNote = 512

// netScript writes a project whose one script is 1 MiB of line(i)'s,
// and returns it with the script's size.
func netScript(t testing.TB, line func(i int) string) (*project.Project, int) {
	t.Helper()
	src := "extends Node\n\nfunc f() -> void:\n" + string(hostile.Lines(1<<20, line))
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "net.gd"), []byte(src), 0o644))
	p, err := project.Open(dir)
	require.NoError(t, err)
	return p, len(src)
}

// fastest is the least time f took in 3 runs.
func fastest(f func()) time.Duration {
	least := time.Duration(1 << 62)
	for range 3 {
		start := time.Now()
		f()
		least = min(least, time.Since(start))
	}
	return least
}

// Scripts setting a peer's settings tens of thousands of ways: NetOf
// holds each setting to one pass (its first check of the values against
// each other was quadratic: 31 000 distinct ports and client counts took
// 3.5 s, 100 times the reading of the script), allocates within
// hostile.Bound of the script, and says what it could not tell in a few
// one-line notes.
func TestHostileNetOf(t *testing.T) {
	for _, c := range []struct {
		name string
		line func(i int) string
	}{
		{"distinct ports and client counts", func(i int) string { return fmt.Sprintf("\tpeer.create_server(%d, %d)\n", i, i) }},
		{"distinct protocol lists", func(i int) string { return fmt.Sprintf("\tws.supported_protocols = [\"p%d\", \"q\"]\n", i) }},
		{"distinct roots", func(i int) string {
			return fmt.Sprintf("\tget_tree().set_multiplayer(m, NodePath(\"/root/n%d\"))\n", i)
		}},
		{"distinct compressions", func(i int) string {
			return fmt.Sprintf("\tpeer.host.compress(ENetConnection.COMPRESS_%s)\n", hostile.Name(i))
		}},
		{"both transports in turn", func(i int) string {
			return []string{"\tp = ENetMultiplayerPeer.new()\n", "\tp = WebSocketMultiplayerPeer.new()\n"}[i%2]
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, size := netScript(t, c.line)
			reading := fastest(func() { _, _ = p.Network() }) // NetOf reads the scripts again
			var n *Net
			var err error
			took := fastest(func() { n, err = NetOf(p) })
			require.NoError(t, err)
			alloc := hostile.Allocated(func() { n, err = NetOf(p) })
			require.NoError(t, err)
			t.Logf("%d bytes: NetOf %v, the reading %v; %.1f bytes allocated a byte; %q", size, took, reading, float64(alloc)/float64(size), n.Unknown)
			assert.Less(t, took, 10*reading)
			assert.LessOrEqual(t, alloc, hostile.Bound(size))
			assert.NotEmpty(t, n.Unknown)
			assert.LessOrEqual(t, len(n.Unknown), 6)
			for _, note := range n.Unknown {
				assert.LessOrEqual(t, len(note), maxNote)
				assert.NotContains(t, note, "\n")
			}
		})
	}
}

// What the scripts cannot have is no setting: a compression mode ENet
// lacks (the engine refuses the script) leaves none, said, so that a
// client is not dialled with it; a note naming a script whose file name
// holds a line break, or a string that does, stays one short line. Each
// note is of its setting (NoteSetting), a colon in a file's name or not.
func TestNetOfNotes(t *testing.T) {
	long := "a\n" + strings.Repeat("é", 100)
	for _, c := range []struct {
		name, file, setup, compression string
		note, setting                  string
	}{
		{"a mode ENet lacks", "main.gd", "\tpeer.host.compress(ENetConnection.COMPRESS_LZ4)", "", "compression: not a mode ENet has (res://main.gd:4 COMPRESS_LZ4)", "compression"},
		{"a mode ENet has", "main.gd", "\tpeer.host.compress(ENetConnection.COMPRESS_ZSTD)", "ZSTD", "", ""},
		{"none", "main.gd", "\tpeer.host.compress(ENetConnection.COMPRESS_NONE)", "", "", ""},
		{"a line break in a protocol", "main.gd", "\tws.supported_protocols = [\"a\\nb\"]\n\tws.supported_protocols = [\"c\"]", "", "subprotocols: set in ways the reader cannot tell apart (res://main.gd:4 a?b, res://main.gd:5 c)", "subprotocols"},
		{"a long file name with a line break", long + ".gd", "\tpeer.create_server(7000, 8)\n\tpeer.create_server(7001, 8)", "", "port: set in ways the reader cannot tell apart (res://a?éééé", "port"},
		{"a colon in a file name", "a:b.gd", "\tpeer.set_multiplayer(multiplayer, get_path())", "", "multiplayer root: set in ways the reader cannot tell apart (res://a:b.gd:4", "multiplayer root"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := netGame(t, "")
			src := "extends Node\n\nfunc host() -> void:\n" + c.setup + "\n\tpeer = ENetMultiplayerPeer.new()\n"
			require.NoError(t, os.WriteFile(filepath.Join(p.Dir, c.file), []byte(src), 0o644))
			p, err := project.Open(p.Dir)
			require.NoError(t, err)
			n, err := NetOf(p)
			require.NoError(t, err)
			assert.Equal(t, c.compression, n.Compression)
			_, err = n.Dial("127.0.0.1:7000")
			require.NoError(t, err)
			if c.note == "" {
				assert.Empty(t, n.Unknown)
				return
			}
			require.Len(t, n.Unknown, 1)
			assert.True(t, strings.HasPrefix(n.Unknown[0], c.note), "%q", n.Unknown[0])
			assert.Equal(t, c.setting, NoteSetting(n.Unknown[0]))
			assert.LessOrEqual(t, len(n.Unknown[0]), maxNote)
			assert.NotContains(t, n.Unknown[0], "\n")
		})
	}
}

// Any script and project.godot: NetOf reads a Net whose port and client
// count are in the engine's range, whose compression dials, whose notes
// are a few short lines; a client joins with its settings or is refused
// with a typed error.
func FuzzNetOf(f *testing.F) {
	f.Add("config_version=5\n", "extends Node\nfunc f():\n\tvar p = ENetMultiplayerPeer.new()\n\tp.create_server(7000, 32)\n\tp.host.compress(ENetConnection.COMPRESS_ZLIB)\n")
	f.Add("config_version=5\n", "extends Node\nfunc f():\n\tvar p = WebSocketMultiplayerPeer.new()\n\tp.supported_protocols = [\"a\", \"b\"]\n\tp.create_server(65536)\n")
	f.Add("config_version=5\n[autoload]\nN=\"*res://net.gd\"\n", "extends Node\nconst P = 9000\nfunc f():\n\tget_tree().set_multiplayer(m, NodePath(\"/root/x\"))\n\tpeer.create_server(P)\n")
	f.Add("config_version=5\n", "extends Node\nfunc f():\n\tvar p = WebSocketMultiplayerPeer.new()\n\tp.supported_protocols = [\"a b\", \"\\n\"]\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, godot, script string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte(godot), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "net.gd"), []byte(script), 0o644))
		p, err := project.Open(dir)
		if err != nil {
			assert.LessOrEqual(t, len(err.Error()), 300)
			return
		}
		n, err := NetOf(p)
		if err != nil {
			assert.LessOrEqual(t, len(err.Error()), 300)
			return
		}
		assert.True(t, n.Port == 0 || n.Port >= 1 && n.Port <= 65535, "port %d", n.Port)
		assert.True(t, n.MaxClients >= 0 && n.MaxClients <= maxENetPeers, "max clients %d", n.MaxClients)
		assert.True(t, slices.Contains(CompressionModes, n.Compression), "compression %q", n.Compression)
		assert.LessOrEqual(t, len(n.Unknown), 6)
		for _, note := range n.Unknown {
			assert.LessOrEqual(t, len(note), maxNote)
			assert.NotContains(t, note, "\n")
		}
		_, err = n.Dial("127.0.0.1")
		assert.NoError(t, err)
		if m, err := multiplayer.New(n.ServerOptions()...); err != nil {
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption) // a subprotocol no HTTP token
			assert.LessOrEqual(t, len(err.Error()), 300)
		} else {
			require.NoError(t, m.Close())
		}
	})
}

// A compression mode Compression does not know is a typed refusal of
// one short line, whatever it was given.
func TestCompressionRefusal(t *testing.T) {
	for _, mode := range []string{"LZ4", "COMPRESS_ZLIB2", strings.Repeat("\n", 1<<20)} {
		_, err := Compression(mode)
		require.ErrorIs(t, err, gdvar.ErrInvalidOption)
		assert.LessOrEqual(t, len(err.Error()), 300)
		assert.NotContains(t, err.Error(), "\n")
	}
}
