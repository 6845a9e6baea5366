package main

import (
	"context"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// serverReadBuffer is the Go server's UDP receive buffer with -limits
// lifted: what libenet asks for (256 KiB, which Linux doubles) and more.
const serverReadBuffer = 4 << 20

// serveGo is the Go server of the game in dir, in a process of its own
// (the load generator starts itself with -serve), a match at each of the
// comma-separated addresses in listen: each its own Multiplayer, so that
// a match's failure (logged) leaves the others serving. A match is what
// fromproject.Declare takes from the project, a player for each peer,
// handed to it, and input relayed to all as moved. lifted lifts the rate
// limit and raises the ENet socket's receive buffer; else the package's
// defaults hold, but for the peers a server takes (4095, as the game's
// Godot server) and the window relays are gathered for (gather). It
// prints READY once every match listens, and, on SIGUSR1, the packets
// the throttles of the ENet hosts it holds (lifted) have dropped.
func serveGo(transport multiplayer.Transport, listen, dir string, lifted bool, gather time.Duration) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	p, err := project.Open(dir)
	if err != nil {
		return err
	}
	var errs atomic.Int64
	var wg sync.WaitGroup
	var hosts []*enet.Host
	for _, addr := range strings.Split(listen, ",") {
		serve, h, err := listenMatch(transport, addr, p, lifted, gather, &errs)
		if err != nil {
			return err
		}
		if h != nil {
			hosts = append(hosts, h)
		}
		wg.Go(func() {
			if err := serve(ctx); err != nil {
				log.Printf("match at %s: %v", addr, err)
			}
		})
	}
	asked := make(chan os.Signal, 1)
	signal.Notify(asked, syscall.SIGUSR1) // before READY: its default would end the process
	defer signal.Stop(asked)
	go func() {
		for range asked {
			var n uint64
			for _, h := range hosts {
				n += h.Stats().ThrottleDropped
			}
			fmt.Printf("%s%d\n", throttledLine, n)
		}
	}()
	fmt.Println("READY")
	wg.Wait()
	if n := errs.Load(); n > 10 {
		log.Printf("%d errors in all", n)
	}
	return nil
}

// listenMatch makes a match of the game p (package playersgame) and
// listens for it at addr
// (but for ENet with the defaults, which binds as it serves); serve
// serves it until ctx is done. errs counts the errors of every match.
// host is the ENet host it made, with lifted limits; else nil.
func listenMatch(transport multiplayer.Transport, addr string, p *project.Project, lifted bool, gather time.Duration, errs *atomic.Int64) (serve func(context.Context) error, host *enet.Host, err error) {
	opts := []multiplayer.Option{multiplayer.WithMaxPeers(4095), multiplayer.WithGatherWindow(gather)}
	if lifted {
		opts = append(opts, multiplayer.WithRateLimit(1e9, 1<<30))
	}
	m, err := multiplayer.New(opts...)
	if err != nil {
		return nil, nil, err
	}
	if err := playersgame.Declare(m, p); err != nil {
		return nil, nil, err
	}
	m.OnError(func(err error) {
		if errs.Add(1) <= 10 { // the first few say why; a flood would cost the run
			log.Print(err)
		}
	})
	switch transport {
	case multiplayer.WebSocket:
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return nil, nil, err
		}
		return func(ctx context.Context) error { return m.Serve(ctx, ln) }, nil, nil
	case multiplayer.ENet:
		if !lifted {
			return func(ctx context.Context) error { return m.ListenAndServeENet(ctx, addr) }, nil, nil
		}
		udp, err := net.ResolveUDPAddr("udp", addr)
		if err != nil {
			return nil, nil, err
		}
		conn, err := net.ListenUDP("udp", udp)
		if err != nil {
			return nil, nil, err
		}
		conn.SetReadBuffer(serverReadBuffer)
		h, err := enet.NewHost(conn, enet.WithMaxPeers(4095), enet.WithQueueWindow(gather))
		if err != nil {
			conn.Close()
			return nil, nil, err
		}
		return func(ctx context.Context) error { return m.ServeENet(ctx, h) }, h, nil
	}
	return nil, nil, fmt.Errorf("players: %w: %d", multiplayer.ErrTransport, int(transport))
}
