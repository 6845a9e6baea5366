package locust

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/loadtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A response time counts under the key Locust's stats.py gives it: its
// two first digits, rounded half to even as Python's round.
func TestBucket(t *testing.T) {
	for _, tc := range []struct {
		ms   float64
		want int64
	}{
		{0, 0}, {0.4, 0}, {0.5, 0}, {1.5, 2}, {2.5, 2}, {99.4, 99},
		{147, 150}, {145, 140}, {3432, 3400}, {58760, 59000}, {1e30, 1e15},
	} {
		assert.Equal(t, tc.want, bucket(tc.ms), "%g ms", tc.ms)
	}
}

// The requests since a report are an entry each of their kind and name
// in the next, as stats.py's StatsEntryDict, with a total and the
// failures by reason keyed as Locust keys them; a report starts the
// count anew.
func TestStatsReport(t *testing.T) {
	start := time.Now()
	s := newStats(start)
	s.record(loadtest.Event{Kind: loadtest.EventJoin, Name: "127.0.0.1:9999", Took: 3 * time.Millisecond})
	s.record(loadtest.Event{Kind: loadtest.EventJoin, Name: "127.0.0.1:9999", Took: 5 * time.Millisecond, Err: errors.New("refused")})
	s.record(loadtest.Event{Kind: loadtest.EventSync, Name: "/root/Main/2", Took: 16600 * time.Microsecond})
	data := s.report(start.Add(time.Second))

	entries := data["stats"].([]map[string]any)
	require.Len(t, entries, 2)
	byKind := map[any]map[string]any{}
	for _, e := range entries {
		byKind[e["method"]] = e
	}
	join := byKind["join"]
	assert.Equal(t, "127.0.0.1:9999", join["name"])
	assert.EqualValues(t, 2, join["num_requests"])
	assert.EqualValues(t, 1, join["num_failures"])
	assert.InDelta(t, 8.0, join["total_response_time"], 1e-9)
	assert.InDelta(t, 3.0, join["min_response_time"], 1e-9)
	assert.InDelta(t, 5.0, join["max_response_time"], 1e-9)
	assert.Equal(t, map[int64]int64{3: 1, 5: 1}, join["response_times"])
	assert.InDelta(t, float64(start.UnixNano())/1e9, join["start_time"], 1e-6)
	assert.Equal(t, map[int64]int64{17: 1}, byKind["sync"]["response_times"], "16.6 ms counts as 17")

	total := data["stats_total"].(map[string]any)
	assert.Equal(t, "Aggregated", total["name"])
	assert.Nil(t, total["method"])
	assert.EqualValues(t, 3, total["num_requests"])
	assert.EqualValues(t, 1, total["num_failures"])

	failures := data["errors"].(map[string]any)
	require.Len(t, failures, 1)
	for key, f := range failures {
		assert.Equal(t, failureKey(entryKey{"join", "127.0.0.1:9999"}, "refused"), key)
		assert.Equal(t, map[string]any{"method": "join", "name": "127.0.0.1:9999", "error": "refused", "occurrences": int64(1)}, f)
	}

	again := s.report(start.Add(2 * time.Second))
	assert.Empty(t, again["stats"])
	assert.Empty(t, again["errors"])
	assert.EqualValues(t, 0, again["stats_total"].(map[string]any)["num_requests"])
	assert.Nil(t, again["stats_total"].(map[string]any)["min_response_time"], "none: None, as Locust's")
}

// A report holds at most maxNames names and maxFailures reasons, each
// cut to maxText bytes: past them, the others are counted together.
func TestStatsBounded(t *testing.T) {
	s := newStats(time.Now())
	for i := range 3 * maxNames {
		s.record(loadtest.Event{Kind: loadtest.EventSync, Name: fmt.Sprintf("/root/Main/%d", i), Err: fmt.Errorf("reason %d", i)})
	}
	s.record(loadtest.Event{Kind: loadtest.EventDrop, Name: strings.Repeat("é", 200), Err: errors.New(strings.Repeat("x", 500))})
	data := s.report(time.Now())
	entries := data["stats"].([]map[string]any)
	assert.Equal(t, maxNames+2, len(entries), "the others under one name of each kind")
	others := map[any]int64{}
	for _, e := range entries {
		assert.LessOrEqual(t, len(e["name"].(string)), maxText+len("…"))
		if e["name"] == otherNames {
			others[e["method"]] = e["num_requests"].(int64)
		}
	}
	assert.Equal(t, map[any]int64{"sync": 2 * maxNames, "drop": 1}, others, "the syncs past the bound, and the drop")
	failures := data["errors"].(map[string]any)
	assert.Equal(t, maxFailures+2, len(failures), "the others together, of each kind")
	var counted int64
	for _, f := range failures {
		counted += f.(map[string]any)["occurrences"].(int64)
		assert.LessOrEqual(t, len(f.(map[string]any)["error"].(string)), maxText+len("…"))
	}
	assert.EqualValues(t, 3*maxNames+1, counted, "every failure counted")
	assert.EqualValues(t, 3*maxNames+1, data["stats_total"].(map[string]any)["num_failures"])
}
