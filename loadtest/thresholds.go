package loadtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Thresholds are what a run must hold to pass, each unset (nil) or a
// limit, in a scenario's "thresholds" or given as flags (Set). A
// percentage of the bots is of every bot of the test; the p99 and p99.9
// are each second's, the worst of the seconds after every bot had joined;
// the server's CPU is its average over those seconds, % of a core, and
// its RSS the largest.
type Thresholds struct {
	MinDeliveredPct *float64 `json:"min_delivered_pct,omitempty"` // syncs delivered ÷ promised (Summary.DeliveredPct)
	MaxP99Ms        *float64 `json:"max_p99_ms,omitempty"`        // the answers' latency
	MaxP999Ms       *float64 `json:"max_p999_ms,omitempty"`
	MinJoinedPct    *float64 `json:"min_joined_pct,omitempty"` // bots that joined
	MinKeptPct      *float64 `json:"min_kept_pct,omitempty"`   // bots still connected at the end (or that left as the scenario says)
	MaxDisconnects  *int     `json:"max_disconnects,omitempty"`
	// MaxDisconnectsBy bounds the disconnects whose reason holds each
	// text: {"timed out": 0}.
	MaxDisconnectsBy map[string]int `json:"max_disconnects_by,omitempty"`
	MaxServerCPUPct  *float64       `json:"max_server_cpu_pct,omitempty"` // needs the server's pid
	MaxServerRSSMiB  *float64       `json:"max_server_rss_mib,omitempty"`
}

// The bounds of a threshold's values.
const (
	maxThresholdReasons = 64
	maxLimit            = 1e12
)

// check checks that each limit is one a figure can be held to.
func (t *Thresholds) check() error {
	for _, l := range []struct {
		name     string
		v        *float64
		most     float64
		fraction bool
	}{
		{"min_delivered_pct", t.MinDeliveredPct, 1000, true}, {"max_p99_ms", t.MaxP99Ms, maxLimit, false},
		{"max_p999_ms", t.MaxP999Ms, maxLimit, false}, {"min_joined_pct", t.MinJoinedPct, 100, true},
		{"min_kept_pct", t.MinKeptPct, 100, true}, {"max_server_cpu_pct", t.MaxServerCPUPct, maxLimit, false},
		{"max_server_rss_mib", t.MaxServerRSSMiB, maxLimit, false},
	} {
		if l.v != nil && !(*l.v >= 0 && *l.v <= l.most) {
			return refuse("thresholds: %s %g: from 0 to %g", l.name, *l.v, l.most)
		}
	}
	if t.MaxDisconnects != nil && *t.MaxDisconnects < 0 {
		return refuse("thresholds: max_disconnects %d: from 0", *t.MaxDisconnects)
	}
	if len(t.MaxDisconnectsBy) > maxThresholdReasons {
		return refuse("thresholds: max_disconnects_by: at most %d reasons", maxThresholdReasons)
	}
	for why, n := range t.MaxDisconnectsBy {
		if why == "" || len(why) > maxReason || n < 0 {
			return refuse("thresholds: max_disconnects_by: %.40q: %d: a text of 1 to %d bytes, and a count from 0", why, n, maxReason)
		}
	}
	return nil
}

// Set sets one threshold, NAME=VALUE, VALUE as in a scenario's JSON:
// min_delivered_pct=99, max_disconnects_by={"timed out":0}: gdvar load's
// -threshold flag, given again for each. t is left as it was if s is
// refused (an ErrScenario).
func (t *Thresholds) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return refuse("%.60q: want NAME=VALUE, as min_delivered_pct=99", s)
	}
	if names := thresholdNames(); !slices.Contains(names, name) {
		return refuse("no threshold %.40q: one of %s", name, strings.Join(names, ", "))
	}
	var fields map[string]json.RawMessage
	b, err := json.Marshal(t)
	if err == nil {
		err = json.Unmarshal(b, &fields)
	}
	if err != nil {
		return err
	}
	if !json.Valid([]byte(value)) {
		return refuse("%s: %.60q: a number, or for max_disconnects_by a JSON object", name, value)
	}
	fields[name] = json.RawMessage(value)
	if b, err = json.Marshal(fields); err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var next Thresholds
	if err := d.Decode(&next); err != nil { // its text holds the value whole: refuse cuts it
		return refuse("%s: %.60q: %v", name, value, err)
	}
	if err := next.check(); err != nil {
		return err
	}
	*t = next
	return nil
}

// thresholdNames are the names of Thresholds' fields in JSON.
func thresholdNames() []string {
	var names []string
	for _, f := range reflect.VisibleFields(reflect.TypeFor[Thresholds]()) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		names = append(names, name)
	}
	return names
}

// A ThresholdOutcome is a threshold held to a report.
type ThresholdOutcome struct {
	Name   string  `json:"name"`   // the threshold's, as in Thresholds' JSON: min_delivered_pct
	Limit  float64 `json:"limit"`  // its value
	Figure float64 `json:"figure"` // the report's
	Pass   bool    `json:"pass"`
	// Note says what the figure counts when the name does not say it
	// all: a reason's disconnects, or why it was not measured.
	Note string `json:"note,omitempty"`
}

// String says the outcome, naming the threshold, its limit and the
// figure: "min_delivered_pct: 97.5 under the limit 99: failed".
func (o ThresholdOutcome) String() string {
	var s string
	switch {
	case !o.measured():
		s = fmt.Sprintf("%s: no figure for the limit %s: failed", o.Name, number(o.Limit))
	case o.Pass:
		s = fmt.Sprintf("%s: %s within the limit %s: passed", o.Name, number(o.Figure), number(o.Limit))
	case strings.HasPrefix(o.Name, "min_"):
		s = fmt.Sprintf("%s: %s under the limit %s: failed", o.Name, number(o.Figure), number(o.Limit))
	default:
		s = fmt.Sprintf("%s: %s over the limit %s: failed", o.Name, number(o.Figure), number(o.Limit))
	}
	if o.Note != "" {
		s += " (" + o.Note + ")"
	}
	return s
}

// measured reports whether the outcome has a figure: not one whose Note
// says why it has none (notMeasured, noAnswer).
func (o ThresholdOutcome) measured() bool { return !strings.HasPrefix(o.Note, "not measured") }

// number is a figure or a limit as a table shows it: none of its
// decimals if whole, one from 10, else three digits (0.001, 2.01).
func number(v float64) string {
	switch {
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case math.Abs(v) >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// outcomes holds a summary's figures to the thresholds, in the order of
// Thresholds' fields, and the reasons of max_disconnects_by in order.
func (t *Thresholds) outcomes(s *Summary) []ThresholdOutcome {
	var out []ThresholdOutcome
	bots := float64(max(s.Bots, 1))
	atLeast := func(name string, limit *float64, figure float64) {
		if limit != nil {
			out = append(out, ThresholdOutcome{Name: name, Limit: *limit, Figure: figure, Pass: figure >= *limit})
		}
	}
	atMost := func(name string, limit *float64, figure *float64, note string) {
		switch {
		case limit == nil:
		case figure == nil:
			out = append(out, ThresholdOutcome{Name: name, Limit: *limit, Note: note})
		default:
			out = append(out, ThresholdOutcome{Name: name, Limit: *limit, Figure: *figure, Pass: *figure <= *limit})
		}
	}
	atLeast("min_delivered_pct", t.MinDeliveredPct, s.DeliveredPct)
	p99, p999 := &s.WorstP99Ms, &s.WorstP999Ms
	if s.Answers == 0 { // no answer timed: its p99s are 0, which would pass
		p99, p999 = nil, nil
	}
	atMost("max_p99_ms", t.MaxP99Ms, p99, noAnswer)
	atMost("max_p999_ms", t.MaxP999Ms, p999, noAnswer)
	atLeast("min_joined_pct", t.MinJoinedPct, 100*float64(s.Joined)/bots)
	atLeast("min_kept_pct", t.MinKeptPct, 100*float64(s.Kept)/bots)
	if t.MaxDisconnects != nil {
		limit := float64(*t.MaxDisconnects)
		n := float64(s.disconnected(""))
		out = append(out, ThresholdOutcome{Name: "max_disconnects", Limit: limit, Figure: n, Pass: n <= limit})
	}
	for _, why := range slices.Sorted(maps.Keys(t.MaxDisconnectsBy)) {
		limit := float64(t.MaxDisconnectsBy[why])
		n := float64(s.disconnected(why))
		out = append(out, ThresholdOutcome{Name: "max_disconnects_by", Limit: limit, Figure: n, Pass: n <= limit,
			Note: fmt.Sprintf("reasons holding %q", why)})
	}
	atMost("max_server_cpu_pct", t.MaxServerCPUPct, s.ServerCPUPct, notMeasured)
	atMost("max_server_rss_mib", t.MaxServerRSSMiB, s.ServerRSSMiB, notMeasured)
	return out
}

// noAnswer is the Note of a latency's outcome when no answer was timed.
const noAnswer = "not measured: no answer was timed"

// notMeasured is the Note of an outcome of a figure the report has not.
const notMeasured = "not measured: give the server's pid (-server-pid) to a segment on its machine"

// needsServer says whether a threshold is of the server's process.
func (t *Thresholds) needsServer() bool { return t.MaxServerCPUPct != nil || t.MaxServerRSSMiB != nil }
