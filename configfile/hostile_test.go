package configfile

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// Read allocates within hostile.TextBound of the files that cost it most
// (sections of one key each took 74 bytes a byte, keys 1000 deep 166), and
// the File it returns holds at most 24 bytes a byte of them, besides the
// Dictionaries (a one-key section took 53).
func TestHostileRead(t *testing.T) {
	sizes := []int{1 << 20, 8 << 20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		for _, in := range append(hostile.ConfigFiles(size), hostile.Input{Name: "ordinary", Data: hostile.OrdinaryConfigFile(size)}) {
			t.Run(fmt.Sprintf("%s, %d MiB", in.Name, size>>20), func(t *testing.T) {
				hostile.Collect()
				before := hostile.HeapInUse()
				var f *File
				var err error
				alloc := hostile.Allocated(func() { f, err = Read(bytes.NewReader(in.Data)) })
				require.NoError(t, err)
				held := int64(hostile.HeapInUse()) - int64(before)
				runtime.KeepAlive(f)
				t.Logf("%d bytes: %.1f allocated a byte, %.1f held", len(in.Data), float64(alloc)/float64(len(in.Data)), float64(held)/float64(len(in.Data)))
				assert.LessOrEqual(t, alloc, hostile.TextBound(in.Data))
				assert.LessOrEqual(t, held, int64(hostile.TextBound(in.Data)-hostile.Bound(len(in.Data)))+24*int64(len(in.Data)))
				f = nil
				hostile.Collect()
			})
		}
	}
}

// WriteTo writes through a buffer, the values with one Encoder: it
// allocates at most a byte a byte of the files that cost Read most (it
// built the text whole, each value with an Encoder of its own: 190–310
// bytes a byte).
func TestHostileWrite(t *testing.T) {
	for _, in := range append(hostile.ConfigFiles(1<<20), hostile.Input{Name: "ordinary", Data: hostile.OrdinaryConfigFile(1 << 20)}) {
		t.Run(in.Name, func(t *testing.T) {
			f, err := Read(bytes.NewReader(in.Data))
			require.NoError(t, err)
			var c counter
			alloc := hostile.Allocated(func() { _, err = f.WriteTo(&c) })
			require.NoError(t, err)
			t.Logf("%d bytes read, %d written: %.1f allocated a byte", len(in.Data), c.n, float64(alloc)/float64(len(in.Data)))
			assert.LessOrEqual(t, alloc, uint64(len(in.Data))+hostile.Floor)
		})
	}
}

// MarshalJSON writes the values with one varjson.Encoder and one Decoder:
// it allocates within hostile.Bound of the files that cost Read most
// (varjson.Append of each value took a 64 KiB read buffer: 8387 bytes a
// byte of one-key sections, 12 575 of keys of 0).
func TestHostileJSON(t *testing.T) {
	for _, in := range append(hostile.ConfigFiles(1<<20), hostile.Input{Name: "ordinary", Data: hostile.OrdinaryConfigFile(1 << 20)}) {
		t.Run(in.Name, func(t *testing.T) {
			f, err := Read(bytes.NewReader(in.Data))
			require.NoError(t, err)
			var js []byte
			alloc := hostile.Allocated(func() { js, err = f.MarshalJSON() })
			require.NoError(t, err)
			t.Logf("%d bytes read, %d of JSON: %.1f allocated a byte", len(in.Data), len(js), float64(alloc)/float64(len(in.Data)))
			assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)))
		})
	}
}

// UnmarshalJSON reads the values with one varjson.Decoder, which keeps
// its stacks from one value to the next: on the JSON of the files that
// cost Read most it allocates within hostile.TextBound of the JSON (at most
// 31.6 bytes a byte besides the Dictionaries; a varjson.Unmarshal a value
// took 128–217, a Decode 69 when each made its stacks anew).
func TestHostileUnmarshalJSON(t *testing.T) {
	for _, in := range append(hostile.ConfigFiles(1<<20), hostile.Input{Name: "ordinary", Data: hostile.OrdinaryConfigFile(1 << 20)}) {
		t.Run(in.Name, func(t *testing.T) {
			f, err := Read(bytes.NewReader(in.Data))
			require.NoError(t, err)
			js, err := f.MarshalJSON()
			require.NoError(t, err)
			g := mustNew(t)
			alloc := hostile.Allocated(func() { err = g.UnmarshalJSON(js) })
			require.NoError(t, err)
			t.Logf("%d bytes of JSON: %.1f allocated a byte", len(js), float64(alloc)/float64(len(js)))
			assert.LessOrEqual(t, alloc, hostile.TextBound(js))
		})
	}
}

// counter counts what is written to it.
type counter struct{ n int }

func (c *counter) Write(b []byte) (int, error) {
	c.n += len(b)
	return len(b), nil
}

// BenchmarkHostileRead reads each of hostile.ConfigFiles next to an
// ordinary file of the same size, at 1 MiB and 8 MiB: compare cpu-ns/byte
// (the process's CPU time, the collector's included) across inputs and
// sizes.
func BenchmarkHostileRead(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range append([]hostile.Input{{Name: "ordinary", Data: hostile.OrdinaryConfigFile(size)}}, hostile.ConfigFiles(size)...) {
			b.Run(fmt.Sprintf("%dMiB/%s", size>>20, in.Name), func(b *testing.B) {
				cputime.PerByte(b, len(in.Data), func() error {
					_, err := Read(bytes.NewReader(in.Data))
					return err
				})
			})
		}
	}
}
