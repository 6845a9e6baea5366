package migrate

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Save and Values read whole values (a record at a time, within the
// limits) through gdvar's value layer, whose budget follows the bytes
// received; then they write the Godot 4 form, which is at most 3 times as
// large (a RID, 4 bytes in Godot 3, is 12 in Godot 4). These inputs, a
// Godot 3 save file of about 1 MiB each, cost the most per byte.

// godot3Record is one record of a save file: the Godot 3 value that tokens
// write.
func godot3Record(t testing.TB, tokens func(enc *gdvar.Encoder) error) []byte {
	var b bytes.Buffer
	enc := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.AllowObjects(true)).NewEncoder(&b)
	require.NoError(t, tokens(enc))
	require.NoError(t, enc.Flush())
	return hostile.Frame(b.Bytes())
}

// arrayOf3 is a Godot 3 record of an Array of n elements, each written by
// elem.
func arrayOf3(t testing.TB, n int, elem func(enc *gdvar.Encoder) error) []byte {
	return godot3Record(t, func(enc *gdvar.Encoder) error {
		if err := enc.WriteToken(gdvar.ArrayStartToken(n, gdvar.ContainerType{})); err != nil {
			return err
		}
		for range n {
			if err := elem(enc); err != nil {
				return err
			}
		}
		return enc.WriteToken(gdvar.ArrayEndToken)
	})
}

// dictOf3 is a Godot 3 record of a Dictionary of n entries, each key
// written by key(i), each value Nil.
func dictOf3(t testing.TB, n int, key func(enc *gdvar.Encoder, i int) error) []byte {
	return godot3Record(t, func(enc *gdvar.Encoder) error {
		if err := enc.WriteToken(gdvar.DictStartToken(n, gdvar.ContainerType{}, gdvar.ContainerType{})); err != nil {
			return err
		}
		for i := range n {
			for _, err := range []error{enc.WriteToken(gdvar.DictKeyToken), key(enc, i), enc.WriteToken(gdvar.NilToken)} {
				if err != nil {
					return err
				}
			}
		}
		return enc.WriteToken(gdvar.DictEndToken)
	})
}

// ordinarySave is a save file of the engine-made records of testdata,
// repeated up to about size bytes.
func ordinarySave(t testing.TB, size int) []byte {
	one, err := os.ReadFile(filepath.Join("testdata", "godot3.6", "values.sav"))
	require.NoError(t, err)
	var b []byte
	for len(b)+len(one) <= size {
		b = append(b, one...)
	}
	return b
}

// hostileSaves are Godot 3 save files of about size bytes.
func hostileSaves(t testing.TB, size int) []hostile.Input {
	token := func(tok gdvar.Token) func(*gdvar.Encoder) error {
		return func(enc *gdvar.Encoder) error { return enc.WriteToken(tok) }
	}
	object := func(enc *gdvar.Encoder) error {
		if err := enc.WriteToken(gdvar.ObjectStartToken("Reference", 0)); err != nil {
			return err
		}
		return enc.WriteToken(gdvar.ObjectEndToken)
	}
	deep := func(enc *gdvar.Encoder) error { // nested as deep as the limit allows
		for range gdvar.DefaultMaxDepth - 1 {
			if err := enc.WriteToken(gdvar.ArrayStartToken(1, gdvar.ContainerType{})); err != nil {
				return err
			}
		}
		if err := enc.WriteToken(gdvar.NilToken); err != nil {
			return err
		}
		for range gdvar.DefaultMaxDepth - 1 {
			if err := enc.WriteToken(gdvar.ArrayEndToken); err != nil {
				return err
			}
		}
		return nil
	}
	declared := binary.LittleEndian.AppendUint32(nil, uint32(size-4))
	declared = binary.LittleEndian.AppendUint32(declared, 19) // a Godot 3 Array
	declared = binary.LittleEndian.AppendUint32(declared, uint32(gdvar.DefaultLimits().MaxContainerLen))
	declared = append(declared, make([]byte, size-12)...) // Nils, too few
	return []hostile.Input{
		{Name: "ordinary", Data: ordinarySave(t, size)},
		{Name: "RIDs, which triple", Data: arrayOf3(t, size/4-3, token(gdvar.RIDToken(0)))},
		{Name: "Nils", Data: arrayOf3(t, size/4-3, token(gdvar.NilToken))},
		{Name: "empty objects, renamed", Data: arrayOf3(t, size/20, object)},
		{Name: "nested as deep as allowed", Data: arrayOf3(t, size/(8*gdvar.DefaultMaxDepth), deep)},
		{Name: "an Array of 2^24 that is not there", Data: declared},
		{Name: "a Dictionary of int keys, told apart", Data: dictOf3(t, size/12-1, func(enc *gdvar.Encoder, i int) error {
			return enc.WriteToken(gdvar.Int32Token(int32(i)))
		})},
		{Name: "a Dictionary of one NodePath key, made one entry", Data: dictOf3(t, size/20-1, func(enc *gdvar.Encoder, _ int) error {
			return enc.WriteToken(gdvar.NodePathToken(gdvar.NodePath{}))
		})},
	}
}

// TestSaveBound checks the bound: what migrating a save file allocates is
// at most hostile.PerByte bytes per byte of the file (and the Floor).
func TestSaveBound(t *testing.T) {
	for _, in := range hostileSaves(t, 1<<20) {
		t.Run(in.Name, func(t *testing.T) {
			hostile.Collect()
			var err error
			got := hostile.Allocated(func() { err = Save(io.Discard, bytes.NewReader(in.Data)) })
			if in.Name == "an Array of 2^24 that is not there" {
				assert.ErrorIs(t, err, gdvar.ErrTruncated)
			} else {
				assert.NoError(t, err)
			}
			assert.LessOrEqual(t, got, hostile.Bound(len(in.Data)), "%.1f bytes allocated per byte", float64(got)/float64(len(in.Data)))
			t.Logf("%.1f bytes allocated per byte", float64(got)/float64(len(in.Data)))
		})
	}
}

// TestValuesBound checks Values against the same bound, on the values of
// the records of one value (without their frame).
func TestValuesBound(t *testing.T) {
	for _, in := range hostileSaves(t, 1<<20)[1:] {
		t.Run(in.Name, func(t *testing.T) {
			value := in.Data[4:]
			hostile.Collect()
			var err error
			got := hostile.Allocated(func() { err = Values(io.Discard, bytes.NewReader(value)) })
			if in.Name == "an Array of 2^24 that is not there" {
				assert.ErrorIs(t, err, gdvar.ErrTruncated)
			} else {
				assert.NoError(t, err)
			}
			assert.LessOrEqual(t, got, hostile.Bound(len(value)), "%.1f bytes allocated per byte", float64(got)/float64(len(value)))
			t.Logf("%.1f bytes allocated per byte", float64(got)/float64(len(value)))
		})
	}
}

// BenchmarkSave migrates a save file of 1 MiB: the engine-made records,
// and the inputs that cost the most.
func BenchmarkSave(b *testing.B) {
	for _, in := range hostileSaves(b, 1<<20) {
		b.Run(in.Name, func(b *testing.B) {
			b.SetBytes(int64(len(in.Data)))
			b.ReportAllocs()
			for b.Loop() {
				err := Save(io.Discard, bytes.NewReader(in.Data))
				if err != nil && in.Name != "an Array of 2^24 that is not there" {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestConfigFileBound: reading a Godot 3 ConfigFile, migrating it and
// writing its Godot 4 text allocate within hostile.TextBound of the files
// that cost most (one-key sections took 340 bytes a byte, keys 1000 deep
// 252, an ordinary file 93).
func TestConfigFileBound(t *testing.T) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range append(hostile.ConfigFiles(size), hostile.Input{Name: "ordinary", Data: hostile.OrdinaryConfigFile(size)}) {
			t.Run(fmt.Sprintf("%s, %d MiB", in.Name, size>>20), func(t *testing.T) {
				hostile.Collect()
				var err error
				alloc := hostile.Allocated(func() { err = migrateConfigFile(in.Data) })
				require.NoError(t, err)
				t.Logf("%d bytes: %.1f allocated a byte", len(in.Data), float64(alloc)/float64(len(in.Data)))
				assert.LessOrEqual(t, alloc, hostile.TextBound(in.Data))
			})
		}
	}
}

// migrateConfigFile reads text as a Godot 3 ConfigFile and writes its Godot
// 4 form, as gdvar migrate does.
func migrateConfigFile(text []byte) error {
	f, err := configfile.Read(bytes.NewReader(text), configfile.WithText(vartext.WithDialect(vartext.Godot3)))
	if err != nil {
		return err
	}
	g, err := ConfigFile(f)
	if err != nil {
		return err
	}
	_, err = g.WriteTo(io.Discard)
	return err
}

// BenchmarkConfigFile migrates each of hostile.ConfigFiles next to an
// ordinary file of the same size, at 1 MiB and 8 MiB, read and written as
// gdvar migrate does: compare cpu-ns/byte.
func BenchmarkConfigFile(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range append([]hostile.Input{{Name: "ordinary", Data: hostile.OrdinaryConfigFile(size)}}, hostile.ConfigFiles(size)...) {
			b.Run(fmt.Sprintf("%dMiB/%s", size>>20, in.Name), func(b *testing.B) {
				cputime.PerByte(b, len(in.Data), func() error {
					return migrateConfigFile(in.Data)
				})
			})
		}
	}
}
