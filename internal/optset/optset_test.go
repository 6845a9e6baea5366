package optset

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

type settings struct {
	n   int
	err error
}

type option func(*settings)

func add(n int) option { return func(s *settings) { s.n += n } }

var errBad = errors.New("bad")

func bad() option { return func(s *settings) { s.err = errBad } }

func TestWith(t *testing.T) {
	errOf := func(s *settings) error { return s.err }
	s, err := With(settings{n: 1}, []option{add(2), add(3)}, errOf)
	assert.NoError(t, err)
	assert.Equal(t, 6, s.n, "applied in turn to base")
	_, err = With(settings{}, []option{bad(), add(1)}, errOf)
	assert.ErrorIs(t, err, errBad)
	s, err = With(settings{}, []option{add(4)}, nil)
	assert.NoError(t, err)
	assert.Equal(t, 4, s.n)
}

func TestMust(t *testing.T) {
	assert.Equal(t, 3, Must(3, nil))
	assert.PanicsWithValue(t, errBad, func() { Must(0, errBad) })
}
