package loadcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/loadtest/promload"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metricsReadTimeout is how long a scraper has to send its request.
var metricsReadTimeout = 5 * time.Second

// checkMetricsAddr checks -metrics' address, a usage error if wrong.
func checkMetricsAddr(addr string) error {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return fmt.Errorf("-metrics %.80q: an address to listen on, host:port or :port, as :9101", addr)
	}
	return nil
}

// listenMetrics listens on -metrics' address before the run, so that a
// port in use is said before any bot joins.
func listenMetrics(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("-metrics: %w", err)
	}
	return ln, nil
}

// serveMetrics serves on ln, at /metrics, the bots' metrics (package
// promload, which cfg is given its events and seconds for) and the Go
// runtime's and the process's, until the returned stop is called; a
// failure to serve is said on stderr.
func serveMetrics(ln net.Listener, cfg *loadtest.Config, stderr io.Writer) (stop func(), err error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m, err := promload.New(reg)
	if err != nil {
		ln.Close()
		return nil, err
	}
	*cfg = m.Instrument(*cfg)
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	// A scrape is small: a slow or silent client is let go, a large
	// request refused.
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: metricsReadTimeout, WriteTimeout: 10 * time.Second,
		IdleTimeout: time.Minute, MaxHeaderBytes: 16 << 10}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "gdvar load: -metrics: %v\n", err)
		}
	}()
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if srv.Shutdown(ctx) != nil {
			srv.Close()
		}
		<-done
	}, nil
}
