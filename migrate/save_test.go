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

// save3 returns a Godot 3 save file of the values.
func save3(t testing.TB, values ...any) []byte {
	var b bytes.Buffer
	w := stream.NewWriter(&b, gdvar.WithEngine(gdvar.Godot3), gdvar.AllowObjects(true))
	for _, v := range values {
		require.NoError(t, w.PutVar(v))
	}
	return b.Bytes()
}

func TestSave(t *testing.T) {
	values := []any{gdvar.RID(0), gdvar.Quaternion{W: 1}, []any{gdvar.RID(0), "a"}, event("Reference")}
	var out bytes.Buffer
	require.NoError(t, Save(&out, bytes.NewReader(save3(t, values...))))
	in := stream.NewReader(bytes.NewReader(out.Bytes()), gdvar.AllowObjects(true))
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
		opts []gdvar.Option
		want error
	}{
		{"a frame cut short", rid[:6], nil, stream.ErrBroken},
		{"a value cut short", append(binary.LittleEndian.AppendUint32(nil, 4), 4, 0, 0, 0), nil, gdvar.ErrTruncated},
		{"objects refused", save3(t, event("Reference")), []gdvar.Option{gdvar.AllowObjects(false)}, gdvar.ErrObjectsNotAllowed},
		{"a frame over the limit", rid, []gdvar.Option{stream.WithMaxFrame(3)}, stream.ErrFrameTooLarge},
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

func TestValuesErrors(t *testing.T) {
	err := Values(io.Discard, bytes.NewReader(godot3(t, "abc")[:6]))
	assert.ErrorIs(t, err, gdvar.ErrTruncated)
	var out bytes.Buffer
	require.NoError(t, Values(&out, bytes.NewReader(append(godot3(t, gdvar.Quaternion{}), godot3(t, gdvar.RID(0))...))))
	assert.Equal(t, append(godot4(t, gdvar.Quaternion{}), godot4(t, gdvar.RID(0))...), out.Bytes())
}
