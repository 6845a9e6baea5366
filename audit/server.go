package audit

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/procstat"
)

// launch starts the server under the debugger.
func (a *auditor) launch(ctx context.Context) error {
	opts := append(append([]debugger.Option(nil), a.cfg.LaunchOptions...),
		debugger.OnError(a.obs.onError), debugger.OnOutput(a.obs.onOutput),
		debugger.WithInputHelper(false)) // start installs it
	lctx, cancel := context.WithTimeout(ctx, joinWait)
	defer cancel()
	g, err := debugger.Launch(lctx, a.cfg.Godot, a.cfg.Args, opts...)
	if err != nil {
		return fmt.Errorf("starting the server: %w", err)
	}
	a.game = g
	a.pid = g.Process().Pid
	a.cpu0, _ = procstat.CPU(a.pid)
	if major, minor := g.Version(); major > 0 {
		a.rep.Engine = strconv.Itoa(major) + "." + strconv.Itoa(minor)
	}
	return nil
}

// stopServer ends the server, adding its CPU time to the report's.
func (a *auditor) stopServer() {
	if a.game == nil {
		return
	}
	if cpu, err := procstat.CPU(a.pid); err == nil {
		a.stats.CPU += cpu - a.cpu0
	}
	a.sample()
	a.game.Close()
	a.game = nil
}

// sample notes the server's resident memory.
func (a *auditor) sample() {
	if rss, err := procstat.RSS(a.pid); err == nil {
		a.stats.PeakRSS = max(a.stats.PeakRSS, rss)
	}
}

// start launches the server and joins it as the victim, then the
// attacker (joinClients); a server that takes one client (the project's max_clients,
// or a server that does not take the second) is joined by the attacker
// alone.
//
// The input helper is installed while the clients join, not by Launch:
// its install waits for a script line to run, and a server that runs
// none each frame runs its first as it takes a client. Launch would wait
// out the install's time (10 s) for a line before any client came. The
// attacks begin once the install is over.
func (a *auditor) start(ctx context.Context) error {
	if err := a.launch(ctx); err != nil {
		return err
	}
	ictx, cancel := context.WithCancel(ctx)
	defer cancel()
	installed := make(chan struct{})
	go func() {
		defer close(installed)
		a.game.InstallInput(ictx) // a failure is kept, for the calls that need it to say
	}()
	err := a.joinClients(ctx)
	if err != nil {
		cancel() // the server is not used further
	}
	<-installed
	return err
}

// joinClients joins the server as the victim, then the attacker, or as
// the attacker alone (see start).
func (a *auditor) joinClients(ctx context.Context) error {
	first, err := a.join(ctx)
	if err != nil {
		return err
	}
	if err := a.answers(ctx, first); err != nil {
		first.close()
		return err
	}
	if a.cfg.Net.MaxClients == 1 {
		a.attacker, a.oneClient = first, "the project's create_server takes one client (max_clients 1)"
		return nil
	}
	// The server is up: a second client it does not take within a join's
	// time, it refuses.
	second, err := a.connect(ctx)
	if err != nil {
		a.attacker, a.oneClient = first, "the server did not take a second client: "+firstLine(err.Error())
		return nil
	}
	a.settle(ctx)
	a.victim, a.attacker, a.oneClient = first, second, ""
	return nil
}

// answers checks that the game launched is the server the first client
// joined: the fence it sends comes back through the debugger within a
// join's time. Another program at the address (one holding the port
// before the game, a copy of the game not launched by the audit) takes
// the clients, and no fence of theirs ever comes back: each call would
// seem to freeze the game, and the audit's time run out with nothing
// checked.
func (a *auditor) answers(ctx context.Context, c *client) error {
	start := time.Now()
	n, err := a.sendFenceFrom(c)
	if err != nil {
		return fmt.Errorf("the first client's first call was not sent: %w", err)
	}
	wctx, cancel := context.WithTimeout(ctx, joinWait)
	defer cancel()
	if a.awaitFence(wctx, c, n) {
		return nil
	}
	switch {
	case isClosed(a.game.Done()):
		return fmt.Errorf("the server ended before it answered the clients: %s", firstLine(fmt.Sprint(a.game.Err())))
	case isClosed(c.gone):
		why := "the server dropped the first client before it answered its first call"
		if slices.ContainsFunc(a.obs.take(), func(e debugger.Error) bool { return strings.Contains(e.Text(), "SYS_COMMAND_AUTH") }) {
			// The engine refuses each packet of a peer not yet
			// authenticated, then drops it at auth_timeout.
			why += ": it requires authentication (auth_callback), which the audit's clients do not do"
		}
		return errors.New(why)
	}
	return fmt.Errorf("the server at %.64s took the clients, but the game launched reported none of their calls in %s: another program answers there, or the game is stuck",
		a.cfg.Addr, time.Since(start).Round(time.Second))
}

// stopClients ends the clients.
func (a *auditor) stopClients() {
	a.victim.close()
	a.attacker.close()
	a.victim, a.attacker = nil, nil
}

// restart ends the clients and the server, and starts them again, if
// the restarts left allow; it says why it could not.
func (a *auditor) restart(ctx context.Context) error {
	a.stopClients()
	a.stopServer()
	if a.stats.Restarts >= a.cfg.Restarts {
		return errors.New("the server ended, and the restarts allowed are spent")
	}
	a.stats.Restarts++
	a.last = nil // what the new server prints is no call's yet
	if err := a.start(ctx); err != nil {
		return err
	}
	a.readWatched(ctx) // the new server's values
	return nil
}
