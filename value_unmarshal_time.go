package gdvar

import "time"

// parseTimeText reads the text appendTimeText writes for a time in UTC,
// "2006-01-02T15:04:05" with up to nine digits of a fraction and "Z", and
// returns the time time.Time.UnmarshalText gives for it, without its
// general parsing. !ok for any other text (another zone, a comma before
// the fraction, a field out of range), which the caller gives to
// UnmarshalText to judge.
func parseTimeText(s []byte) (t time.Time, ok bool) {
	if len(s) < 20 || len(s) == 21 || len(s) > 30 || s[len(s)-1] != 'Z' ||
		s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return t, false
	}
	century, yy := twoAt(s, 0), twoAt(s, 2)
	year := century*100 + yy
	month, day := twoAt(s, 5), twoAt(s, 8)
	hour, minute, second := twoAt(s, 11), twoAt(s, 14), twoAt(s, 17)
	if century < 0 || yy < 0 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year) ||
		hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 {
		return t, false
	}
	ns := 0
	if frac := s[19 : len(s)-1]; len(frac) > 0 {
		if frac[0] != '.' {
			return t, false
		}
		scale := 100_000_000
		for _, c := range frac[1:] {
			if c < '0' || c > '9' {
				return t, false
			}
			ns += int(c-'0') * scale
			scale /= 10
		}
	}
	secs := civilDays(year, month, day)*86400 + int64(hour*3600+minute*60+second)
	return time.Unix(secs, int64(ns)).UTC(), true
}

// twoAt reads the two decimal digits at s[i:i+2]; -1 if they are not.
func twoAt(s []byte, i int) int {
	hi, lo := int(s[i])-'0', int(s[i+1])-'0'
	if hi < 0 || hi > 9 || lo < 0 || lo > 9 {
		return -1
	}
	return hi*10 + lo
}

// daysIn is the number of days of month (1 to 12) in year.
func daysIn(month, year int) int {
	switch {
	case month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0):
		return 29
	case month == 2:
		return 28
	case month == 4 || month == 6 || month == 9 || month == 11:
		return 30
	}
	return 31
}

// civilDays is the number of days from 1970-01-01 to the Gregorian date
// (year 0 to 9999), negative before it: civilDate's inverse, in the same
// 400-year eras from 1 March.
func civilDays(year, month, day int) int64 {
	y := int64(year)
	if month <= 2 {
		y--
	}
	era := y / 400
	if y < 0 {
		era = (y - 399) / 400
	}
	yoe := y - era*400 // year of the era, 0 to 399
	mp := int64(month+9) % 12
	doy := (153*mp+2)/5 + int64(day) - 1 // day of the year from 1 March
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}
