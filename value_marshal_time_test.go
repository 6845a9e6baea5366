package gdvar

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAppendTimeText checks appendTimeText against time.Time.AppendText
// on times spread over the years it writes and past them, in zones whole,
// odd (seconds, a day or more off) and named.
func TestAppendTimeText(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	require.NoError(t, err)
	zones := []*time.Location{
		time.UTC, time.Local, berlin, time.FixedZone("", 0), time.FixedZone("", 30),
		time.FixedZone("", -90), time.FixedZone("", 5*3600+45*60), time.FixedZone("", -9*3600-30*60),
		time.FixedZone("", 23*3600+59*60+59), time.FixedZone("", 24*3600), time.FixedZone("", -25*3600),
	}
	edges := []int64{0, -1, 1, 86399, 86400, 951782400 /* 2000-02-29 */, 4107542400 /* 2100-03-01 */, maxTextTime, maxTextTime + 1, -62135596800, -62167219201}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		edges = append(edges, r.Int64N(maxTextTime+200*86400)-100*86400)
	}
	nanos := []int{0, 1, 10, 999999999, 500000000, 123456000}
	for i, sec := range edges {
		for _, loc := range zones {
			ns := nanos[i%len(nanos)]
			if i >= len(nanos) && i%3 == 0 {
				ns = r.IntN(1e9)
			}
			tm := time.Unix(sec, int64(ns)).In(loc)
			want, wantErr := tm.AppendText([]byte("x"))
			got, gotErr := appendTimeText([]byte("x"), tm)
			require.Equal(t, string(want), string(got), "%d %d %v", sec, ns, loc)
			require.Equal(t, wantErr, gotErr, "%d %d %v", sec, ns, loc)
		}
	}
}

// TestCivilDate checks civilDate day by day against time.Time.Date from
// 1970 to 9999.
func TestCivilDate(t *testing.T) {
	tm := time.Unix(0, 0).UTC()
	for days := int64(0); days <= maxTextTime/86400; days++ {
		y, m, d := civilDate(days)
		wy, wm, wd := tm.Date()
		if y != wy || m != int(wm) || d != wd {
			assert.Fail(t, "civilDate", "day %d: %d-%d-%d, want %d-%d-%d", days, y, m, d, wy, wm, wd)
			return
		}
		tm = tm.AddDate(0, 0, 1)
	}
}
