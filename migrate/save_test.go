package migrate

import (
	"bytes"
	"encoding/binary"
	"io"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// objects reads and writes full objects.
var objects = stream.WithCodec(gdvar.MustCodec(gdvar.AllowObjects(true)))

// save3 returns a Godot 3 save file of the values.
func save3(t testing.TB, values ...any) []byte {
	var b bytes.Buffer
	w, err := stream.NewWriter(&b, stream.WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.AllowObjects(true))))
	require.NoError(t, err)
	for _, v := range values {
		require.NoError(t, w.PutVar(v))
	}
	return b.Bytes()
}

func TestSave(t *testing.T) {
	values := []any{gdvar.RID(0), gdvar.Quaternion{W: 1}, []any{gdvar.RID(0), "a"}, event("Reference")}
	var out bytes.Buffer
	require.NoError(t, Save(&out, bytes.NewReader(save3(t, values...))))
	in := records(t, out.Bytes(), objects)
	for i, v := range values {
		want, err := Value(v)
		require.NoError(t, err)
		frame, err := in.ReadFrame()
		require.NoError(t, err)
		assert.Equal(t, godot4(t, want), frame, "record %d", i)
	}
	_, err := in.ReadFrame()
	assert.Equal(t, io.EOF, err)
	// A RID grew by its 8-byte id, and its frame with it.
	assert.Equal(t, 4, int(binary.LittleEndian.Uint32(save3(t, gdvar.RID(0)))), "a Godot 3 RID's frame")
	assert.Equal(t, 12, int(binary.LittleEndian.Uint32(out.Bytes())), "a Godot 4 RID's frame")
}

func TestSaveErrors(t *testing.T) {
	rid := save3(t, gdvar.RID(0))
	for _, tc := range []struct {
		name string
		in   []byte
		opts []Option
		want error
	}{
		{"a frame cut short", rid[:6], nil, stream.ErrBroken},
		{"a value cut short", append(binary.LittleEndian.AppendUint32(nil, 4), 4, 0, 0, 0), nil, gdvar.ErrTruncated},
		{"objects refused", save3(t, event("Reference")), []Option{WithCodec(gdvar.MustCodec())}, gdvar.ErrObjectsNotAllowed},
		{"a frame over the limit", rid, []Option{WithMaxFrame(3)}, stream.ErrFrameTooLarge},
		{"a value over the codec's limits", save3(t, "abcd"), []Option{WithCodec(gdvar.MustCodec(gdvar.WithLimits(gdvar.Limits{MaxStringBytes: 3})))}, gdvar.ErrLimit},
		{"a type number Godot 3 does not have", append(binary.LittleEndian.AppendUint32(nil, 4), 27, 0, 0, 0), nil, gdvar.ErrInvalidType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Save(io.Discard, bytes.NewReader(tc.in), tc.opts...)
			assert.ErrorIs(t, err, tc.want)
		})
	}
	var out bytes.Buffer
	assert.NoError(t, Save(&out, bytes.NewReader(nil)), "an empty save file")
	assert.Zero(t, out.Len())
}

// records returns a Reader of the frames in b.
func records(t testing.TB, b []byte, opts ...stream.Option) *stream.Reader {
	r, err := stream.NewReader(bytes.NewReader(b), opts...)
	require.NoError(t, err)
	return r
}

// An invalid option is refused before anything is read or written, and a
// codec's settings reach the reading: its engine is Godot 3's whatever it
// says.
func TestOptions(t *testing.T) {
	save := save3(t, gdvar.NewDictionary("a", int64(1)))
	for _, tc := range []struct {
		name string
		opts []Option
		want error // nil for none
	}{
		{"max frame 0", []Option{WithMaxFrame(0)}, gdvar.ErrInvalidOption},
		{"max frame negative", []Option{WithMaxFrame(1), WithMaxFrame(-1)}, gdvar.ErrInvalidOption},
		{"a Godot 4 codec reads Godot 3", []Option{WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot4)))}, nil},
		{"a max frame that holds the record", []Option{WithMaxFrame(int64(len(save) - 4))}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := bytes.NewReader(save)
			var out bytes.Buffer
			err := Save(&out, in, tc.opts...)
			if tc.want == nil {
				require.NoError(t, err)
				var d map[string]int
				require.NoError(t, records(t, out.Bytes()).GetVar(&d))
				assert.Equal(t, map[string]int{"a": 1}, d)
				return
			}
			assert.ErrorIs(t, err, tc.want)
			assert.Equal(t, len(save), in.Len(), "nothing read")
			assert.Zero(t, out.Len(), "nothing written")
			in.Reset(save[4:])
			assert.ErrorIs(t, Values(&out, in, tc.opts...), tc.want)
			assert.Equal(t, len(save)-4, in.Len(), "nothing read")
			assert.Zero(t, out.Len(), "nothing written")
		})
	}
}

func TestValuesErrors(t *testing.T) {
	err := Values(io.Discard, bytes.NewReader(godot3(t, "abc")[:6]))
	assert.ErrorIs(t, err, gdvar.ErrTruncated)
	var out bytes.Buffer
	require.NoError(t, Values(&out, bytes.NewReader(append(godot3(t, gdvar.Quaternion{}), godot3(t, gdvar.RID(0))...))))
	assert.Equal(t, append(godot4(t, gdvar.Quaternion{}), godot4(t, gdvar.RID(0))...), out.Bytes())
}
