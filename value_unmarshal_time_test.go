package gdvar

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseTimeText checks parseTimeText against time.Time.UnmarshalText:
// it reads every UTC time appendTimeText writes (years 0 to 9999, with
// and without a fraction), and whatever it takes, of those texts changed a
// byte at a time and cut, UnmarshalText takes to the same time.
func TestParseTimeText(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	first := time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	secs := []int64{first, 0, -1, 86399, 951782400, 951868800 /* 2000-03-01 */, 4107542400, maxTextTime, -62135596800}
	for range 20000 {
		secs = append(secs, first+r.Int64N(maxTextTime-first+1))
	}
	nanos := []int{0, 1, 10, 999999999, 500000000, 123456000}
	swaps := []byte("0912-.:TtZz+, \x00")
	taken := 0
	for i, sec := range secs {
		ns := nanos[i%len(nanos)]
		if i%3 == 0 {
			ns = r.IntN(1e9)
		}
		text, err := appendTimeText(nil, time.Unix(sec, int64(ns)).UTC())
		require.NoError(t, err)
		got, ok := parseTimeText(text)
		require.True(t, ok, "%s not read", text)
		var want time.Time
		require.NoError(t, want.UnmarshalText(text))
		require.Equal(t, want, got, "%s", text)
		if i%50 != 0 {
			continue
		}
		for k := range text {
			for _, c := range swaps {
				changed := append([]byte(nil), text...)
				changed[k] = c
				taken += sameAsUnmarshalText(t, changed)
			}
			taken += sameAsUnmarshalText(t, text[:k])
		}
	}
	for _, s := range []string{"2000-02-29T00:00:00Z", "2001-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2024-04-31T00:00:00Z",
		"0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "2024-01-01T24:00:00Z", "2024-01-01T23:60:00Z",
		"2024-01-01T23:59:60Z", "2024-00-01T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-00T00:00:00Z",
		"2024-01-01T00:00:00.Z", "2024-01-01T00:00:00.1234567890Z", "2024-01-01T00:00:00,5Z", "2024-01-01T00:00:00+00:00"} {
		taken += sameAsUnmarshalText(t, []byte(s))
	}
	t.Logf("%d changed texts read here", taken)
	assert.Positive(t, taken)
}

// sameAsUnmarshalText fails the test when parseTimeText reads s and
// UnmarshalText does not, or to another time; it returns 1 when
// parseTimeText read it.
func sameAsUnmarshalText(t *testing.T, s []byte) int {
	got, ok := parseTimeText(s)
	if !ok {
		return 0
	}
	var want time.Time
	require.NoError(t, want.UnmarshalText(s), "%q read here", s)
	require.Equal(t, want, got, "%q", s)
	return 1
}

// TestCivilDays checks civilDays against civilDate, its inverse, on every
// day from 1970 to 9999 (civilDate's range), and at year 0.
func TestCivilDays(t *testing.T) {
	require.Equal(t, time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).Unix()/86400, civilDays(0, 1, 1))
	require.Equal(t, time.Date(0, 3, 1, 0, 0, 0, 0, time.UTC).Unix()/86400, civilDays(0, 3, 1))
	for days := int64(0); days <= maxTextTime/86400; days++ {
		y, m, d := civilDate(days)
		if got := civilDays(y, m, d); got != days {
			require.Equal(t, days, got, "%d-%d-%d", y, m, d)
		}
	}
}

// BenchmarkTimeText times a time.Time field's text, written and read here
// and by the time package, on a UTC time with and without a fraction.
func BenchmarkTimeText(b *testing.B) {
	for _, tm := range []time.Time{time.Unix(1e9, 0).UTC(), time.Unix(1e9, 123456789).UTC()} {
		text, err := tm.MarshalText()
		require.NoError(b, err)
		buf := make([]byte, 0, 64)
		b.Run(string(text)+"/append", func(b *testing.B) {
			for b.Loop() {
				buf, _ = appendTimeText(buf[:0], tm)
			}
		})
		b.Run(string(text)+"/AppendText", func(b *testing.B) {
			for b.Loop() {
				buf, _ = tm.AppendText(buf[:0])
			}
		})
		b.Run(string(text)+"/parse", func(b *testing.B) {
			for b.Loop() {
				parseTimeText(text)
			}
		})
		b.Run(string(text)+"/UnmarshalText", func(b *testing.B) {
			var t time.Time
			for b.Loop() {
				_ = t.UnmarshalText(text)
			}
		})
	}
}
