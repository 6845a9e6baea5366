package loadtest

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSegment(t *testing.T) {
	s, err := ParseSegment("2/3")
	require.NoError(t, err)
	assert.Equal(t, Segment{2, 3}, s)
	assert.Equal(t, "2/3", s.String())
	assert.Equal(t, "0/1", Segment{}.String(), "the whole test")
	for _, tc := range []struct{ text, says string }{
		{"3/3", "segment 3/3: i from 0 to 2 (from 0, as JOB_COMPLETION_INDEX)"},
		{"-1/3", "segment -1/3: i from 0 to 2"},
		{"0/0", "segment 0/0: n from 1 to 10000"},
		{"0/20000", "segment 0/20000: n from 1 to 10000"},
		{"1", `segment "1": want i/n`},
		{"a/b", `segment "a/b": want i/n`},
	} {
		_, err := ParseSegment(tc.text)
		assert.ErrorIs(t, err, ErrConfig, tc.text)
		assert.ErrorContains(t, err, tc.says, tc.text)
	}
}

// The segments of a test own its bots apart: each bot once, in the
// segment of its number modulo n.
func TestSegmentsShareTheBots(t *testing.T) {
	const bots, n = 24, 3
	var all []int
	for i := range n {
		s := Segment{i, n}
		own, err := s.checkBots(bots)
		require.NoError(t, err)
		assert.Equal(t, 8, own)
		for k := range own {
			all = append(all, s.number(k))
			assert.Equal(t, i, s.number(k)%n)
		}
	}
	slices.Sort(all)
	for i, number := range all {
		assert.Equal(t, i, number)
	}
	_, err := Segment{0, 3}.checkBots(25)
	assert.ErrorContains(t, err, "25 bots over 3 segments: give a multiple of 3 bots (24 or 27)")
}

func TestCheckStart(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	assert.NoError(t, checkStart(time.Time{}, now), "none: now")
	assert.NoError(t, checkStart(now.Add(-9*time.Second), now), "a segment started a moment late")
	assert.NoError(t, checkStart(now.Add(23*time.Hour), now))
	err := checkStart(now.Add(-11*time.Second), now)
	assert.ErrorIs(t, err, ErrConfig)
	assert.ErrorContains(t, err, "start 2026-05-01T11:59:49Z is 11s in the past (at most 10s): give every segment the same time ahead, as -start $(date -u -d '+1 min' +%Y-%m-%dT%H:%M:%SZ)")
	assert.ErrorContains(t, checkStart(now.Add(25*time.Hour), now), "start 2026-05-02T13:00:00Z is 25h0m0s ahead (at most 24h0m0s)")
}

func TestSeconds(t *testing.T) {
	for d, want := range map[time.Duration]int{
		time.Millisecond: 1, 1400 * time.Millisecond: 1, 1500 * time.Millisecond: 2, 5 * time.Second: 5, 6*time.Second + 499*time.Millisecond: 6,
	} {
		assert.Equal(t, want, seconds(d), "%v", d)
	}
}

// $bot in the auth and the arguments is the bot's number in the test.
func TestBotNumber(t *testing.T) {
	sc, err := ReadScenario(strings.NewReader(`{"auth": "player-$bot", "calls": [{"node": "/root/Main", "method": "m", "rate_hz": 1, "args": ["$bot", "\"bot-$bot\"", "$id"]}]}`))
	require.NoError(t, err)
	assert.Equal(t, "player-17", sc.auth(17))
	args, err := sc.Calls[0].args(5, 0, 17)
	require.NoError(t, err)
	assert.Equal(t, []any{int64(17), "bot-17", int64(5)}, args)
}
