package gdvar

import "time"

// appendTimeText appends t's text as t.AppendText does (RFC 3339 with
// nanoseconds, trailing zeros dropped), for the time.Time fields Marshal
// writes as Strings: the date is worked out from the Unix time with one
// division per part and the digits come two at a time, which costs
// about half of AppendText's general formatting. Times before 1970 or after
// 9999 in their zone, or in a zone a day or more off UTC, take
// AppendText itself, as do its errors.
func appendTimeText(b []byte, t time.Time) ([]byte, error) {
	offset := 0
	if t.Location() != time.UTC { // UTC's offset is known without a lookup
		_, offset = t.Zone()
	}
	secs := t.Unix() + int64(offset)
	if secs < 0 || secs > maxTextTime || offset <= -86400 || offset >= 86400 {
		return t.AppendText(b)
	}
	days, clock := secs/86400, int(uint64(secs)%86400)
	year, month, day := civilDate(days)
	// Written in place, then appended at once: "2006-01-02T15:04:05",
	// up to ".999999999", then "Z" or "-07:00".
	var text [35]byte
	putTwo(text[0:], year/100, 0)
	putTwo(text[2:], year%100, '-')
	putTwo(text[5:], month, '-')
	putTwo(text[8:], day, 'T')
	putTwo(text[11:], clock/3600, ':')
	putTwo(text[14:], clock/60%60, ':')
	putTwo(text[17:], clock%60, 0)
	n := 19
	if ns := t.Nanosecond(); ns != 0 {
		text[19] = '.'
		for i := 28; i > 19; i-- {
			text[i] = byte('0' + ns%10)
			ns /= 10
		}
		for n = 29; text[n-1] == '0'; n-- {
		}
	}
	if offset == 0 {
		text[n] = 'Z'
		return append(b, text[:n+1]...), nil
	}
	zone, sign := offset/60, byte('+') // minutes, the seconds dropped as AppendText drops them
	if zone < 0 {
		zone, sign = -zone, '-'
	}
	text[n] = sign
	putTwo(text[n+1:], zone/60, ':')
	putTwo(text[n+4:], zone%60, 0)
	return append(b, text[:n+6]...), nil
}

// maxTextTime is 9999-12-31T23:59:59 in Unix seconds, the last second
// whose year RFC 3339 can write.
const maxTextTime = 253402300799

// putTwo writes n (0 to 99) in two digits at d[0:2], then sep at d[2]
// (when it is not 0).
func putTwo(d []byte, n int, sep byte) {
	d[0], d[1] = twoDigits[2*n], twoDigits[2*n+1]
	if sep != 0 {
		d[2] = sep
	}
}

// twoDigits holds "00" to "99", one after another.
var twoDigits = func() (d [200]byte) {
	for i := range 100 {
		d[2*i], d[2*i+1] = byte('0'+i/10), byte('0'+i%10)
	}
	return d
}()

// civilDate returns the Gregorian date days days after 1970-01-01 (days
// not negative, the date at most 9999-12-31), by Neri and Schneider's
// Euclidean affine functions ("Euclidean affine functions and their
// application to calendar algorithms", 2022): the days are shifted into
// 400-year eras that begin on 1 March, so that the leap day ends a year,
// and each step is a multiplication and a shift, where the division of
// each part took half of appendTimeText's time.
func civilDate(days int64) (year, month, day int) {
	const eras = 82 // eras added so that the shifted count is positive
	n := uint32(days + 719468 + 146097*eras)
	n1 := 4*n + 3
	century := n1 / 146097
	nc := n1 % 146097 / 4
	n2 := 4*nc + 3
	p2 := uint64(2939745) * uint64(n2)
	yearOfCentury := uint32(p2 >> 32)
	dayOfYear := uint32(p2) / 2939745 / 4 // from 1 March
	n3 := 2141*dayOfYear + 197913
	m, d := n3>>16, n3&0xffff/2141
	y := 100*century + yearOfCentury
	if dayOfYear >= 306 { // January or February: the next year's
		y, m = y+1, m-12
	}
	return int(y) - 400*eras, int(m), int(d) + 1
}
