package enet_test

import (
	"context"
	"fmt"
	"time"

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
