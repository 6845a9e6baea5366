package multiplayer

import (
	"encoding/binary"

	"github.com/gdvar/gdvar"
)

// A game sends the same strings again and again: a player's name, a
// command. A connection keeps the String arguments it decoded into string
// parameters last, by their encoding, so that the same one again takes no
// allocation: the same bytes, with the same options, decode to the same
// string.
const (
	maxKeptArg     = 48 // the longest encoding kept: 40 bytes of text
	maxKeptStrings = 16 // per connection; the set is emptied when full
)

// typeString is a String's header: its type, no flags.
const typeString = 4

// decodeString decodes arg into s as c.dec would, taking a string kept
// from before when there is one.
func (c *conn) decodeString(arg []byte, s *string, opts []gdvar.Option) error {
	if kept, ok := c.strs[string(arg)]; ok {
		*s = kept
		return nil
	}
	if err := c.decode(arg, s, opts); err != nil {
		return err
	}
	if len(arg) <= maxKeptArg && binary.LittleEndian.Uint32(arg) == typeString { // not a Nil, which leaves s as it was
		if len(c.strs) >= maxKeptStrings {
			clear(c.strs)
		}
		if c.strs == nil {
			c.strs = make(map[string]string, maxKeptStrings)
		}
		c.strs[string(arg)] = *s
	}
	return nil
}
