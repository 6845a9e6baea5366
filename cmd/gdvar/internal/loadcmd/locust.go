package loadcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/loadtest/locust"
)

// The defaults of a Locust worker's -bots and -duration: the most it
// runs, and lasts, whatever the master asks.
const (
	locustBots     = 1000
	locustDuration = 24 * time.Hour
)

// locustFlags checks the flags of a worker of a Locust master (-locust),
// and gives -bots and -duration, unless set, their defaults as one.
func (l *loadRun) locustFlags(fs *flag.FlagSet, bots *int, duration *time.Duration) error {
	if l.locust == "" {
		return nil
	}
	if _, _, err := net.SplitHostPort(l.locust); err != nil {
		return fmt.Errorf("-locust %.80q: the master's host:port, as 10.0.0.2:5557 (its --master-bind-port)", l.locust)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, name := range []string{"segment", "start", "results"} {
		if set[name] {
			return fmt.Errorf("-%s and -locust: a Locust master holds the test across its workers; gdvar load merge is for segments", name)
		}
	}
	if !set["bots"] {
		*bots = locustBots
	}
	if !set["duration"] {
		*duration = locustDuration
	}
	return nil
}

// asLocustWorker runs cfg's bots as a worker of the Locust master at
// l.locust, until it quits, goes away or ctx is done, saying on stderr
// what the worker does.
func (l *loadRun) asLocustWorker(ctx context.Context, cfg loadtest.Config, stderr io.Writer) (*loadtest.Report, error) {
	w := &locust.Worker{Master: l.locust, Config: cfg, Log: func(line string) { fmt.Fprintf(stderr, "gdvar load: %s\n", line) }}
	rep, err := w.Run(ctx)
	if errors.Is(err, locust.ErrMasterGone) {
		err = fmt.Errorf("%w; the bots left, and this worker's report follows", err)
	}
	return rep, err
}
