package migrate

import (
	"errors"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
)

// Save writes to w the Godot 4 form of the save file r holds: the records
// FileAccess.store_var writes (StreamPeer.put_var's too), each a u32 length
// then a value, given the length of its new form (a RID grows by 8 bytes).
// The options set the limits of the reading ([WithCodec]; [WithMaxFrame]
// bounds a record, 16 MiB by default) and may refuse full objects.
//
// Each record is read whole, migrated and written: memory is bounded by a
// small multiple of the largest record's size, and never by a length the
// file declares. Records go to w as they are done; on an error, what was
// written is a part of the file.
func Save(w io.Writer, r io.Reader, opts ...Option) error {
	o, codec, err := source(opts)
	if err != nil {
		return err
	}
	frames := []stream.Option{stream.WithCodec(codec)}
	if o.maxFrame != 0 {
		frames = append(frames, stream.WithMaxFrame(o.maxFrame))
	}
	in, err := stream.NewReader(r, frames...)
	if err != nil {
		return err
	}
	out, err := stream.NewWriter(w)
	if err != nil {
		return err
	}
	for {
		var v any
		if err := in.GetVar(&v); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		m, _, err := mapping{binary: true, inPlace: true}.value(v)
		if err == nil {
			err = out.PutVar(m)
		}
		if err != nil {
			return err
		}
	}
}

// Values writes to w the Godot 4 form of the values r holds one after
// another, as var_to_bytes writes each (without framing). The options set
// the limits of the reading ([WithCodec]) and may refuse full objects.
// Each value is read whole, within the limits: memory is bounded by a small
// multiple of its size.
func Values(w io.Writer, r io.Reader, opts ...Option) error {
	_, codec, err := source(opts)
	if err != nil {
		return err
	}
	dec := codec.NewDecoder(r)
	enc := gdvar.NewEncoder(w)
	for {
		var v any
		if err := dec.Decode(&v); err != nil {
			if errors.Is(err, io.EOF) {
				return enc.Flush()
			}
			return err
		}
		m, _, err := mapping{binary: true, inPlace: true}.value(v)
		if err == nil {
			err = enc.Encode(m)
		}
		if err != nil {
			return err
		}
	}
}
