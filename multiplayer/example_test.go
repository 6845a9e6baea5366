package multiplayer_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"net"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
)

// A server whose calls' arguments may be full objects: gdvar's settings
// go in a Codec, given whole with WithCodec beside this package's own
// options, all checked once, by New. An option of another package does
// not compile: multiplayer.New(stream.WithMaxFrame(1)) is a type error,
// as is multiplayer.New(gdvar.AllowObjects(true)).
func ExampleNew() {
	objects, err := gdvar.NewCodec(gdvar.AllowObjects(true))
	if err != nil {
		panic(err)
	}
	server, err := multiplayer.New(multiplayer.WithCodec(objects), multiplayer.WithMaxPeers(8))
	if err != nil {
		panic(err)
	}
	defer server.Close()
	_, err = multiplayer.New(multiplayer.WithMaxPeers(0))
	fmt.Println(err)
	fmt.Println(errors.Is(err, gdvar.ErrInvalidOption))
	// Output:
	// gdvar: invalid option: multiplayer.WithMaxPeers out of range
	// true
}

// A server that admits only clients that answer its challenge, and a
// client that answers it, as SceneMultiplayer's auth_callback, send_auth
// and complete_auth do.
func ExampleMultiplayer_OnAuth() {
	server := multiplayer.MustNew()
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

	client := multiplayer.MustNew()
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
	server := multiplayer.MustNew()
	main := server.Node("/root/Main",
		multiplayer.Method{Name: "greet", Mode: mode.AnyPeer, CallLocal: true, Transfer: mode.Reliable})
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
