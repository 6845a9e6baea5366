package resource

import (
	"strconv"
	"unicode"
)

// naturalNoCase compares as the engine's String::naturalnocasecmp_to,
// which sorts Godot 4's external resources by ID: letters without case,
// runs of digits by their value ("9_a" before "10_a"), leading dots first.
func naturalNoCase(a, b string) int {
	x, y := []rune(a), []rune(b)
	for len(x) > 0 && x[0] == '.' || len(y) > 0 && y[0] == '.' {
		if len(x) == 0 || x[0] != '.' {
			return 1
		}
		if len(y) == 0 || y[0] != '.' {
			return -1
		}
		x, y = x[1:], y[1:]
		if len(y) == 0 {
			return 1
		}
		if len(x) == 0 {
			return -1
		}
	}
	for len(x) > 0 {
		switch {
		case len(y) == 0:
			return 1
		case isDigit(x[0]):
			if !isDigit(y[0]) {
				return -1
			}
			var dx, dy []rune
			dx, x = digits(x)
			dy, y = digits(y)
			if len(dx) != len(dy) {
				return compareInt(len(dx), len(dy))
			}
			for i := range dx {
				if dx[i] != dy[i] {
					return compareInt(int(dx[i]), int(dy[i]))
				}
			}
		case isDigit(y[0]):
			return 1
		default:
			if cx, cy := unicode.ToUpper(x[0]), unicode.ToUpper(y[0]); cx != cy {
				return compareInt(int(cx), int(cy))
			}
			x, y = x[1:], y[1:]
		}
	}
	if len(y) > 0 {
		return -1
	}
	return 0
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// digits splits off a run of digits, returning it without leading zeros.
func digits(s []rune) (run, rest []rune) {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	run = s[:n]
	for len(run) > 0 && run[0] == '0' {
		run = run[1:]
	}
	return run, s[n:]
}

func compareInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// compareNumbers orders Godot 3's number IDs by value.
func compareNumbers(a, b string) int {
	x, _ := strconv.ParseInt(a, 10, 64)
	y, _ := strconv.ParseInt(b, 10, 64)
	return compareInt(int(x), int(y))
}
