package debugger_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileReplays are replay files of about size bytes that cost ReadReplay
// the most per byte, each with what it says when it refuses one ("":
// read): the smallest steps (the step limit), the most games, values
// nested 1000 deep, lines of 1 MiB, only blank lines, the smallest link
// steps, link conditions, the most links, and a file past 16 MiB.
func hostileReplays(size int) []struct {
	hostile.Input
	refused string
} {
	head := `{"gdvar_replay":1}` + "\n" + `{"frame":0,"game":"g","op":"launch"}` + "\n"
	deep := strings.Repeat("[", 1000) + strings.Repeat("]", 1000)
	long := strings.Repeat("1", MaxLineLess)
	file := func(lines func(i int) string) []byte {
		return append([]byte(head), hostile.Lines(size, lines)...)
	}
	linkFile := func(lines func(i int) string) []byte {
		return append([]byte(linkHead), hostile.Lines(size, lines)...)
	}
	return []struct {
		hostile.Input
		refused string
	}{
		{hostile.Input{Name: "the smallest steps", Data: file(func(int) string { return `{"frame":0,"game":"g","op":"advance"}` + "\n" })}, "steps"},
		{hostile.Input{Name: "games", Data: file(func(i int) string { return `{"frame":0,"game":"x` + hostile.Name(i) + `","op":"launch"}` + "\n" })}, "games"},
		{hostile.Input{Name: "the smallest sets", Data: file(func(int) string {
			return `{"frame":0,"game":"g","op":"set","path":"a","property":"p","value":"1"}` + "\n"
		})}, "steps"},
		{hostile.Input{Name: "values 60 deep", Data: file(func(int) string {
			return `{"frame":0,"game":"g","op":"set","path":"/root/A","property":"p","value":"` + strings.Repeat("[", 60) + strings.Repeat("]", 60) + `"}` + "\n"
		})}, ""},
		{hostile.Input{Name: "values 1000 deep", Data: file(func(int) string {
			return `{"frame":0,"game":"g","op":"set","path":"/root/A","property":"p","value":"` + deep + `"}` + "\n"
		})}, ""},
		{hostile.Input{Name: "lines of 1 MiB", Data: file(func(int) string {
			return `{"frame":0,"game":"g","op":"evaluate","expression":"` + long + `"}` + "\n"
		})}, ""},
		{hostile.Input{Name: "blank lines", Data: file(func(int) string { return "\n" })}, ""},
		{hostile.Input{Name: "the smallest link steps", Data: linkFile(func(int) string { return `{"link":"l","op":"step"}` + "\n" })}, "steps"},
		{hostile.Input{Name: "link conditions", Data: linkFile(func(int) string {
			return `{"link":"l","op":"net","dir":"up","faults":{"delay":"1s","jitter":"1s","loss":0.5,"reorder_delay":"1ms"}}` + "\n"
		})}, "steps"},
		{hostile.Input{Name: "links", Data: linkFile(func(i int) string {
			return `{"link":"x` + hostile.Name(i) + `","op":"link","fps":60,"network":"udp","server":"127.0.0.1:1","listen":"127.0.0.1:2"}` + "\n"
		})}, "links"},
	}
}

// MaxLineLess is the longest expression a step of 1 MiB holds.
const MaxLineLess = debugger.MaxReplayLine - 100

// ReadReplay allocates within hostile.Bound of the files that cost it
// most, and holds no more than that; files beyond its bounds are refused
// as soon as they pass them.
func TestHostileReplay(t *testing.T) {
	sizes := []int{1 << 20, 8 << 20, debugger.MaxReplayBytes + 1<<20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		for _, in := range hostileReplays(size) {
			t.Run(fmt.Sprintf("%s, %d MiB", in.Name, size>>20), func(t *testing.T) {
				hostile.Collect()
				before := hostile.HeapInUse()
				var rp *debugger.Replay
				var err error
				alloc := hostile.Allocated(func() { rp, err = debugger.ReadReplay(bytes.NewReader(in.Data)) })
				held := int64(hostile.HeapInUse()) - int64(before)
				steps := 0
				if rp != nil {
					steps = len(rp.Steps)
				}
				t.Logf("%d bytes: %.1f allocated a byte, %.1f held; %d steps; %v", len(in.Data), float64(alloc)/float64(len(in.Data)), float64(held)/float64(len(in.Data)), steps, err)
				if len(in.Data) > debugger.MaxReplayBytes {
					require.ErrorIs(t, err, debugger.ErrBadReplay)
				} else if err != nil {
					require.ErrorIs(t, err, debugger.ErrBadReplay)
					assert.Contains(t, err.Error(), in.refused)
				}
				assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)))
				assert.LessOrEqual(t, held, int64(hostile.Bound(len(in.Data))))
				runtime.KeepAlive(rp)
			})
		}
	}
}
