package loadtest

import (
	"bytes"
	"errors"
	"testing"
	"time"
)

// A scenario file of any bytes is read or refused with ErrScenario in an
// error of bounded size, never a panic; one read is checked.
func FuzzScenario(f *testing.F) {
	for _, seed := range []string{
		`{}`,
		`{"tick_hz": 30, "own": "id", "leave_after": "5s"}`,
		`{"calls": [{"node": "/root/Main", "method": "m", "rate_hz": 2, "args": ["Vector3(1, 2, 3)", "$id"]}]}`,
		`{"set": {".:position": "Vector2(0, 1)"}, "auth": "PackedByteArray(1, 2)"}`,
		`{"calls": [{"node": "/root/Main", "method": "m", "rate_hz": 1, "answer": {"method": "a", "arg": 0}}]}`,
		`{"calls": [{"node": "/root/Main", "method": "m", "rate_hz": 1e-10}]}`,
		`{`, `[1]`, `{"own": 5}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ReadScenario(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrScenario) {
				t.Fatalf("not ErrScenario: %v", err)
			}
			if len(err.Error()) > 1024 {
				t.Fatalf("error of %d bytes", len(err.Error()))
			}
			return
		}
		if s == nil {
			t.Fatal("no scenario and no error")
		}
		// What is read runs: each rate makes an interval a ticker takes,
		// the tick one WithReplicationTick takes (at least 1 ms).
		if d := s.tick(); d < time.Millisecond {
			t.Fatalf("tick_hz %g: a tick of %v", s.TickHz, d)
		}
		for _, c := range s.Calls {
			if d := every(c.RateHz); d <= 0 {
				t.Fatalf("rate_hz %g: an interval of %v", c.RateHz, d)
			}
		}
	})
}
