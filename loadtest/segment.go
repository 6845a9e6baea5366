package loadtest

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A Segment is the share of a test's bots one process runs, so that a
// test is split across machines by a scheduler that starts n processes
// (a Kubernetes Indexed Job, a CI matrix, n shells): segment Index of
// Count, Index from 0 as JOB_COMPLETION_INDEX counts, runs the bots
// numbered Index, Index+Count, Index+2·Count, … of the test, each joining
// when it would in one process. Its zero value is the whole test.
type Segment struct{ Index, Count int }

// String is the segment as -segment takes it: "1/3".
func (s Segment) String() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.count()) }

// count is Count, 1 for the zero Segment.
func (s Segment) count() int { return max(s.Count, 1) }

// ParseSegment reads a segment as -segment gives it: "i/n", i from 0 to
// n-1.
func ParseSegment(text string) (Segment, error) {
	i, n, ok := strings.Cut(text, "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil {
		return Segment{}, fmt.Errorf("%w: segment %.40q: want i/n, as 0/3 for the first of 3", ErrConfig, text)
	}
	s := Segment{Index: index, Count: count}
	return s, s.check()
}

// check checks the segment alone: i from 0 to n-1, n from 1 to the most
// bots.
func (s Segment) check() error {
	if s.Count < 1 || s.Count > maxBots {
		return fmt.Errorf("%w: segment %d/%d: n from 1 to %d", ErrConfig, s.Index, s.Count, maxBots)
	}
	if s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("%w: segment %d/%d: i from 0 to %d (from 0, as JOB_COMPLETION_INDEX)", ErrConfig, s.Index, s.Count, s.Count-1)
	}
	return nil
}

// checkBots checks that the segments divide the test's bots evenly, and
// returns this segment's share.
func (s Segment) checkBots(bots int) (int, error) {
	if s == (Segment{}) {
		return bots, nil
	}
	if err := s.check(); err != nil {
		return 0, err
	}
	n := s.count()
	if bots%n != 0 {
		lower, higher := bots/n*n, (bots/n+1)*n
		if lower == 0 {
			return 0, fmt.Errorf("%w: %d bots over %d segments: give a multiple of %d bots (%d)", ErrConfig, bots, n, n, higher)
		}
		return 0, fmt.Errorf("%w: %d bots over %d segments: give a multiple of %d bots (%d or %d)", ErrConfig, bots, n, n, lower, higher)
	}
	return bots / n, nil
}

// number is the test's number of the segment's k-th bot.
func (s Segment) number(k int) int { return s.Index + k*s.count() }

// How far from now a run's start may be: a little behind, for segments
// a scheduler starts a moment late, and at most a day ahead.
const (
	maxStartBehind = 10 * time.Second
	maxStartAhead  = 24 * time.Hour
)

// checkStart checks a run's shared start against now.
func checkStart(start, now time.Time) error {
	fix := "give every segment the same time ahead, as -start $(date -u -d '+1 min' +%Y-%m-%dT%H:%M:%SZ)"
	switch {
	case start.IsZero():
		return nil
	case now.Sub(start) > maxStartBehind:
		return fmt.Errorf("%w: start %s is %v in the past (at most %v): %s", ErrConfig,
			start.Format(time.RFC3339), now.Sub(start).Round(time.Second), maxStartBehind, fix)
	case start.Sub(now) > maxStartAhead:
		return fmt.Errorf("%w: start %s is %v ahead (at most %v): %s", ErrConfig,
			start.Format(time.RFC3339), start.Sub(now).Round(time.Second), maxStartAhead, fix)
	}
	return nil
}
