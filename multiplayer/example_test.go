package multiplayer_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
)

// A server that admits only clients that answer its challenge, and a
// client that answers it, as SceneMultiplayer's auth_callback, send_auth
// and complete_auth do.
func ExampleMultiplayer_OnAuth() {
	server := multiplayer.New()
	server.OnPeerAuthenticating(func(id multiplayer.PeerID) {
		server.SendAuth(id, []byte("password?"))
	})
	server.OnAuth(func(id multiplayer.PeerID, data []byte) {
		if string(data) == "swordfish" {
			server.CompleteAuth(id)
		} else {
			server.Disconnect(id)
		}
	})
	admitted := make(chan string, 2)
	server.OnPeerConnected(func(multiplayer.PeerID) { admitted <- "the server admitted the client" })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go server.Serve(ctx, ln)

	client := multiplayer.New()
	client.OnAuth(func(id multiplayer.PeerID, data []byte) {
		fmt.Printf("the server asks: %s\n", data)
		client.SendAuth(id, []byte("swordfish"))
		client.CompleteAuth(id)
	})
	client.OnPeerConnected(func(multiplayer.PeerID) { admitted <- "the client was admitted" })
	if err := client.Connect(ctx, "ws://"+ln.Addr().String()); err != nil {
		panic(err)
	}
	defer client.Close()
	got := map[string]bool{<-admitted: true, <-admitted: true}
	fmt.Println(len(got), "sides admitted")
	// Output:
	// the server asks: password?
	// 2 sides admitted
}

// A handler whose argument types the compiler checks: Handle2's function
// takes an int64 and a string, decoded as Handle would decode them. The
// method is call_local, so the server's own call runs it.
func ExampleHandle2() {
	server := multiplayer.New()
	main := server.Node("/root/Main",
		multiplayer.Method{Name: "greet", Mode: multiplayer.AnyPeer, CallLocal: true, Transfer: multiplayer.Reliable})
	multiplayer.Handle2(main, "greet", func(c *multiplayer.Call, times int64, name string) error {
		fmt.Printf("peer %d greets %s %d times\n", c.From, name, times)
		return nil
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go server.Serve(ctx, ln)
	for server.ID() == 0 { // until Serve has made it the server
		time.Sleep(time.Millisecond)
	}
	if err := main.Call(multiplayer.ServerID, "greet", 3, "Godot"); err != nil {
		panic(err)
	}
	// Output:
	// peer 1 greets Godot 3 times
}
