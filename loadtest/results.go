package loadtest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/project"
	"github.com/go-json-experiment/json/jsontext"
)

// A run's results file is JSON lines (docs/load.md): a head, which says
// which test and segment they are of, a line a second, and an end line
// with the run's totals. Each line names its segment. Merge reads them.
type resultsLine struct {
	Head   *resultsHead `json:"head,omitempty"`
	Second *resultsRow  `json:"second,omitempty"`
	End    *resultsEnd  `json:"end,omitempty"`
}

// resultsVersion is the version of the results' form this package
// writes and reads.
const resultsVersion = 1

// resultsHead says which test, and which segment of it, results are of:
// segments of one test have the same head but their segment.
type resultsHead struct {
	Version    int        `json:"version"`
	Segment    string     `json:"segment"`
	Bots       int        `json:"bots"`     // the test's
	OwnBots    int        `json:"own_bots"` // the segment's
	JoinRate   float64    `json:"join_rate"`
	Start      time.Time  `json:"start"`
	DurationNs int64      `json:"duration_ns"`
	Transport  string     `json:"transport"`
	Game       string     `json:"game"`           // the project's application/config/name
	Scene      string     `json:"scene"`          // the scene the bots declared
	Project    string     `json:"project_sha256"` // of its project.godot
	Scenario   string     `json:"scenario_sha256"`
	Thresholds Thresholds `json:"thresholds"`
}

// resultsRow is a second of a segment's run: its snapshot, and the
// answers' latencies in it as pairs of a bucket's least µs and its count.
type resultsRow struct {
	Segment    string       `json:"segment"`
	Second     int          `json:"second"` // from 1: the second it ends, after the start
	AtNs       int64        `json:"at_ns"`  // when it was taken, after the start
	Joined     int          `json:"joined"`
	Connected  int          `json:"connected"`
	Syncs      float64      `json:"syncs_per_s"`
	Promised   float64      `json:"promised_per_s"`
	Delivered  *float64     `json:"delivered_per_s,omitempty"` // nil in the files of a version before it: its syncs_per_s
	Departed   int          `json:"departed_nodes,omitempty"`
	Calls      float64      `json:"calls_in_per_s"`
	Sent       float64      `json:"calls_out_per_s"`
	ServerCPU  float64      `json:"server_cpu_pct"`
	ServerRSS  int64        `json:"server_rss_bytes"`
	BotsCPU    float64      `json:"bots_cpu_pct"`
	MachineCPU float64      `json:"machine_cpu_pct"`
	CallErrors int64        `json:"call_errors"`
	Latency    latencyPairs `json:"latency_us,omitempty"`
}

// latencyPairs are a second's latencies: a bucket's least µs, then its
// count, for each bucket that counts some.
type latencyPairs []uint64

// UnmarshalJSONFrom reads the numbers one at a time, refusing more than
// a histogram holds before they are held.
func (p *latencyPairs) UnmarshalJSONFrom(d *jsontext.Decoder) error {
	tok, err := d.ReadToken()
	switch {
	case err != nil:
		return err
	case tok.Kind() == jsontext.KindNull:
		*p = nil
		return nil
	case tok.Kind() != jsontext.KindBeginArray:
		return errors.New("latency_us: an array of numbers")
	}
	var out latencyPairs
	for d.PeekKind() != jsontext.KindEndArray {
		if len(out) == 2*histBuckets {
			return fmt.Errorf("latency_us: over %d numbers, 2 a bucket", 2*histBuckets)
		}
		tok, err := d.ReadToken()
		if err != nil {
			return err
		}
		if tok.Kind() != jsontext.KindNumber {
			return errors.New("latency_us: an array of numbers")
		}
		v, err := tok.Uint()
		if err != nil {
			return fmt.Errorf("latency_us: %.24s: a whole number from 0", tok.String())
		}
		out = append(out, v)
	}
	if _, err := d.ReadToken(); err != nil {
		return err
	}
	*p = out
	return nil
}

// resultsEnd is a segment's totals.
type resultsEnd struct {
	Segment      string         `json:"segment"`
	Joined       int            `json:"joined"`
	Failed       int            `json:"failed"`
	Kept         int            `json:"kept"`
	Disconnects  map[string]int `json:"disconnects"`
	JoinErrors   map[string]int `json:"join_errors"`
	BotsCPUNs    int64          `json:"bots_cpu_ns"`
	MachineLimit string         `json:"machine_limit"`
}

// resultsWriter writes a run's results to w, if not nil, keeping the
// first error: a run goes on without its file.
type resultsWriter struct {
	w       io.Writer
	segment string
	err     error
}

func newResultsWriter(w io.Writer, s Segment) *resultsWriter {
	return &resultsWriter{w: w, segment: s.String()}
}

// write writes a line whole, in one Write, so that a file cut short by
// a killed process ends at a line's end.
func (r *resultsWriter) write(line resultsLine) {
	if r.w == nil || r.err != nil {
		return
	}
	b, err := json.Marshal(line)
	if err == nil {
		_, err = r.w.Write(append(b, '\n'))
	}
	r.err = err
}

func (r *resultsWriter) head(cfg *Config, own int, start time.Time) {
	if r.w == nil {
		return
	}
	game, sum := gameOf(cfg.Project)
	r.write(resultsLine{Head: &resultsHead{Version: resultsVersion, Segment: r.segment, Bots: cfg.Bots, OwnBots: own,
		JoinRate: cfg.JoinRate, Start: start.UTC(), DurationNs: int64(cfg.Duration), Transport: cfg.Net.Transport.String(),
		Game: game, Scene: cfg.Scenario.Scene, Project: sum, Scenario: cfg.Scenario.sum(), Thresholds: cfg.Scenario.Thresholds}})
}

func (r *resultsWriter) second(key int, s *snapshot, lat *histogram) {
	if r.w == nil {
		return
	}
	var pairs latencyPairs
	for i, n := range lat.counts {
		if n != 0 {
			low, _ := bucketLow(i)
			pairs = append(pairs, uint64(low), n)
		}
	}
	r.write(resultsLine{Second: &resultsRow{Segment: r.segment, Second: key, AtNs: int64(s.At), Joined: s.Joined,
		Connected: s.Connected, Syncs: s.Syncs, Promised: s.Promised, Delivered: &s.Delivered, Departed: s.Departed, Calls: s.Calls, Sent: s.Sent, ServerCPU: s.ServerCPU,
		ServerRSS: s.ServerRSS, BotsCPU: s.BotsCPU, MachineCPU: s.MachineCPU, CallErrors: s.CallErrors, Latency: pairs}})
}

func (r *resultsWriter) end(rep *Report) {
	r.write(resultsLine{End: &resultsEnd{Segment: r.segment, Joined: rep.Joined, Failed: rep.Failed, Kept: rep.Kept,
		Disconnects: rep.Disconnects, JoinErrors: rep.JoinErrors, BotsCPUNs: int64(rep.BotsCPU), MachineLimit: rep.MachineLimit}})
}

// maxSettings bounds the project.godot read for the game's name.
const maxSettings = 16 << 20

// gameOf names the game of project p, for results merged only with a
// test's of the same game: its application/config/name, and a SHA-256 of
// its project.godot ("" each if it cannot be read).
func gameOf(p *project.Project) (name, sum string) {
	f, err := os.Open(filepath.Join(p.Dir, "project.godot"))
	if err != nil {
		return "", ""
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSettings))
	if err != nil {
		return "", ""
	}
	h := sha256.Sum256(b)
	var v any
	if c, err := configfile.Read(bytes.NewReader(b)); err == nil {
		v, _ = c.Get("application", "config/name")
	}
	return cut(v, maxReason), hex.EncodeToString(h[:])
}

// sum is a SHA-256 of what the bots do, thresholds left out: the
// segments of a test play the same scenario.
func (s *Scenario) sum() string {
	c := *s
	c.Thresholds = Thresholds{}
	b, _ := json.Marshal(&c) // of strings, numbers, and a map whose keys are sorted
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// cut is v, if a string, cut to at most n bytes, as valid UTF-8.
func cut(v any, n int) string {
	s, _ := v.(string)
	if len(s) > n {
		s = string(bytes.ToValidUTF8([]byte(s[:n]), nil))
	}
	return s
}

// ErrResults is the error of results that cannot be written or merged.
var ErrResults = errors.New("loadtest: bad results")

// A resultsError is a results file that cannot be merged: the file, the
// line (from 1; 0 for the file as a whole) and why. It is an ErrResults.
type resultsError struct {
	File   string
	Line   int
	Reason string
}

// Error is "FILE:LINE: why".
func (e *resultsError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Reason)
	}
	return e.File + ": " + e.Reason
}

// Is makes a resultsError match ErrResults.
func (e *resultsError) Is(target error) bool { return target == ErrResults }
