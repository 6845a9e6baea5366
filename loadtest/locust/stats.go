package locust

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/gdvar/gdvar/internal/textcut"
	"github.com/gdvar/gdvar/loadtest"
)

// The bounds of what a worker reports: names (a sync's node path, say)
// and distinct failures in a report; past them, the others are counted
// together, a name and a failure of each kind.
const (
	maxNames    = 1000
	maxFailures = 100
	maxText     = 120 // bytes of a name or a failure's reason
	otherNames  = "(other names)"
	otherErrors = "(other reasons)"
)

// stats are a worker's requests since its last report, each bot event a
// request of its kind and name, in the form the master's stats.py
// merges: an entry's counts, response times in ms (as Locust rounds
// them: 2 digits), requests a second, and the failures by reason.
type stats struct {
	mu       sync.Mutex
	since    time.Time // the last report
	entries  map[entryKey]*entry
	total    entry
	failures map[string]*failure // by Locust's key
}

type entryKey struct{ kind, name string }

// entry is a StatsEntry's figures.
type entry struct {
	requests, failures int64
	totalMs, minMs     float64
	maxMs              float64
	last               time.Time
	times              map[int64]int64 // bucketed ms: requests
	perSec, failPerSec map[int64]int64 // Unix second: requests, failures
}

// failure is a StatsError's figures.
type failure struct {
	kind, name, reason string
	occurrences        int64
}

func newStats(now time.Time) *stats {
	return &stats{since: now, entries: map[entryKey]*entry{}, failures: map[string]*failure{}}
}

// record counts a bot's event as a request.
func (s *stats) record(e loadtest.Event) {
	now := time.Now()
	ms := float64(e.Took) / float64(time.Millisecond)
	s.mu.Lock()
	defer s.mu.Unlock()
	key := entryKey{string(e.Kind), short(e.Name)}
	en := s.entries[key]
	if en == nil {
		if len(s.entries) >= maxNames {
			key.name = otherNames
		}
		if en = s.entries[key]; en == nil {
			en = &entry{}
			s.entries[key] = en
		}
	}
	failed := e.Err != nil
	en.log(ms, now, failed)
	s.total.log(ms, now, failed)
	if !failed {
		return
	}
	reason := short(e.Err.Error())
	fk := failureKey(key, reason)
	f := s.failures[fk]
	if f == nil {
		if len(s.failures) >= maxFailures {
			key.name, reason = otherNames, otherErrors
			fk = failureKey(key, reason)
		}
		if f = s.failures[fk]; f == nil {
			f = &failure{kind: key.kind, name: key.name, reason: reason}
			s.failures[fk] = f
		}
	}
	f.occurrences++
}

// log counts a request of ms at now.
func (en *entry) log(ms float64, now time.Time, failed bool) {
	if en.times == nil {
		en.times, en.perSec, en.failPerSec = map[int64]int64{}, map[int64]int64{}, map[int64]int64{}
	}
	if en.requests == 0 || ms < en.minMs {
		en.minMs = ms
	}
	en.requests++
	en.totalMs += ms
	en.maxMs = max(en.maxMs, ms)
	en.last = now
	en.times[bucket(ms)]++
	en.perSec[now.Unix()]++
	if failed {
		en.failures++
		en.failPerSec[now.Unix()]++
	}
}

// bucket is the key Locust counts a response time of ms under: its 2
// first digits, rounded as Python's round rounds (half to even).
func bucket(ms float64) int64 {
	switch {
	case ms < 100:
		return int64(math.RoundToEven(ms))
	case ms < 1000:
		return int64(math.RoundToEven(ms/10)) * 10
	case ms < 10000:
		return int64(math.RoundToEven(ms/100)) * 100
	}
	return int64(math.RoundToEven(min(ms, 1e15)/1000)) * 1000
}

// failureKey is Locust's key of a failure: the SHA-256 of its kind, name
// and reason, so that the master adds up the same failure from every
// worker.
func failureKey(k entryKey, reason string) string {
	h := sha256.Sum256([]byte(k.kind + "." + k.name + "." + reason))
	return hex.EncodeToString(h[:])
}

// report returns the requests since the last report as the data of a
// stats message, but for its user counts, and starts counting anew.
func (s *stats) report(now time.Time) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	since := unixSeconds(s.since)
	entries := make([]map[string]any, 0, len(s.entries))
	for k, en := range s.entries {
		entries = append(entries, en.wire(k.name, k.kind, since))
	}
	failures := make(map[string]any, len(s.failures))
	for key, f := range s.failures {
		failures[key] = map[string]any{"method": f.kind, "name": f.name, "error": f.reason, "occurrences": f.occurrences}
	}
	data := map[string]any{"stats": entries, "stats_total": s.total.wire("Aggregated", "", since), "errors": failures}
	s.since, s.entries, s.total, s.failures = now, map[entryKey]*entry{}, entry{}, map[string]*failure{}
	return data
}

// wire is the entry as stats.py's StatsEntryDict: its method is the
// request's kind ("" for the total, which Locust's is None of).
func (en *entry) wire(name, kind string, since float64) map[string]any {
	w := map[string]any{"name": name, "method": kind, "start_time": since,
		"num_requests": en.requests, "num_none_requests": 0, "num_failures": en.failures,
		"total_response_time": en.totalMs, "max_response_time": en.maxMs, "min_response_time": nil,
		"total_content_length": 0, "last_request_timestamp": nil,
		"response_times": orEmpty(en.times), "num_reqs_per_sec": orEmpty(en.perSec), "num_fail_per_sec": orEmpty(en.failPerSec)}
	if kind == "" {
		w["method"] = nil
	}
	if en.requests > 0 {
		w["min_response_time"], w["last_request_timestamp"] = en.minMs, unixSeconds(en.last)
	}
	return w
}

func orEmpty(m map[int64]int64) map[int64]int64 {
	if m == nil {
		return map[int64]int64{}
	}
	return m
}

func unixSeconds(t time.Time) float64 { return float64(t.UnixNano()) / 1e9 }

// short is text cut to maxText bytes, as valid UTF-8 on one line.
func short(text string) string {
	text = strings.ReplaceAll(text, "\n", " ")
	if len(text) <= maxText {
		return text
	}
	return textcut.Prefix(text, maxText) + "…"
}
