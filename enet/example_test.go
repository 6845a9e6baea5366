package enet_test

import (
	"context"
	"fmt"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
)

// A server echoes a client's packet on a loopback socket.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	server, err := enet.Listen("udp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer server.Close()
	go func() {
		p, err := server.Accept(ctx)
		if err != nil {
			return
		}
		for {
			pk, err := p.Receive(ctx)
			if err != nil {
				return
			}
			p.Send(pk.Channel, pk.Data, pk.Flags)
		}
	}()

	client, err := enet.Listen("udp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer client.Close()
	p, err := client.Connect(ctx, server.Addr().String(), 2, 0)
	if err != nil {
		panic(err)
	}
	if err := p.Send(1, []byte("hello"), enet.Reliable); err != nil {
		panic(err)
	}
	pk, err := p.Receive(ctx)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s on channel %d\n", pk.Data, pk.Channel)
	// Output: hello on channel 1
}

// A Godot game's ENetPacketPeer.put_var(v) sends var_to_bytes(v) reliably on
// channel 0, and get_var reads one back: gdvar.Marshal and Unmarshal are
// the same bytes.
func ExamplePeer_Send() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	server, err := enet.Listen("udp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer server.Close()
	client, err := enet.Listen("udp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer client.Close()
	cp, err := client.Connect(ctx, server.Addr().String(), 1, 0)
	if err != nil {
		panic(err)
	}
	sp, err := server.Accept(ctx)
	if err != nil {
		panic(err)
	}

	b, err := gdvar.Marshal(map[string]any{"hp": int64(100), "pos": gdvar.Vector2{X: 3, Y: 4}})
	if err != nil {
		panic(err)
	}
	if err := cp.Send(0, b, enet.Reliable); err != nil { // put_var
		panic(err)
	}
	pk, err := sp.Receive(ctx)
	if err != nil {
		panic(err)
	}
	var v struct {
		HP  int           `gdvar:"hp"`
		Pos gdvar.Vector2 `gdvar:"pos"`
	}
	if err := gdvar.Unmarshal(pk.Data, &v); err != nil { // get_var
		panic(err)
	}
	fmt.Println(v.HP, v.Pos)
	// Output: 100 {3 4}
}
