package migrate

import (
	"errors"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
)

// sourceOptions are the options of a reader of Godot 3 values: full objects
// are accepted unless opts refuse them (migrating one does not make it),
// and values are read in their semantic form, which Godot 4 then gets as it
// writes them.
func sourceOptions(opts []gdvar.Option) []gdvar.Option {
	o := append([]gdvar.Option{gdvar.AllowObjects(true)}, opts...)
	return append(o, gdvar.WithEngine(gdvar.Godot3), gdvar.Semantic(true))
}

// Save writes to w the Godot 4 form of the save file r holds: the records
// FileAccess.store_var writes (StreamPeer.put_var's too), each a u32 length
// then a value, given the length of its new form (a RID grows by 8 bytes).
// opts set the limits of the reading (gdvar.WithLimits; stream.WithMaxFrame
// bounds a record, 16 MiB by default) and may refuse full objects
// (gdvar.AllowObjects(false)).
//
// Each record is read whole, migrated and written: memory is bounded by a
// small multiple of the largest record's size, and never by a length the
// file declares. Records go to w as they are done; on an error, what was
// written is a part of the file.
func Save(w io.Writer, r io.Reader, opts ...gdvar.Option) error {
	in := stream.NewReader(r, sourceOptions(opts)...)
	out := stream.NewWriter(w, gdvar.WithEngine(gdvar.Godot4))
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
// another, as var_to_bytes writes each (without framing). opts set the
// limits of the reading (gdvar.WithLimits) and may refuse full objects.
// Each value is read whole, within the limits: memory is bounded by a small
// multiple of its size.
func Values(w io.Writer, r io.Reader, opts ...gdvar.Option) error {
	dec := gdvar.NewDecoder(r, sourceOptions(opts)...)
	enc := gdvar.NewEncoder(w, gdvar.WithEngine(gdvar.Godot4))
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
