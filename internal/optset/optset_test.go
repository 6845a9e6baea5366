package optset_test

import (
	"errors"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
	"github.com/stretchr/testify/assert"
)

type settingsA struct{ n int }
type settingsB struct{ on bool }

var (
	keyA = new(optset.Key[settingsA])
	keyB = new(optset.Key[settingsB])
)

func withN(n int) gdvar.Option {
	var err error
	if n < 0 {
		err = errors.New("negative n")
	}
	return optset.Option(keyA, err, func(s *settingsA) { s.n = n }).(gdvar.Option)
}

func withOn() gdvar.Option {
	return optset.Option(keyB, nil, func(s *settingsB) { s.on = true }).(gdvar.Option)
}

// Each package reads its own settings, the last option of a setting
// winning, with gdvar's shared ones; an invalid option fails every use of
// the list.
func TestRead(t *testing.T) {
	opts := []gdvar.Option{withN(1), gdvar.WithEngine(gdvar.Godot3), withOn(), withN(2), gdvar.WithMathPrecision(gdvar.Double)}
	a, shared, err := optset.Read(opts, keyA)
	assert.NoError(t, err)
	assert.Equal(t, settingsA{n: 2}, a)
	assert.Equal(t, optset.Shared{Engine: int(gdvar.Godot3), Precision: int8(gdvar.Double) + 1}, shared)
	b, _, err := optset.Read(opts, keyB)
	assert.NoError(t, err)
	assert.Equal(t, settingsB{on: true}, b)
	b, _, _ = optset.Read([]gdvar.Option{withN(3)}, keyB)
	assert.Equal(t, settingsB{}, b, "another package's option sets nothing of B")

	bad := append(opts, withN(-1))
	_, _, err = optset.Read(bad, keyB)
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
	_, err = optset.SharedOf(bad)
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
	_, err = gdvar.NewDecoderBytes([]byte{0, 0, 0, 0}, bad...).ReadToken()
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption, "the codec fails on a sibling's invalid option")
}
