// Package promserver runs a real Prometheus server (Debian's prometheus
// package) that scrapes the tests' processes, and asks its HTTP API:
// the tests of metrics check them as an operator's Prometheus reads
// them, not as a parser of ours does.
package promserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/childproc"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// Find returns the prometheus command: $GDVAR_PROMETHEUS, or prometheus
// on the PATH, or "".
func Find() string {
	if p := os.Getenv("GDVAR_PROMETHEUS"); p != "" {
		return p
	}
	p, _ := exec.LookPath("prometheus")
	return p
}

// Server is a Prometheus server a test started.
type Server struct {
	URL string // its HTTP API's base, http://127.0.0.1:PORT

	out childproc.Output
}

// Target is what a Server scrapes: a job's address (host:port) and the
// labels it adds to its series.
type Target struct {
	Job    string
	Addr   string
	Labels map[string]string
}

// Start starts a Prometheus that scrapes targets every second, until the
// test ends, and waits until it is ready. The test is skipped, saying
// how to install it, if there is no prometheus command. If the test
// fails, what Prometheus printed is logged.
func Start(t testing.TB, targets ...Target) *Server {
	t.Helper()
	bin := Find()
	if bin == "" {
		t.Skip("no Prometheus: install Debian's (apt-get install prometheus) or set $GDVAR_PROMETHEUS to its command")
	}
	dir := t.TempDir()
	var cfg strings.Builder
	cfg.WriteString("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\nscrape_configs:\n")
	for _, tg := range targets {
		fmt.Fprintf(&cfg, "  - job_name: %q\n    static_configs:\n      - targets: [%q]\n", tg.Job, tg.Addr)
		if len(tg.Labels) > 0 {
			cfg.WriteString("        labels:\n")
			for k, v := range tg.Labels {
				fmt.Fprintf(&cfg, "          %s: %q\n", k, v)
			}
		}
	}
	config := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(config, []byte(cfg.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	port := godot.FreePort(t, "tcp")
	s := &Server{URL: "http://127.0.0.1:" + strconv.Itoa(port), out: childproc.Output{Max: 1 << 20}}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "--config.file="+config, "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address=127.0.0.1:"+strconv.Itoa(port), "--log.level=warn")
	cmd.Stdout, cmd.Stderr = &s.out, &s.out
	cmd.WaitDelay = 5 * time.Second
	childproc.DieWithParent(cmd) // a test binary killed at its timeout leaves no Prometheus behind
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("starting %s: %v", bin, err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cancel()
		<-exited
		if t.Failed() {
			t.Logf("prometheus printed:\n%s", s.out.String())
		}
	})
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if code, _ := get(s.URL + "/-/ready"); code == http.StatusOK {
			return s
		}
		select {
		case <-exited:
			t.Fatalf("prometheus ended before it was ready:\n%s", s.out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("prometheus not ready within 60 s:\n%s", s.out.String())
		}
	}
}

// Sample is one series of a query's answer: its labels and value.
type Sample struct {
	Labels map[string]string
	Value  float64
}

// Query asks Prometheus an instant query (PromQL) and returns its
// samples, or why it could not.
func (s *Server) Query(expr string) ([]Sample, error) {
	code, body := get(s.URL + "/api/v1/query?query=" + url.QueryEscape(expr))
	if code != http.StatusOK {
		return nil, fmt.Errorf("query %s: %d %s", expr, code, body)
	}
	var answer struct {
		Status string
		Data   struct {
			ResultType string
			Result     []struct {
				Metric map[string]string
				Value  [2]any
			}
		}
	}
	if err := json.Unmarshal([]byte(body), &answer); err != nil {
		return nil, fmt.Errorf("query %s: %w", expr, err)
	}
	out := make([]Sample, 0, len(answer.Data.Result))
	for _, r := range answer.Data.Result {
		text, _ := r.Value[1].(string)
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, fmt.Errorf("query %s: value %v", expr, r.Value[1])
		}
		out = append(out, Sample{Labels: r.Metric, Value: v})
	}
	return out, nil
}

// Value asks an instant query whose answer is one series and returns its
// value; false if it has none, or more than one.
func (s *Server) Value(expr string) (float64, bool) {
	samples, err := s.Query(expr)
	if err != nil || len(samples) != 1 {
		return 0, false
	}
	return samples[0].Value, true
}

// get returns a URL's status and body (at most 1 MiB), or 0 if nothing
// answers.
func get(u string) (int, string) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, string(b)
}
