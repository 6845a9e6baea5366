package locust

import (
	"bytes"
	"errors"
	"fmt"
	"math"

	"github.com/vmihailenco/msgpack/v5"
)

// A Locust message is a msgpack array [type, data, node_id]: the node id
// is the worker's, both ways (rpc/protocol.py). This worker reads of the
// master's messages their type, an ack's index and a spawn's job; it
// passes over the rest of their data.
type message struct {
	Type  string
	Index int64     // an ack's: this worker's index among the master's, -1 if it gives none
	Spawn *spawnJob // a spawn's
}

// A spawnJob is a spawn message's data, what this worker reads of it.
type spawnJob struct {
	Timestamp float64          // the master's clock: an older job than the last is stale
	Users     map[string]int64 // user_classes_count: how many of each user class this worker runs
}

// The bounds of a master's message, past the frame's (maxFrame).
const (
	maxDepth       = 32  // values nested in values: a spawn's options are 4 deep
	maxUserClasses = 64  // a locustfile's user classes
	maxClassName   = 256 // bytes of a user class's name
)

// decodeMessage decodes a message of the master's: first its shape, so
// that the decoder makes no room a length declares that the message does
// not hold, nor goes deeper than maxDepth; then the fields this worker
// reads.
func decodeMessage(b []byte) (message, error) {
	if rest, err := checkValue(b, 0); err != nil {
		return message{}, fmt.Errorf("%w: a message that is not msgpack: %v", ErrMaster, err)
	} else if len(rest) > 0 {
		return message{}, fmt.Errorf("%w: a message with %d bytes after its end", ErrMaster, len(rest))
	}
	r := bytes.NewReader(b)
	d := msgpack.NewDecoder(r)
	m := message{Index: -1}
	n, err := d.DecodeArrayLen()
	if err != nil || n != 3 {
		return m, fmt.Errorf("%w: a message that is not [type, data, node_id]: is it a Locust 2 master?", ErrMaster)
	}
	if m.Type, err = d.DecodeString(); err != nil {
		return m, fmt.Errorf("%w: a message whose type is not a string: %v", ErrMaster, err)
	}
	switch m.Type {
	case "ack":
		m.Index, err = decodeAck(d)
	case "spawn":
		m.Spawn, err = decodeSpawn(d)
	default:
		err = d.Skip()
	}
	if err != nil {
		return m, fmt.Errorf("%w: its %.40q message: %v", ErrMaster, m.Type, err)
	}
	if c, _ := d.PeekCode(); c == nilCode { // which DecodeString reads as ""
		return m, fmt.Errorf("%w: its %.40q message: a node id that is not a string", ErrMaster, m.Type)
	}
	if _, err := d.DecodeString(); err != nil {
		return m, fmt.Errorf("%w: its %.40q message: a node id that is not a string", ErrMaster, m.Type)
	}
	return m, nil
}

// nilCode is msgpack's nil.
const nilCode = 0xc0

// decodeAck reads an ack's data: {"index": n} from Locust 2.10.3 on,
// nil before.
func decodeAck(d *msgpack.Decoder) (int64, error) {
	index := int64(-1)
	err := eachKey(d, func(key string) (err error) {
		if key != "index" {
			return d.Skip()
		}
		index, err = d.DecodeInt64()
		return err
	})
	return index, err
}

// decodeSpawn reads a spawn's job. A job without user_classes_count is
// Locust 1's protocol (num_users), or none.
func decodeSpawn(d *msgpack.Decoder) (*spawnJob, error) {
	job := &spawnJob{Timestamp: math.NaN()}
	locust1 := false
	err := eachKey(d, func(key string) (err error) {
		switch key {
		case "timestamp":
			job.Timestamp, err = d.DecodeFloat64()
		case "user_classes_count":
			job.Users, err = decodeUsers(d)
		case "num_users":
			locust1 = true
			err = d.Skip()
		default:
			err = d.Skip()
		}
		return err
	})
	switch {
	case err != nil:
		return nil, err
	case job.Users == nil && locust1:
		return nil, errors.New("a spawn of Locust 1's protocol (num_users, no user_classes_count): this worker speaks Locust 2's")
	case job.Users == nil:
		return nil, errors.New("a spawn without user_classes_count")
	case math.IsNaN(job.Timestamp):
		return nil, errors.New("a spawn without its timestamp")
	}
	return job, nil
}

// decodeUsers reads user_classes_count, a map of at most maxUserClasses
// user classes to counts from 0.
func decodeUsers(d *msgpack.Decoder) (map[string]int64, error) {
	n, err := d.DecodeMapLen()
	switch {
	case err != nil:
		return nil, err
	case n > maxUserClasses:
		return nil, fmt.Errorf("user_classes_count of %d user classes, over %d", n, maxUserClasses)
	}
	users := make(map[string]int64, max(n, 0))
	for range n {
		name, err := d.DecodeString()
		if err != nil {
			return nil, err
		}
		if len(name) > maxClassName {
			return nil, fmt.Errorf("a user class's name of %d bytes, over %d", len(name), maxClassName)
		}
		count, err := d.DecodeInt64()
		if err != nil {
			return nil, err
		}
		if count < 0 {
			return nil, fmt.Errorf("%d users of %.40q", count, name)
		}
		users[name] = count
	}
	return users, nil
}

// eachKey calls read with each key of a map of string keys, which reads
// the key's value; nil is a map without keys.
func eachKey(d *msgpack.Decoder, read func(key string) error) error {
	n, err := d.DecodeMapLen() // -1 for nil
	if err != nil {
		return err
	}
	for range n {
		key, err := d.DecodeString()
		if err != nil {
			return err
		}
		if err := read(key); err != nil {
			return err
		}
	}
	return nil
}

// checkValue checks that b begins with a msgpack value, at most
// maxDepth deep, whose every length fits in what b holds, and returns
// what follows it. Each value takes a byte at least, so a container's
// count is held to the bytes left, and the check is linear in b.
func checkValue(b []byte, depth int) ([]byte, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("values nested over %d deep", maxDepth)
	}
	if len(b) == 0 {
		return nil, errors.New("cut short")
	}
	c, b := b[0], b[1:]
	var items, size uint64 // the values that follow, or the bytes
	switch {
	case c <= 0x7f || c >= 0xe0 || c == nilCode || c == 0xc2 || c == 0xc3: // fixints, nil, false, true
		return b, nil
	case c <= 0x8f: // fixmap
		items = 2 * uint64(c&0x0f)
	case c <= 0x9f: // fixarray
		items = uint64(c & 0x0f)
	case c <= 0xbf: // fixstr
		size = uint64(c & 0x1f)
	default:
		var ok bool
		if b, items, size, ok = header(c, b); !ok {
			return nil, fmt.Errorf("code %#x, or its length cut short", c)
		}
	}
	if size > uint64(len(b)) || items > uint64(len(b)) {
		return nil, fmt.Errorf("a length of %d, over the %d bytes left", max(size, items), len(b))
	}
	b = b[size:]
	for range items {
		var err error
		if b, err = checkValue(b, depth+1); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// header reads what follows code c, the first byte of a value that is
// not a fixed one: the bytes it takes, or the values of its map or
// array; ok is false for 0xc1, which msgpack never uses, or a header cut
// short.
func header(c byte, b []byte) (rest []byte, items, size uint64, ok bool) {
	be := func(n int) (uint64, bool) {
		if len(b) < n {
			return 0, false
		}
		var v uint64
		for _, x := range b[:n] {
			v = v<<8 | uint64(x)
		}
		b = b[n:]
		return v, true
	}
	var v uint64
	switch c {
	case 0xc4, 0xd9: // bin 8, str 8
		v, ok = be(1)
		size = v
	case 0xc5, 0xda: // bin 16, str 16
		v, ok = be(2)
		size = v
	case 0xc6, 0xdb: // bin 32, str 32
		v, ok = be(4)
		size = v
	case 0xc7, 0xc8, 0xc9: // ext 8, 16, 32: a length, then its type's byte
		v, ok = be(1 << (c - 0xc7))
		size = v + 1
	case 0xca, 0xcb: // float 32, 64
		size, ok = 4<<(c-0xca), true
	case 0xcc, 0xcd, 0xce, 0xcf: // uint 8 to 64
		size, ok = 1<<(c-0xcc), true
	case 0xd0, 0xd1, 0xd2, 0xd3: // int 8 to 64
		size, ok = 1<<(c-0xd0), true
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8: // fixext 1 to 16, and its type's byte
		size, ok = 1+1<<(c-0xd4), true
	case 0xdc, 0xdd: // array 16, 32
		v, ok = be(2 << (c - 0xdc))
		items = v
	case 0xde, 0xdf: // map 16, 32
		v, ok = be(2 << (c - 0xde))
		items = 2 * v
	}
	return b, items, size, ok
}

// encodeMessage encodes a message of this worker's.
func encodeMessage(typ string, data any, nodeID string) []byte {
	b, err := msgpack.Marshal([]any{typ, data, nodeID})
	if err != nil { // of this package's maps, strings and numbers alone
		panic(err)
	}
	return b
}
