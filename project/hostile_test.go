package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fill repeats item(i), each with a new i, until size bytes, after head.
func fill(head string, size int, item func(i int) string) []byte {
	var b strings.Builder
	b.WriteString(head)
	for i := 0; b.Len() < size; i++ {
		b.WriteString(item(i))
	}
	return []byte(b.String())
}

// n36 is a short name made of i.
func n36(i int) string { return "x" + strconv.FormatInt(int64(i), 36) }

// hostileScripts are scripts of about size bytes that cost the reader the
// most per byte: the smallest members of each kind by the thousand (each
// kept), the deepest nesting, chains of bases and constants (each @rpc
// folding one more), annotations stacked on one member, long sums.
func hostileScripts(size int) []hostile.Input {
	return []hostile.Input{
		{Name: "functions", Data: fill("", size, func(i int) string { return "func " + n36(i) + "():pass\n" })},
		{Name: "@rpc functions with every argument", Data: fill("", size, func(i int) string {
			return `@rpc("any_peer","unreliable","call_local",1)func ` + n36(i) + "():pass\n"
		})},
		{Name: "variables", Data: fill("", size, func(i int) string { return "var " + n36(i) + "\n" })},
		{Name: "typed variables", Data: fill("", size, func(i int) string { return "var " + n36(i) + ":Array[Dictionary[A.B,C]]\n" })},
		{Name: "constants", Data: fill("", size, func(i int) string { return "const " + n36(i) + "=1\n" })},
		{Name: "constants each of the last", Data: fill("const x0=\"any_peer\"\n", size, func(i int) string {
			return "const " + n36(i+1) + "=" + n36(i) + "\n@rpc(" + n36(i+1) + ")func f" + n36(i) + "():pass\n"
		})},
		{Name: "inner classes", Data: fill("", size, func(i int) string { return "class " + n36(i) + ":\n\tpass\n" })},
		{Name: "inner classes each extending the last", Data: fill("class x0:\n\tpass\n", size, func(i int) string {
			return "class " + n36(i+1) + " extends " + n36(i) + ":\n\tpass\n"
		})},
		{Name: "annotations on one member", Data: append(fill("", size-8, func(int) string { return "@export " }), "var a\n"...)},
		{Name: "deepest brackets", Data: fill("", size, func(i int) string {
			return "var " + n36(i) + "=" + strings.Repeat("[", 255) + strings.Repeat("]", 255) + "\n"
		})},
		{Name: "deepest blocks", Data: fill("", size, func(i int) string {
			var b strings.Builder
			b.WriteString("func " + n36(i) + "():\n")
			for d := 1; d < 250; d++ {
				b.WriteString(strings.Repeat("\t", d) + "if 1:\n")
			}
			b.WriteString(strings.Repeat("\t", 250) + "pass\n")
			return b.String()
		})},
		{Name: "sums", Data: fill("", size, func(i int) string { return "const " + n36(i) + "=1" + strings.Repeat("+1", 300) + "\n" })},
		{Name: "strings", Data: fill("", size, func(i int) string { return "var " + n36(i) + "=\"\\u00e9\\n@rpc\"\n" })},
		{Name: "comments", Data: fill("", size, func(int) string { return "#\n" })},
		{Name: "parameters of one function", Data: append(fill("func a(", size-8, func(i int) string { return n36(i) + "," }), "):pass\n"...)},
		{Name: "typed parameters with defaults", Data: append(fill("@rpc\nfunc a(", size-8, func(i int) string {
			return n36(i) + ":Array[Dictionary[A.B,C]]=1,"
		}), "):pass\n"...)},
		{Name: "@rpc functions of parameters", Data: fill("", size, func(i int) string {
			return "@rpc func " + n36(i) + "(a,b,c,d,e,f,g,h:=1,...i):get_remote_sender_id()\n"
		})},
	}
}

// ordinaryScript is a script such as a game has, of about size bytes: the
// yardstick of the time per byte.
func ordinaryScript(size int) []byte {
	return fill("class_name Player\nextends CharacterBody2D\n\n", size, func(i int) string {
		n := n36(i)
		return fmt.Sprintf(`## The %[1]s state.
@export var speed_%[1]s: float = 300.0
@export_storage var items_%[1]s: Array[Resource] = []
var _cooldown_%[1]s := 0.0

@rpc("any_peer", "call_local", "reliable")
func hit_%[1]s(amount: int, from: Vector2 = Vector2.ZERO) -> void:
	# Take the damage and tell everyone.
	if amount <= 0:
		return
	var text := "hit by %%d" %% amount
	for item in items_%[1]s:
		if item.has_method("absorb"):
			amount = item.absorb(amount)
	print(text, from)

`, n)
	})
}

// readScript reads a script as ParseScript, and as a Project resolving it.
// scriptReader is a way a script is read: ready returns the read of src,
// set up (the Resolve's project written) outside what is measured.
type scriptReader struct {
	name  string
	ready func(t testing.TB, src []byte) func() error
}

// readersOf are the ways a script of a file (a.gd, A.cs) is read: parse
// (called name) alone, and a Project's Resolve.
func readersOf(name, file string, parse func([]byte, string, ...Option) (*Script, error)) []scriptReader {
	return []scriptReader{
		{name, func(_ testing.TB, src []byte) func() error {
			return func() error {
				_, err := parse(src, "res://"+file)
				return err
			}
		}},
		{"Resolve", func(t testing.TB, src []byte) func() error {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), nil, 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, file), src, 0o644))
			return func() error {
				p, err := Open(dir)
				if err != nil {
					return err
				}
				_, err = p.Resolve("res://" + file)
				return err
			}
		}},
	}
}

// hostileMemory reads the inputs of 128 KiB and 1 MiB (128 KiB alone in
// -short) with each reader: each reads within hostile.Bound, without
// error.
func hostileMemory(t *testing.T, inputs func(size int) []hostile.Input, readers []scriptReader) {
	sizes := []int{128 << 10, 1 << 20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		for _, in := range inputs(size) {
			for _, r := range readers {
				read := r.ready(t, in.Data)
				hostile.Collect()
				var err error
				alloc := hostile.Allocated(func() { err = read() })
				t.Logf("%s, %s: %d bytes, %d KiB allocated (%.1f per byte)", r.name, in.Name, len(in.Data), alloc>>10, float64(alloc)/float64(len(in.Data)))
				assert.NoError(t, err, "%s: %s", r.name, in.Name)
				assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), "%s: %s of %d bytes", r.name, in.Name, len(in.Data))
			}
		}
	}
	hostile.Collect()
}

// Every hostile script reads within hostile.Bound, without error but for
// the bounds it is built to pass.
func TestHostileScriptMemory(t *testing.T) {
	hostileMemory(t, func(size int) []hostile.Input {
		return append(hostileScripts(size), hostile.Input{Name: "ordinary", Data: ordinaryScript(size)})
	}, readersOf("ParseScript", "a.gd", ParseScript))
}

// Scripts past the nesting limits fail with ErrTooDeep, within the bound.
func TestHostileScriptErrors(t *testing.T) {
	const size = 256 << 10
	for _, in := range []hostile.Input{
		{Name: "brackets 257 deep", Data: fill("", size, func(i int) string { return "var " + n36(i) + "=" + strings.Repeat("(", 257) + "\n" })},
		{Name: "types 257 deep", Data: []byte("var a: " + strings.Repeat("Array[", 257) + "\n")},
		{Name: "blocks 257 deep", Data: fill("func a():\n", size, func(d int) string { return strings.Repeat(" ", d+1) + "if 1:\n" })},
	} {
		var err error
		alloc := hostile.Allocated(func() { _, err = ParseScript(in.Data, "res://a.gd") })
		assert.ErrorIs(t, err, ErrTooDeep, in.Name)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), in.Name)
	}
}

// BenchmarkHostileScript reads each hostile script next to an ordinary
// one of the same size, at 1 MiB and 8 MiB: the ratios of their times per
// byte are what a hostile script costs. On a busy machine compare
// cpu-ns/byte, the process's CPU time (the collector's included).
func BenchmarkHostileScript(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range append([]hostile.Input{{Name: "ordinary", Data: ordinaryScript(size)}}, hostileScripts(size)...) {
			b.Run(fmt.Sprintf("%dMiB/%s", size>>20, in.Name), func(b *testing.B) {
				cputime.PerByte(b, len(in.Data), func() error {
					_, err := ParseScript(in.Data, "res://a.gd")
					return err
				})
			})
		}
	}
}
