package gdvar_test

import (
	"bytes"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	. "github.com/gdvar/gdvar"
)

// Unmarshal of a small message allocates what the Go value holds and
// nothing more: no Decoder.
func TestUnmarshalSmallAllocs(t *testing.T) {
	if RaceDetector {
		t.Skip("allocation counts differ under the race detector")
	}
	shapes := map[string]smallShape{}
	for _, s := range smallShapes(t) {
		shapes[s.name] = s
	}
	tests := []struct {
		shape string
		into  bool    // into the shape's Go type, else into interface{}
		max   float64 // allocations per Unmarshal
	}{
		{"playerUpdate", true, 0},
		{"record", true, 1},     // one block for both strings
		{"recordTime", true, 1}, // the same; time.Time holds no pointer for UTC
		{"structs20", true, 2},  // the names' blocks (64 and 128 bytes); the slice is reused
	}
	for _, tt := range tests {
		t.Run(tt.shape, func(t *testing.T) {
			s := shapes[tt.shape]
			var v any
			if tt.into {
				v = s.into()
			}
			i := 0
			allocs := testing.AllocsPerRun(200, func() {
				target := v
				if !tt.into {
					target = new(any)
				}
				if err := Unmarshal(s.encoded[i%smallPicks], target); err != nil {
					t.Fatal(err)
				}
				i++
			})
			assert.LessOrEqual(t, allocs, tt.max)
		})
	}
}

// Values decoded with pooled Decoders share no memory with each other:
// what one Unmarshal returned is unchanged by the next ones, on every
// goroutine.
func TestUnmarshalPooledDecodersShareNothing(t *testing.T) {
	var inputs [][]byte
	for _, s := range smallShapes(t) {
		inputs = append(inputs, s.encoded[:50]...)
	}
	for _, v := range []any{"x", StringName("name"), NodePath{Names: []string{"a", "b"}}, Signal{Name: "hit", Object: 7},
		[]string{"one", "two"}, []int32{1, 2}, NewDictionary("k", []any{int64(1), "v"})} {
		b, err := Marshal(v)
		require.NoError(t, err)
		inputs = append(inputs, b)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			decoded := make([]any, len(inputs))
			for i, in := range inputs {
				if !assert.NoError(t, Unmarshal(in, &decoded[i])) {
					return
				}
			}
			for i, in := range inputs { // others decoded meanwhile, with the same Decoders
				out, err := Marshal(decoded[i])
				if assert.NoError(t, err) {
					assert.True(t, bytes.Equal(in, out), "goroutine %d, input %d: %v", g, i, decoded[i])
				}
				var again any
				require.NoError(t, Unmarshal(in, &again))
				assert.True(t, reflect.DeepEqual(decoded[i], again) || eqDict(decoded[i], again), "input %d", i)
			}
		}()
	}
	wg.Wait()
}

// eqDict compares two *Dictionary values by contents.
func eqDict(a, b any) bool {
	da, ok1 := a.(*Dictionary)
	db, ok2 := b.(*Dictionary)
	return ok1 && ok2 && da.Equal(db)
}

// A TextUnmarshaler field read by the flat reader behaves as on the token
// path: its error is reported, a StringName or a Nil goes the token way.
func TestUnmarshalTextField(t *testing.T) {
	birthday := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	tests := []struct {
		name    string
		value   any
		want    time.Time
		wantErr string
	}{
		{"String", map[string]any{"Name": "Ann", "BirthDay": "2001-02-03T04:05:06Z"}, birthday, ""},
		{"StringName", map[string]any{"Name": "Ann", "BirthDay": StringName("2001-02-03T04:05:06Z")}, birthday, ""},
		{"Nil keeps the value", map[string]any{"Name": "Ann", "BirthDay": nil}, time.Unix(1, 0), ""},
		{"not a time", map[string]any{"Name": "Ann", "BirthDay": "yesterday"}, time.Time{}, `cannot parse "yesterday"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := Marshal(tt.value)
			require.NoError(t, err)
			got := recordTime{BirthDay: time.Unix(1, 0)}
			err = Unmarshal(data, &got)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.True(t, tt.want.Equal(got.BirthDay), "got %v", got.BirthDay)
			assert.Equal(t, "Ann", got.Name)
		})
	}
}
