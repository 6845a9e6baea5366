package multiplayer

import (
	"encoding/binary"

	"github.com/gdvar/gdvar"
)

// A game sends the same strings again and again: a player's name, a
// command. A connection keeps the String arguments it decoded into string
// or any parameters last, by their encoding, so that the same one again
// takes no allocation: the same bytes, with the same options, decode to
// the same string, which no one can change.
const (
	maxKeptArg     = 48 // the longest encoding kept: 40 bytes of text
	maxKeptStrings = 16 // per connection; the set is emptied when full
)

// decodeString decodes arg into v, a *string or an *any, as d.decode
// would, taking a string kept from before when there is one.
func (d *argDecoder) decodeString(arg []byte, v any, codec *gdvar.Codec) error {
	if kept, ok := d.strs[string(arg)]; ok {
		setKept(v, kept)
		return nil
	}
	if err := d.decode(arg, v, codec); err != nil {
		return err
	}
	if len(arg) > maxKeptArg || binary.LittleEndian.Uint32(arg) != uint32(gdvar.TypeString) { // a String, no flags (a Nil leaves v as it was)
		return nil
	}
	var kept any
	switch v := v.(type) {
	case *string:
		kept = *v
	case *any:
		if _, ok := (*v).(string); !ok {
			return nil
		}
		kept = *v // boxed already
	}
	if len(d.strs) >= maxKeptStrings {
		clear(d.strs)
	}
	if d.strs == nil {
		d.strs = make(map[string]any, maxKeptStrings)
	}
	d.strs[string(arg)] = kept
	return nil
}

// setKept sets v, a *string or an *any, to a kept string.
func setKept(v, kept any) {
	switch v := v.(type) {
	case *string:
		*v = kept.(string)
	case *any:
		*v = kept
	}
}
