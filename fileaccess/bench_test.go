package fileaccess

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/gamestate"
)

// BenchmarkContainers writes and reads the game-state payload (16.5 MB)
// in a container of every mode, as scripts/bench/fileaccess4.gd and
// fileaccess3.gd time the engines doing with store_buffer and get_buffer.
// Writing goes to a file, as the engine's does (an encrypted container
// seeks back to its header); reading comes from memory.
func BenchmarkContainers(b *testing.B) {
	payload := gamestate.Bytes(gamestate.Players)
	for _, mode := range modes {
		file := write(b, mode, payload)
		b.Run("write/"+mode, func(b *testing.B) {
			f, err := os.Create(filepath.Join(b.TempDir(), mode+".bin"))
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			b.SetBytes(int64(len(payload)))
			for b.Loop() {
				if _, err := f.Seek(0, io.SeekStart); err != nil {
					b.Fatal(err)
				}
				var w io.WriteCloser
				if c, ok := compression(mode); ok {
					w, err = NewCompressedWriter(f, c)
				} else {
					w, err = NewEncryptedWriter(f, keyOption(mode))
				}
				if err == nil {
					_, err = w.Write(payload)
				}
				if err == nil {
					err = w.Close()
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("read/"+mode, func(b *testing.B) {
			b.SetBytes(int64(len(payload)))
			for b.Loop() {
				if err := drain(file, keyOption(mode)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
