package debugger

import (
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// message4 is a Godot 4 message's frame.
func message4(name string, data ...any) []byte {
	b, err := gdvar.Marshal([]any{name, int64(1), data})
	if err != nil {
		panic(err)
	}
	return hostile.Frame(b)
}

// rawMessage4 is the frame of a Godot 4 message whose data is the encoded
// value data, made by hand: it may declare what it does not hold.
func rawMessage4(name string, data []byte) []byte {
	head, err := gdvar.Marshal([]any{name, int64(1)})
	if err != nil {
		panic(err)
	}
	binary.LittleEndian.PutUint32(head[4:], 3) // the Array's count: name, thread, data
	return hostile.Frame(append(head, data...))
}

// frames3 is the frames of a Godot 3 message: its name, its count, then
// each value.
func frames3(name string, count int64, values ...any) []byte {
	var b []byte
	for _, v := range append([]any{name, count}, values...) {
		x, err := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)).Marshal(v)
		if err != nil {
			panic(err)
		}
		b = append(b, hostile.Frame(x)...)
	}
	return b
}

// repeatTo is a game's first message (set_pid) and then frame as many
// times as fit in size bytes.
func repeatTo(size int, frame []byte) []byte {
	b := message4("set_pid", int64(42))
	for len(b)+len(frame) <= size {
		b = append(b, frame...)
	}
	return b
}

// errorMessage4 is an error message with a stack of depth frames.
func errorMessage4(text string, depth int) []byte {
	data := []any{int64(0), int64(0), int64(1), int64(2), "core/x.cpp", "f", int64(3), text, "", false, int64(3 * depth)}
	for i := range depth {
		data = append(data, "res://main.gd", "_process", int64(i))
	}
	return message4("error", data...)
}

// sceneTree4 is a scene_tree message of a root and n children.
func sceneTree4(n int) []byte {
	data := []any{int64(n), "root", "Window", int64(1), "", int64(0)}
	for i := range n {
		data = append(data, int64(0), fmt.Sprint("N", i), "Node", int64(1<<34+i), "", int64(0))
	}
	return message4("scene:scene_tree", data...)
}

// maxBody is the most a message may hold within one frame, its length
// word and message header aside.
const maxBody = MaxFrame - 4 - 64

// hostileGames returns what a hostile game may send a listener, about
// size bytes each (size at most MaxFrame): floods of the smallest output
// and error messages, output that is all line breaks, long lines, long
// error stacks, the deepest nesting, values that declare what they do
// not hold, scene trees nobody asked for, messages of unknown names, a
// million monitors, and Godot 3 messages declaring millions of values.
// Each ends waiting for more.
func hostileGames(size int) []hostile.Input {
	body := min(size, maxBody) - 64
	return []hostile.Input{
		{Name: "output, 200-byte lines", Data: repeatTo(size, message4("output", []string{strings.Repeat("z", 200)}, []int32{0}))},
		{Name: "a frame declaring 8 MiB, stalled", Data: append(binary.LittleEndian.AppendUint32(message4("set_pid", int64(42)), MaxFrame-4), make([]byte, min(size, 64<<10))...)},
		{Name: "output, a short line a message", Data: repeatTo(size, message4("output", []string{"x"}, []int32{0}))},
		{Name: "output, all line breaks", Data: repeatTo(size, message4("output", []string{strings.Repeat("\n", body-64)}, []int32{0}))},
		{Name: "output, 64 KiB lines", Data: repeatTo(size, message4("output", []string{strings.Repeat("y", 64<<10)}, []int32{2}))},
		{Name: "errors, the smallest", Data: repeatTo(size, errorMessage4("", 0))},
		{Name: "errors, 64 KiB stacks", Data: repeatTo(size, errorMessage4("e", 64<<10/40))},
		{Name: "deepest Arrays", Data: repeatTo(size, rawMessage4("x", hostile.ArrayOf(hostile.DeepArrays(1020), min(size/4, body))))},
		{Name: "nested Arrays declaring 16M elements", Data: repeatTo(size, rawMessage4("x", hostile.NestedArrays(1000, 16<<20, min(size/4, body))))},
		{Name: "Nils", Data: repeatTo(size, rawMessage4("x", hostile.ArrayOf(hostile.Nil, min(size/4, body))))},
		{Name: "scene trees nobody asked for", Data: repeatTo(size, sceneTree4(min(size/8, body)/44))},
		{Name: "unknown names", Data: repeatTo(size, message4("x:y"))},
		{Name: "a million monitors", Data: repeatTo(size, rawMessage4("performance:profile_frame", hostile.ArrayOf(hostile.Nil, min(size/4, body))))},
		{Name: inProgress + " then Nils", Data: append(frames3("output", 2_000_000), repeatNil3(size)...)},
		{Name: "Godot 3, the smallest messages", Data: repeat3(size, frames3("x", 0))},
	}
}

// repeatNil3 is Godot 3 Nil frames up to size bytes.
func repeatNil3(size int) []byte { return repeat3(size, hostile.Frame(hostile.Nil)) }

func repeat3(size int, frame []byte) []byte {
	var b []byte
	for len(b)+len(frame) <= size {
		b = append(b, frame...)
	}
	return b
}

// waitingListener wraps the connections it accepts with hostile.Waiting:
// signal runs when the session asks for more than after bytes.
type waitingListener struct {
	net.Listener
	after  int
	signal func()
}

func (l waitingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return hostile.Waiting(c, l.after, l.signal), nil
}

// attack connects to a Listener as a game and sends stream, and returns
// the Session once it has read all of it and waits for more (or has
// ended), and a function that ends the attacker.
func attack(t testing.TB, stream []byte) (*Session, func()) {
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	read := make(chan struct{})
	ln := newListener(waitingListener{tcp, len(stream), func() { close(read) }})
	defer ln.Close()
	game, err := net.Dial("tcp", tcp.Addr().String())
	require.NoError(t, err)
	sent := make(chan error, 1)
	go func() {
		_, err := game.Write(stream)
		sent <- err
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := ln.Accept(ctx)
	require.NoError(t, err)
	select {
	case <-read:
	case <-s.Done():
	case <-ctx.Done():
		t.Fatal("the session did not read the stream")
	}
	return s, func() {
		game.Close()
		<-sent
	}
}

// A hostile game allocates within hostile.Bound of what it sent, the
// session holds no more than that and its caps, and nothing is left
// running after Close.
func TestHostileGame(t *testing.T) {
	sizes := []int{1 << 20, 8 << 20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		for _, in := range hostileGames(size) {
			t.Run(fmt.Sprintf("%s, %d MiB", in.Name, size>>20), func(t *testing.T) {
				defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
				hostile.Collect()
				before := hostile.HeapInUse()
				var s *Session
				var stop func()
				alloc := hostile.Allocated(func() { s, stop = attack(t, in.Data) })
				hostile.Collect() // the stream's pools of frame buffers too
				held := int64(hostile.HeapInUse()) - int64(before)
				lines, _ := s.Output()
				errs, _ := s.Errors()
				t.Logf("%d bytes: %.1f allocated a byte, %d KiB held; %d lines, %d errors kept", len(in.Data), float64(alloc)/float64(len(in.Data)), held>>10, len(lines), len(errs))
				assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)))
				assert.LessOrEqual(t, held, int64(hostile.Bound(len(in.Data))))
				if !strings.HasPrefix(in.Name, inProgress) {
					assert.LessOrEqual(t, held, int64(sessionHeld))
				}
				require.NoError(t, s.Close())
				stop()
				runtime.KeepAlive(lines)
				runtime.KeepAlive(errs)
			})
		}
	}
	hostile.Collect()
}

// sessionHeld is the most a session holds between messages, whatever the
// game sent: what Output and Errors keep at most (2 MiB of text each, and
// 10 000 Lines and 1 000 Errors, with their slices' slack), the last
// monitors. In the middle of a Godot 3 message (inProgress) it holds the
// values that came, within hostile.Bound.
const sessionHeld = 6 << 20

// inProgress starts the name of the input that ends in the middle of a
// message.
const inProgress = "Godot 3, a count of 2M"

// ordinaryGame is what a game sends in the course of a session, about
// size bytes: printed lines, errors with their stacks, scene trees and
// the monitors, over and over.
func ordinaryGame(size int) []byte {
	var cycle []byte
	for i := range 20 {
		cycle = append(cycle, message4("output", []string{fmt.Sprintf("player %d moved to (%d, %d)\nscore %d", i, i*3, i*7, i*100)}, []int32{0})...)
	}
	cycle = append(cycle, errorMessage4("Invalid call. Nonexistent function 'foo' in base 'Nil'.", 3)...)
	cycle = append(cycle, sceneTree4(200)...)
	monitors := make([]any, len(monitorNames4))
	for i := range monitors {
		monitors[i] = float64(i) * 1.5
	}
	cycle = append(cycle, message4("performance:profile_frame", monitors...)...)
	b := message4("set_pid", int64(42))
	for len(b)+len(cycle) <= size {
		b = append(b, cycle...)
	}
	return b
}

// BenchmarkHostileGame reads each hostile game's stream with a Session,
// next to an ordinary game's of the same size: the ratios of their times
// per byte are what a hostile game costs. On a busy machine compare
// cpu-ns/byte, the process's CPU time (the collector's included).
func BenchmarkHostileGame(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range append([]hostile.Input{{Name: "ordinary", Data: ordinaryGame(size)}}, hostileGames(size)...) {
			b.Run(fmt.Sprintf("%s/%dMiB", in.Name, size>>20), func(b *testing.B) {
				cputime.PerByte(b, len(in.Data), func() error {
					s, stop := attack(b, in.Data)
					err := s.Close()
					stop()
					return err
				})
			})
		}
	}
}
