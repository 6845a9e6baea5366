package varjson

import (
	"bytes"
	"io"
)

// lineRing is how many of the last newlines read a lineCounter keeps.
const lineRing = 4096

// lineCounter counts the lines of the input jsontext reads. jsontext
// reports an error at a byte offset a little before what it has read (its
// buffer), so the counter keeps the offsets of the last lineRing newlines:
// enough to give that offset its line and column, in memory that does not
// grow with the input.
type lineCounter struct {
	r     io.Reader
	held  []byte  // read from r, not yet given: see Read
	err   error   // r's error, once held is given
	spare []byte  // held's buffer
	at    int64   // the input offset of the next byte read
	lines int64   // newlines before at
	known int64   // the newlines from the known-th on are in ring
	first int64   // where the first line counted begins, minus one
	lost  bool    // a reset to a place whose line was not known: no more lines
	ring  []int64 // the k-th newline's offset at k % lineRing; grown as needed
}

// linePos is a place in the input: its offset, the newlines before it and
// the offset of the last of them (if none, where the first line begins,
// minus one).
type linePos struct {
	at, lines, prev int64
}

// Read reads from r, giving at most lineRing-1 newlines a call and holding
// the rest back for the next calls. What jsontext has read past a value
// then holds fewer newlines than c keeps, however far it read ahead (its
// buffer grows to its longest token), so that the line where a value ends
// is known without reading the input again.
func (c *lineCounter) Read(p []byte) (int, error) {
	var n int
	var err error
	held := c.held
	if len(held) > 0 {
		n = copy(p, held)
		c.held = held[n:]
	} else {
		n, err = c.r.Read(p)
	}
	newlines := 0
	for i := 0; i < n; {
		j := bytes.IndexByte(p[i:n], '\n')
		if j < 0 {
			break
		}
		if newlines == lineRing-1 {
			cut := i + j
			if len(held) > 0 {
				c.held = held[cut:] // p[:n] is held[:n]
			} else {
				c.spare = append(c.spare[:0], p[cut:n]...)
				c.held, c.err = c.spare, err
				err = nil
			}
			n = cut
			break
		}
		c.set(c.lines, c.at+int64(i+j))
		c.lines++
		newlines++
		i += j + 1
	}
	if len(held) > 0 && len(c.held) == 0 {
		err, c.err = c.err, nil
	}
	c.at += int64(n)
	c.known = max(c.known, c.lines-lineRing)
	return n, err
}

// reset makes c count from pos, its reader there; ok says whether pos's
// line is known.
func (c *lineCounter) reset(pos linePos, ok bool) {
	c.at, c.lines, c.known, c.first, c.lost = pos.at, pos.lines, pos.lines, pos.prev, !ok
	c.held, c.err = nil, nil
	if pos.lines > 0 {
		c.set(pos.lines-1, pos.prev)
		c.known = pos.lines - 1
	}
}

// set keeps off as the offset of the k-th newline.
func (c *lineCounter) set(k, off int64) {
	i := int(k % lineRing)
	if i >= len(c.ring) {
		c.ring = append(c.ring, make([]int64, i+1-len(c.ring))...)
	}
	c.ring[i] = off
}

// position returns what is known of offset off, which c has read past: the
// newlines before it and the offset of the last of them; ok is false when
// that newline is no longer kept.
func (c *lineCounter) position(off int64) (pos linePos, ok bool) {
	k := c.lines
	for k > c.known && c.ring[(k-1)%lineRing] >= off {
		k--
	}
	switch {
	case c.lost:
	case k == 0:
		return linePos{at: off, prev: c.first}, true
	case k > c.known:
		return linePos{at: off, lines: k, prev: c.ring[(k-1)%lineRing]}, true
	}
	return linePos{}, false
}

// scan returns the position of offset off, counting the lines of r from
// pos on: for an error the lineCounter has read too far past to place.
func scan(r io.ReadSeeker, pos linePos, off int64) (linePos, error) {
	if _, err := r.Seek(pos.at, io.SeekStart); err != nil {
		return linePos{}, err
	}
	c := lineCounter{r: r}
	c.reset(pos, true)
	var buf [4096]byte
	for c.at < off {
		if _, err := c.Read(buf[:min(int64(len(buf)), off-c.at)]); err != nil {
			return linePos{}, err
		}
	}
	p, _ := c.position(off)
	return p, nil
}
