package audit

import (
	"errors"
	"fmt"
)

// Level is how much a finding matters, from Info to High.
type Level int

// The levels, least first.
const (
	Info Level = iota
	Low
	Medium
	High
)

// levelNames are the levels' names, as the report and -fail-on write them.
var levelNames = [...]string{"info", "low", "medium", "high"}

// String returns the level's name: info, low, medium or high.
func (l Level) String() string {
	if l < Info || l > High {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// ErrLevel is a level's name that is none of info, low, medium, high.
var ErrLevel = errors.New("audit: a level is info, low, medium or high")

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("%w, not %.40q", ErrLevel, s)
}

// MarshalText writes the level's name.
func (l Level) MarshalText() ([]byte, error) {
	if l < Info || l > High {
		return nil, fmt.Errorf("%w: %d", ErrLevel, int(l))
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads a level's name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}
