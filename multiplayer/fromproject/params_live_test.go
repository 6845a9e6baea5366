package fromproject

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/vartext"
)

// paramsProject is the game of the live tests of typed parameters: Main's
// @rpc("any_peer") methods take each kind of parameter (main.gd).
const paramsProject = "multiplayer/fromproject/testdata/params"

// verdict is what a host made of one call: ran, with the arguments its
// function got (as var_to_str writes them), or refused, with the
// engine's reason.
type verdict struct {
	ran  bool
	args string
	why  string
}

func (v verdict) String() string {
	if v.ran {
		return "ran " + v.args
	}
	return "refused: " + v.why
}

// engineVerdicts reads the verdicts a Godot host printed (main.gd's
// host): for each MARK n, what ran or was refused since the mark before.
func engineVerdicts(t *testing.T, out string, n int) []verdict {
	t.Helper()
	var got []verdict
	cur := verdict{}
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "RAN "):
			_, args, _ := strings.Cut(strings.TrimPrefix(l, "RAN "), " ")
			cur = verdict{ran: true, args: args}
		case strings.HasPrefix(l, "REFUSED RPC - ") && !cur.ran:
			_, why, _ := strings.Cut(l, "': ")
			cur.why = why
		case strings.HasPrefix(l, "MARK "):
			got = append(got, cur)
			cur = verdict{}
		}
	}
	require.Len(t, got, n, "the host's marks")
	return got
}

// goHost is a Go host of the params game, declared by Declare, which
// notes what each call did, in order: each method's handler notes that
// it ran and with what, OnError that a call was refused, mark(n) closes
// the case.
type goHost struct {
	m *multiplayer.Multiplayer

	mu       sync.Mutex
	verdicts []verdict
	cur      verdict
	marks    chan int
	refusals []error // every error reported
}

func newGoHost(t *testing.T) *goHost {
	h := &goHost{m: multiplayer.MustNew(multiplayer.WithErrorInterval(0)), marks: make(chan int, 1024)}
	p, err := project.Open("testdata/params")
	require.NoError(t, err)
	d, err := Declare(h.m, p, "res://main.tscn")
	require.NoError(t, err)
	h.m.OnError(func(err error) {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.refusals = append(h.refusals, err)
		if ae, ok := errors.AsType[*multiplayer.ArgError](err); ok && errors.Is(err, multiplayer.ErrArguments) && !h.cur.ran {
			_, why, _ := strings.Cut(ae.Err.Error(), multiplayer.ErrArguments.Error()+": ")
			h.cur.why = why
		}
	})
	main, err := d.Node("/root/Main")
	require.NoError(t, err)
	for _, meth := range main.MethodSet().Methods() {
		name := meth.Name
		if !strings.HasPrefix(name, "take_") {
			continue
		}
		require.NoError(t, d.Handle("/root/Main", name, func(c *multiplayer.Call, args ...any) {
			text, err := vartext.Marshal(args)
			require.NoError(t, err)
			h.mu.Lock()
			defer h.mu.Unlock()
			h.cur = verdict{ran: true, args: strings.ReplaceAll(string(text), "\n", " ")}
		}))
	}
	require.NoError(t, d.Handle("/root/Main", "mark", func(c *multiplayer.Call, n int64) {
		h.mu.Lock()
		h.verdicts = append(h.verdicts, h.cur)
		h.cur = verdict{}
		h.mu.Unlock()
		h.marks <- int(n)
	}))
	require.NoError(t, d.Handle("/root/Main", "done", func(c *multiplayer.Call) error { return c.Reply("done_back") }))
	return h
}

// waitMark waits for mark(n).
func (h *goHost) waitMark(t *testing.T, n int) {
	t.Helper()
	deadline := time.After(liveWait)
	for {
		select {
		case got := <-h.marks:
			if got == n {
				return
			}
		case <-deadline:
			t.Fatalf("no mark %d within %v", n, liveWait)
		}
	}
}

// sameVerdicts checks that the Go host's verdicts are the engine's, case
// by case: ran or refused, with the engine's reason; for the methods whose
// arguments the Go host converts as the engine does, with the same
// arguments.
func sameVerdicts(t *testing.T, cases []string, engine, goSide []verdict) {
	t.Helper()
	require.Len(t, goSide, len(engine))
	ran, refused := 0, 0
	for i, e := range engine {
		g := goSide[i]
		if !assert.Equal(t, e.ran, g.ran, "case %d %s: the engine %v, the Go host %v", i, cases[i], e, g) {
			continue
		}
		if !e.ran {
			refused++
			assert.Equal(t, e.why, g.why, "case %d %s: the reason", i, cases[i])
			continue
		}
		ran++
		if compared[strings.Fields(cases[i])[0]] {
			assert.Equal(t, e.args, g.args, "case %d %s: the arguments the function got", i, cases[i])
		}
	}
	t.Logf("%d calls: %d ran on both hosts, %d refused by both", len(engine), ran, refused)
}

// compared are the methods whose arguments the Go host converts as the
// engine does (numbers, strings, vectors), so that both print them alike.
var compared = map[string]bool{"take_int": true, "take_float": true, "take_bool": true, "take_string": true, "take_sn": true, "take_vector2": true, "take_enum": true}

// The calls main.gd's Godot client makes (its cases()), which the Go
// host's verdicts are matched to by number.
func godotClientCases(t *testing.T, out string) []string {
	var cases []string
	for _, l := range strings.Split(out, "\n") {
		if c, ok := strings.CutPrefix(l, "CASE "); ok {
			cases = append(cases, c)
		}
	}
	require.NotEmpty(t, cases)
	return cases
}

// A Go host that fromproject.Declare declared from the game's project
// refuses the calls of an unmodified Godot 4.6 client that the engine's
// own host refuses, each before its handler, with the engine's reason,
// and runs the others with the arguments the engine's function gets;
// the client stays connected to both (its last call is answered).
func TestLiveParamsGodotClient(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)

	host, port := listeningHost(t, engine, paramsProject, "tcp")
	client := godot.StartProject(t, engine, paramsProject, "client", port)
	client.WaitFor(t, "DONE", liveWait)
	cases := godotClientCases(t, client.Output())
	host.WaitFor(t, fmt.Sprintf("MARK %d", len(cases)-1), liveWait)
	want := engineVerdicts(t, host.Output(), len(cases)) // the client's DONE says the host kept it: it answered done()

	h := newGoHost(t)
	goClient := godot.StartProject(t, engine, paramsProject, "client", serveOver(t, h.m, "websocket"))
	goClient.WaitFor(t, "DONE", liveWait)
	h.waitMark(t, len(cases)-1)
	h.m.Close()
	goClient.Wait(t)
	h.mu.Lock()
	defer h.mu.Unlock()
	sameVerdicts(t, cases, want, h.verdicts)
	for _, err := range h.refusals {
		assert.ErrorIs(t, err, multiplayer.ErrArguments, "the Go host's only errors are refused calls")
		var pe *multiplayer.PeerError
		assert.ErrorAs(t, err, &pe, "each of a peer")
	}
}

// goCall is a call a Go client makes, with arguments a Godot client
// does not send: ints of 64 bits, objects sent as ids (null among them),
// Arrays typed by classes and scripts, Dictionaries typed by key alone or
// value alone, a lone PackedByteArray and an empty one (sent raw).
type goCall struct {
	method string
	args   []any
}

func (c goCall) String() string { return c.method + " " + fmt.Sprint(c.args...) }

func goClientCalls() []goCall {
	var (
		ints    = gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}
		floats  = gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeFloat}
		strs    = gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeString}
		nodes   = gdvar.ContainerType{Kind: gdvar.TypedClass, Name: "Node"}
		encoded = gdvar.ContainerType{Kind: gdvar.TypedClass, Name: "EncodedObjectAsID"}
		players = gdvar.ContainerType{Kind: gdvar.TypedScript, Name: "res://player.gd"}
		bogus   = gdvar.ContainerType{Kind: gdvar.TypedScript, Name: "res://nope.gd"}
		untyped = gdvar.ContainerType{}
	)
	arr := func(ct gdvar.ContainerType, v ...any) gdvar.Array { return gdvar.Array{Type: ct, Values: v} }
	dict := func(k, v gdvar.ContainerType, kv ...any) *gdvar.Dictionary {
		d := gdvar.NewDictionary(kv...)
		d.KeyType, d.ValueType = k, v
		return d
	}
	return []goCall{
		{"take_int", []any{int64(1) << 40}}, {"take_int", []any{-2.9}}, {"take_int", []any{gdvar.ObjectID(0)}},
		{"take_int", []any{[]byte{1, 2}}}, {"take_int", []any{"7"}}, {"take_int", []any{}},
		{"take_float", []any{true}}, {"take_float", []any{int64(-3)}}, {"take_bool", []any{1.5}}, {"take_bool", []any{int64(0)}},
		{"take_string", []any{gdvar.StringName("x")}}, {"take_string", []any{gdvar.ParseNodePath("/root/a:b")}},
		{"take_sn", []any{gdvar.ParseNodePath("a")}}, {"take_sn", []any{"s"}},
		{"take_vector2", []any{gdvar.Vector2i{X: 1, Y: -2}}}, {"take_vector2", []any{gdvar.Vector3{}}},
		{"take_node", []any{gdvar.ObjectID(0)}}, {"take_node", []any{gdvar.ObjectID(12345)}}, {"take_node", []any{nil}},
		{"take_refcounted", []any{gdvar.ObjectID(12345)}}, {"take_object", []any{gdvar.ObjectID(12345)}},
		{"take_player", []any{gdvar.ObjectID(0)}}, {"take_player", []any{gdvar.ObjectID(12345)}},
		{"take_rid", []any{gdvar.ObjectID(0)}}, {"take_rid", []any{gdvar.RID(5)}}, {"take_rid", []any{nil}},
		{"take_nodes", []any{arr(nodes)}}, {"take_nodes", []any{arr(nodes, gdvar.ObjectID(5))}}, {"take_nodes", []any{arr(encoded)}},
		{"take_nodes", []any{[]int32{1}}}, {"take_players", []any{arr(players)}}, {"take_players", []any{arr(bogus)}},
		{"take_any", []any{arr(bogus)}}, {"take_array", []any{arr(players)}},
		{"take_ints", []any{arr(ints, 1.5)}}, {"take_ints", []any{arr(ints, "a")}}, {"take_ints", []any{arr(floats, 1.5)}},
		{"take_ints", []any{[]any{int64(1)}}}, {"take_ints", []any{[]float64{1}}},
		{"take_dict", []any{dict(strs, untyped)}}, {"take_dict", []any{dict(untyped, ints)}}, {"take_dict", []any{dict(strs, ints, "a", 1.5)}},
		{"take_dict", []any{dict(ints, ints)}}, {"take_dict", []any{dict(strs, floats)}}, {"take_dict", []any{gdvar.NewDictionary()}},
		{"take_packed", []any{[]byte{1, 2}}}, {"take_packed", []any{[]byte{}}}, {"take_packed", []any{[]any{int64(1), "a"}}},
		{"take_any", []any{[]byte{}}}, {"take_none", []any{[]byte{}}}, {"take_none", []any{nil}},
		{"take_defaults", []any{int64(1), 2.5, "z"}}, {"take_defaults", []any{int64(1), int64(2)}}, {"take_defaults", []any{true, false}},
		{"take_rest", []any{int64(1), int64(2), "x", nil}}, {"take_rest", []any{nil, int64(2)}},
		{"take_enum", []any{int64(7)}}, {"take_enum", []any{gdvar.StringName("A")}},
	}
}

// A Go client's calls, of arguments a Godot client does not send, have
// the same verdicts on the Go host as on the engine's.
func TestLiveParamsGoClient(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	calls := goClientCalls()
	cases := make([]string, len(calls))
	for i, c := range calls {
		cases[i] = c.String()
	}
	run := func(t *testing.T, port string) {
		t.Helper()
		m := multiplayer.MustNew()
		p, err := project.Open("testdata/params")
		require.NoError(t, err)
		d, err := Declare(m, p, "res://main.tscn")
		require.NoError(t, err)
		answered := make(chan struct{})
		require.NoError(t, d.Handle("/root/Main", "done_back", func(*multiplayer.Call) { close(answered) }))
		ctx, cancel := context.WithTimeout(context.Background(), liveWait)
		defer cancel()
		require.NoError(t, m.Connect(ctx, "ws://127.0.0.1:"+port))
		defer m.Close()
		main, err := d.Node("/root/Main")
		require.NoError(t, err)
		for i, c := range calls {
			require.NoError(t, main.Call(multiplayer.ServerID, c.method, c.args...), c)
			require.NoError(t, main.Call(multiplayer.ServerID, "mark", int64(i)))
		}
		require.NoError(t, main.Call(multiplayer.ServerID, "done"))
		select {
		case <-answered:
		case <-ctx.Done():
			t.Fatal("the host did not answer done(): it dropped the client")
		}
	}

	host, port := listeningHost(t, engine, paramsProject, "tcp")
	run(t, port)
	host.WaitFor(t, fmt.Sprintf("MARK %d", len(calls)-1), liveWait)
	want := engineVerdicts(t, host.Output(), len(calls))

	h := newGoHost(t)
	run(t, serveOver(t, h.m, "websocket"))
	h.waitMark(t, len(calls)-1)
	h.mu.Lock()
	defer h.mu.Unlock()
	sameVerdicts(t, cases, want, h.verdicts)
}
