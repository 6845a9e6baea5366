package scan

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/resource"
)

// hostileResources are text resources of about size bytes whose properties
// cost a scan the most per byte: empty Dictionaries, zeros, and Arrays 1000
// deep, each a property of the main resource.
func hostileResources(size int) []hostile.Input {
	deep := strings.Repeat("[", 1000) + strings.Repeat("]", 1000)
	var ins []hostile.Input
	for _, p := range []struct{ name, value string }{{"{}", "{}"}, {"zeros", "0"}, {"1000 deep", deep}} {
		ins = append(ins, hostile.Input{Name: "properties of " + p.name, Data: textResource(size, func(i int) string { return hostile.Name(i) + "=" + p.value + "\n" })})
	}
	return ins
}

// ordinaryResource is a text resource of about size bytes of properties as
// a game has them.
func ordinaryResource(size int) []byte {
	return textResource(size, func(i int) string {
		return fmt.Sprintf("position_%d = Vector2(%d.5, 2.25)\nname_%d = \"Player %d\"\ntags_%d = [\"red\", \"vip\"]\n", i, i, i, i, i)
	})
}

// textResource is a resource file whose main resource has the properties
// of line.
func textResource(size int, line func(i int) string) []byte {
	return append([]byte("[gd_resource type=\"Resource\" format=3]\n\n[resource]\n"), hostile.Lines(size, line)...)
}

// ConfigFile allocates within hostile.TextBound of the ConfigFiles that
// cost it most, reading included (each value marshalled anew and read by a
// Decoder of its own took up to 155 bytes a byte).
func TestHostileConfigFile(t *testing.T) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range append(hostile.ConfigFiles(size), hostile.Input{Name: "ordinary", Data: hostile.OrdinaryConfigFile(size)}) {
			t.Run(fmt.Sprintf("%s, %d MiB", in.Name, size>>20), func(t *testing.T) {
				hostile.Collect()
				var err error
				alloc := hostile.Allocated(func() { _, err = ConfigFile(bytes.NewReader(in.Data)) })
				require.NoError(t, err)
				t.Logf("%d bytes: %.1f allocated a byte", len(in.Data), float64(alloc)/float64(len(in.Data)))
				assert.LessOrEqual(t, alloc, hostile.TextBound(in.Data))
			})
		}
	}
}

// ResourceFile allocates, beyond what resource.Read does, within
// hostile.Bound of the resources that cost it most (84 bytes a byte of
// properties of {}).
func TestHostileResourceFile(t *testing.T) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range append(hostileResources(size), hostile.Input{Name: "ordinary", Data: ordinaryResource(size)}) {
			t.Run(fmt.Sprintf("%s, %d MiB", in.Name, size>>20), func(t *testing.T) {
				hostile.Collect()
				var err error
				read := hostile.Allocated(func() { _, err = resource.Read(bytes.NewReader(in.Data)) })
				require.NoError(t, err)
				hostile.Collect()
				alloc := hostile.Allocated(func() { _, err = ResourceFile(bytes.NewReader(in.Data)) })
				require.NoError(t, err)
				t.Logf("%d bytes: %.1f allocated a byte, %.1f of them reading", len(in.Data), float64(alloc)/float64(len(in.Data)), float64(read)/float64(len(in.Data)))
				assert.LessOrEqual(t, int64(alloc)-int64(read), int64(hostile.Bound(len(in.Data))))
			})
		}
	}
}

// BenchmarkHostileFiles scans each of hostile.ConfigFiles and
// hostileResources next to an ordinary file of the same kind and size, at
// 1 MiB and 8 MiB: compare cpu-ns/byte (the process's CPU time, the
// collector's included).
func BenchmarkHostileFiles(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, kind := range []struct {
			name   string
			inputs []hostile.Input
			scan   func([]byte) error
		}{
			{"ConfigFile", append([]hostile.Input{{Name: "ordinary", Data: hostile.OrdinaryConfigFile(size)}}, hostile.ConfigFiles(size)...), func(b []byte) error {
				_, err := ConfigFile(bytes.NewReader(b))
				return err
			}},
			{"ResourceFile", append([]hostile.Input{{Name: "ordinary", Data: ordinaryResource(size)}}, hostileResources(size)...), func(b []byte) error {
				_, err := ResourceFile(bytes.NewReader(b))
				return err
			}},
		} {
			for _, in := range kind.inputs {
				b.Run(fmt.Sprintf("%s/%dMiB/%s", kind.name, size>>20, in.Name), func(b *testing.B) {
					cputime.PerByte(b, len(in.Data), func() error {
						return kind.scan(in.Data)
					})
				})
			}
		}
	}
}
