package optset_test

import (
	"errors"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type settingsA struct{ n int }
type settingsB struct{ on bool }

var (
	keyA = optset.NewKey[settingsA]("a")
	keyB = optset.NewKey[settingsB]("b")
)

func withN(n int) gdvar.Option {
	var err error
	if n < 0 {
		err = errors.New("negative n")
	}
	return optset.Option(keyA, "a.WithN", err, func(s *settingsA) { s.n = n }).(gdvar.Option)
}

func withOn() gdvar.Option {
	return optset.Option(keyB, "b.WithOn", nil, func(s *settingsB) { s.on = true }).(gdvar.Option)
}

// Each package reads its own settings, the last option of a setting
// winning, with gdvar's shared ones, from a list that holds the options of
// the packages it takes.
func TestRead(t *testing.T) {
	opts := []gdvar.Option{withN(1), gdvar.WithEngine(gdvar.Godot3), withOn(), withN(2), gdvar.WithMathPrecision(gdvar.Double)}
	a, shared, err := optset.Read(opts, keyA, "a", "b")
	assert.NoError(t, err)
	assert.Equal(t, settingsA{n: 2}, a)
	assert.Equal(t, optset.Shared{Engine: int(gdvar.Godot3), Precision: int8(gdvar.Double) + 1}, shared)
	b, _, err := optset.Read(opts, keyB, "b", "a")
	assert.NoError(t, err)
	assert.Equal(t, settingsB{on: true}, b)
	b, _, err = optset.Read([]gdvar.Option{withN(3)}, keyB, "b", "a")
	assert.NoError(t, err)
	assert.Equal(t, settingsB{}, b, "another package's option sets nothing of B")
}

// An option fails the list wherever it is used when its value is invalid,
// and where it is given to a function that does not take it, naming it
// and the function's package; a list a function checked and handed on
// (Forward) is not checked again.
func TestInvalid(t *testing.T) {
	codec := func(opts []gdvar.Option) error {
		_, err := gdvar.NewDecoderBytes([]byte{0, 0, 0, 0}, opts...).ReadToken()
		return err
	}
	tests := []struct {
		name string
		use  func() error
		want string // "" for no error
	}{
		{"a's option to a", func() error { _, _, err := optset.Read([]gdvar.Option{withN(1)}, keyA, "a"); return err }, ""},
		{"an invalid value", func() error { _, _, err := optset.Read([]gdvar.Option{withN(-1)}, keyA, "a"); return err }, "negative n"},
		{"an invalid value of another package", func() error {
			_, _, err := optset.Read([]gdvar.Option{withN(-1)}, keyB, "b", "a")
			return err
		}, "negative n"},
		{"a's option to b", func() error { _, _, err := optset.Read([]gdvar.Option{withN(1)}, keyB, "b"); return err }, "a.WithN does not apply to package b"},
		{"a's option to a reader of none", func() error { _, err := optset.SharedOf([]gdvar.Option{withN(1)}, "c"); return err }, "a.WithN does not apply to package c"},
		{"a's option to the codec", func() error { return codec([]gdvar.Option{withN(1)}) }, "a.WithN does not apply to package gdvar"},
		{"a's invalid value to the codec", func() error { return codec([]gdvar.Option{withN(-1)}) }, "a.WithN does not apply to package gdvar"},
		{"a's option to the codec, checked by a", func() error {
			opts, err := optset.Check([]gdvar.Option{withN(1), gdvar.WithEngine(gdvar.Godot3)}, "a")
			require.NoError(t, err)
			return codec(opts)
		}, ""},
		{"a's invalid value, checked by a", func() error {
			_, err := optset.Check([]gdvar.Option{withN(-1)}, "a")
			return err
		}, "negative n"},
		{"b's option checked by a", func() error { _, err := optset.Check([]gdvar.Option{withOn()}, "a"); return err }, "b.WithOn does not apply to package a"},
		{"gdvar's options anywhere", func() error {
			_, _, err := optset.Read([]gdvar.Option{gdvar.AllowObjects(true), gdvar.WithLimits(gdvar.Limits{MaxDepth: 3})}, keyA, "a")
			return err
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.use()
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
			assert.ErrorContains(t, err, tt.want)
		})
	}
}

// Forward hands on a list of gdvar's options alone as it is, and marks
// one that holds another package's option.
func TestForward(t *testing.T) {
	opts := []gdvar.Option{gdvar.WithEngine(gdvar.Godot3)}
	got := optset.Forward(opts).([]gdvar.Option)
	assert.Len(t, got, 1)
	assert.Same(t, &opts[0], &got[0], "the list itself")
	opts = append(opts, withN(1))
	got = optset.Forward(opts).([]gdvar.Option)
	assert.Len(t, got, 3, "marked")
	assert.Len(t, optset.Forward(got).([]gdvar.Option), 3, "marked once")
}

func TestCodec(t *testing.T) {
	limits := gdvar.Limits{MaxDepth: 1}
	tests := []struct {
		name    string
		opts    []gdvar.Option
		none    bool   // the codec gets no option
		want    string // "" for no error when decoding with the list
		maxDeep bool   // a value nested deeper than the limits is refused
	}{
		{"none", nil, true, "", false},
		{"another package's only", []gdvar.Option{withN(1)}, true, "", false},
		{"gdvar's among another's", []gdvar.Option{withN(1), gdvar.WithLimits(limits)}, false, "", true},
		{"gdvar's invalid", []gdvar.Option{gdvar.WithEngine(99)}, false, "unknown engine", false},
	}
	nested := []byte{0x1c, 0, 0, 0, 1, 0, 0, 0, 0x1c, 0, 0, 0, 1, 0, 0, 0, 0x1c, 0, 0, 0, 1, 0, 0, 0, 0x1c, 0, 0, 0, 0, 0, 0, 0}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := optset.Codec(tt.opts).([]gdvar.Option)
			if tt.none {
				assert.Empty(t, got)
			} else {
				assert.Len(t, got, 1, "one option for all")
			}
			var v any
			err := gdvar.Unmarshal(nested, &v, got...)
			assert.Equal(t, gdvar.Unmarshal(nested, &v, optset.Forward(tt.opts).([]gdvar.Option)...), err, "as the list itself")
			switch {
			case tt.want != "":
				assert.ErrorContains(t, err, tt.want)
			case tt.maxDeep:
				assert.ErrorIs(t, err, gdvar.ErrTooDeep)
			default:
				assert.NoError(t, err)
			}
		})
	}
}
