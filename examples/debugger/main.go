// Command debugger prints the messages a running Godot game sends to its
// remote debugger: start it, then run the game pointing at it.
//
//	go run ./examples/debugger -listen 127.0.0.1:6007
//	godot --remote-debug tcp://127.0.0.1:6007 --path mygame
//
// Each message is an Array [name, thread id, data], such as ["output", 1,
// [["hello"], [0]]], framed as put_var frames. This tool only listens: it
// answers nothing, so a game stopped at a breakpoint waits.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"

	"github.com/gdvar/gdvar/stream"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:6007", "address to listen on")
	flag.Parse()
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("waiting for a game on %s (run it with --remote-debug tcp://%s)", ln.Addr(), ln.Addr())
	for {
		conn, err := ln.Accept()
		if err != nil {
			log.Fatal(err)
		}
		log.Printf("game connected from %s", conn.RemoteAddr())
		if err := printMessages(conn, os.Stdout); err != nil {
			log.Printf("game %s: %v", conn.RemoteAddr(), err)
		}
		conn.Close()
		log.Printf("game %s gone", conn.RemoteAddr())
	}
}

// printMessages prints each debugger message read from conn until the game
// disconnects: its name, its thread and its data.
func printMessages(conn io.Reader, out io.Writer) error {
	r, err := stream.NewReader(conn, stream.WithMaxFrame(64<<20))
	if err != nil {
		return err
	}
	for {
		var msg []any
		err := r.GetVar(&msg)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch len(msg) {
		case 0:
		case 3:
			fmt.Fprintf(out, "%v (thread %v): %v\n", msg[0], msg[1], msg[2])
		default:
			fmt.Fprintf(out, "%v: %v\n", msg[0], msg[1:])
		}
	}
}
