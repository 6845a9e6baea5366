// Package gameserver is what the examples' Go servers of a Godot game
// share: the game's declarations taken from its project, a command line
// to serve them on, over WebSocket or ENet. An example's own file holds
// only its game's behaviour.
package gameserver

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// MainScene is the scene the examples' games run: its nodes, spawners and
// synchronizers are what Declare declares.
const MainScene = "res://main.tscn"

// Main is an example server's main: it reads the command line (-listen,
// -transport, -project, with project as its default and about as its
// help, and any flag the example defined before), builds the server of
// the project's folder with newServer, logging to the standard logger,
// and serves it until an interrupt.
func Main(project, about string, newServer func(dir string, logger *log.Logger) (*multiplayer.Multiplayer, error)) {
	listen := flag.String("listen", "127.0.0.1:8910", "address to listen on")
	transport := flag.String("transport", "websocket", "websocket (TCP), or enet (UDP, Godot's default)")
	dir := flag.String("project", project, about)
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	m, err := newServer(*dir, log.Default())
	if err != nil {
		log.Fatal(err)
	}
	if err := Serve(ctx, m, *listen, *transport, log.Default()); err != nil {
		log.Fatal(err)
	}
}

// Declare returns a new Multiplayer with the declarations of MainScene in
// the Godot project dir: its RPCs, spawners and synchronizers, to which
// the example adds the behaviour.
func Declare(dir string) (*multiplayer.Multiplayer, *fromproject.Scene, error) {
	p, err := project.Open(dir)
	if err != nil {
		return nil, nil, err
	}
	m, err := multiplayer.New()
	if err != nil {
		return nil, nil, err
	}
	game, err := fromproject.Declare(m, p, MainScene)
	if err != nil {
		return nil, nil, err
	}
	return m, game, nil
}

// Serve serves m on listen over transport, websocket or enet, until ctx
// is done.
func Serve(ctx context.Context, m *multiplayer.Multiplayer, listen, transport string, logger *log.Logger) error {
	switch transport {
	case "websocket":
		ln, err := net.Listen("tcp", listen)
		if err != nil {
			return err
		}
		logger.Printf("listening on ws://%s", ln.Addr())
		return m.Serve(ctx, ln)
	case "enet":
		logger.Printf("listening on udp://%s (ENet)", listen)
		return m.ListenAndServeENet(ctx, listen)
	}
	return fmt.Errorf("unknown transport %q: websocket or enet", transport)
}
