package ordered

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Removing names leaves holes that are closed up once they outnumber the
// names, and the rest keep their order.
func TestHolesClose(t *testing.T) {
	var m Map[int]
	for i := range 1000 {
		m.Set(strconv.Itoa(i), i, false)
	}
	for i := range 1000 {
		if i%10 != 0 {
			m.Remove(strconv.Itoa(i))
			m.Remove(strconv.Itoa(i)) // twice: no effect
		}
		assert.LessOrEqual(t, len(m.items), 2*m.Len()+17, "after %d", i)
	}
	var names []string
	for name := range m.All() {
		names = append(names, name)
	}
	assert.Len(t, names, 100)
	assert.Equal(t, "0", names[0])
	assert.Equal(t, "990", names[99])
	assert.Equal(t, 100, m.Len())
	v, ok := m.Get("990")
	assert.True(t, ok)
	assert.Equal(t, 990, v)
}

// Set keeps a name's place; a name set first comes before the others.
func TestSetKeepsPlace(t *testing.T) {
	var m Map[int]
	m.Set("b", 1, false)
	m.Set("c", 2, false)
	m.Set("b", 3, false)
	m.Set("a", 4, true)
	var got []string
	for name, v := range m.All() {
		got = append(got, name+"="+strconv.Itoa(v))
	}
	assert.Equal(t, []string{"a=4", "b=3", "c=2"}, got)
}
