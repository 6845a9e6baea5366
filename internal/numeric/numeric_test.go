package numeric

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFloat(t *testing.T) {
	tests := []struct {
		in   any
		want float64
		ok   bool
	}{
		{int64(-3), -3, true},
		{2.5, 2.5, true},
		{float32(1), 0, false},
		{int32(1), 0, false},
		{"1", 0, false},
		{nil, 0, false},
	}
	for _, tt := range tests {
		got, ok := Float(tt.in)
		assert.Equal(t, tt.ok, ok, "%#v", tt.in)
		assert.Equal(t, tt.want, got, "%#v", tt.in)
	}
}
