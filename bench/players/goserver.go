package main

import (
	"context"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
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

// matchLine begins each line a Go server prints before READY: a match's
// address, as a matchmaker hands it to the match's players.
const matchLine = "MATCH "

// serveGo is the Go server of the game in dir, in a process of its own
// (the load generator starts itself with -serve), serving matches
// matches m1, m2, ... through multiplayer.Matches, as a fleet's process
// serves many: over WebSocket all on listen's one port, each on its path
// (ws://host:port/match/m1), over ENet each on a port of listen's range
// (host:first-last). A match is its own Multiplayer (newMatch), so that
// a match's failure (logged) leaves the others serving. lifted raises
// the ENet sockets' receive buffer (and newMatch lifts the rate limit).
// It prints a MATCH line with each match's address, then READY, and, on
// SIGUSR1, the packets its ENet hosts' throttles have dropped.
func serveGo(transport multiplayer.Transport, listen string, matches int, dir string, lifted bool, gather time.Duration) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	p, err := project.Open(dir)
	if err != nil {
		return err
	}
	host, ports, err := parseListen(listen, matches)
	if err != nil {
		return err
	}
	var errs atomic.Int64
	cfg := multiplayer.MatchesConfig{
		New: func(name string, opts ...multiplayer.Option) (*multiplayer.Multiplayer, error) {
			return newMatch(p, name, lifted, gather, &errs, opts)
		},
		MaxMatches: matches,
		EmptyFor:   -1, // a match lasts the run: its players join after -idle
		ENetHost:   host,
		ENetPorts:  ports,
	}
	if lifted {
		cfg.ENet = []enet.Option{enet.WithSocketBuffers(serverReadBuffer, enet.DefaultSocketBuffer)}
	}
	ms, err := multiplayer.NewMatches(cfg)
	if err != nil {
		return err
	}
	defer ms.Close()
	var addrs []string
	if transport == multiplayer.WebSocket {
		if addrs, err = serveWS(ctx, ms, listen, matches); err != nil {
			return err
		}
	} else {
		for i := range matches {
			addr, err := ms.ListenENet(matchName(i))
			if err != nil {
				return err
			}
			addrs = append(addrs, addr)
		}
	}
	asked := make(chan os.Signal, 1)
	signal.Notify(asked, syscall.SIGUSR1) // before READY: its default would end the process
	defer signal.Stop(asked)
	go func() {
		for range asked {
			var n uint64
			for _, s := range ms.Stats() {
				n += s.ENetThrottled
			}
			fmt.Printf("%s%d\n", throttledLine, n)
		}
	}()
	for _, addr := range addrs {
		fmt.Println(matchLine + addr)
	}
	fmt.Println("READY")
	<-ctx.Done()
	if n := errs.Load(); n > 10 {
		log.Printf("%d errors in all", n)
	}
	return nil
}

// matchName is the name of match i (from 0) of a Go server.
func matchName(i int) string { return "m" + strconv.Itoa(i+1) }

// parseListen reads -listen: "host:port", over ENet the first port of as
// many as matches, or "host:first-last", a range of ports. Over
// WebSocket the host and port are listen as it is.
func parseListen(listen string, matches int) (host string, ports [2]int, err error) {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return "", ports, err
	}
	first, last, isRange := strings.Cut(port, "-")
	if ports[0], err = strconv.Atoi(first); err != nil {
		return "", ports, fmt.Errorf("-listen %q: host:port or host:first-last", listen)
	}
	ports[1] = ports[0] + matches - 1
	if isRange {
		if ports[1], err = strconv.Atoi(last); err != nil {
			return "", ports, fmt.Errorf("-listen %q: host:port or host:first-last", listen)
		}
	}
	return host, ports, nil
}

// serveWS serves the WebSocket matches of ms on the one TCP address
// listen until ctx is done, making matches matches, and returns their
// URLs.
func serveWS(ctx context.Context, ms *multiplayer.Matches, listen string, matches int) ([]string, error) {
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return nil, err
	}
	go func() {
		if err := ms.Serve(ctx, ln); err != nil {
			log.Print(err)
		}
	}()
	var urls []string
	for i := range matches {
		if _, err := ms.Create(matchName(i)); err != nil {
			return nil, err
		}
		urls = append(urls, "ws://"+ln.Addr().String()+"/match/"+matchName(i))
	}
	return urls, nil
}

// newMatch makes the match name of the game p (package playersgame),
// with Matches' opts: the package's defaults, but for the peers a server
// takes (4095, as the game's Godot server), the window relays are
// gathered for (gather), and, lifted, the rate limit. errs counts the
// errors of every match.
func newMatch(p *project.Project, name string, lifted bool, gather time.Duration, errs *atomic.Int64, opts []multiplayer.Option) (*multiplayer.Multiplayer, error) {
	opts = append([]multiplayer.Option{multiplayer.WithMaxPeers(4095), multiplayer.WithGatherWindow(gather)}, opts...)
	if lifted {
		opts = append(opts, multiplayer.WithRateLimit(1e9, 1<<30))
	}
	m, err := multiplayer.New(opts...)
	if err != nil {
		return nil, err
	}
	if err := playersgame.Declare(m, p); err != nil {
		return nil, err
	}
	m.OnError(func(err error) {
		if errs.Add(1) <= 10 { // the first few say why; a flood would cost the run
			log.Printf("match %s: %v", name, err)
		}
	})
	return m, nil
}
