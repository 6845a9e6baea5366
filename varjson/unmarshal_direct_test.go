package varjson

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
)

// treeUnmarshal converts data as Unmarshal did before it read arrays,
// numbers and tagged values' arguments as they come: through the whole
// tree.
func treeUnmarshal(data []byte) (any, error) {
	r := newReader(data, 0)
	tree, err := r.value()
	if err != nil {
		return nil, err
	}
	c := converter{}
	return c.value(tree)
}

// Unmarshal, reading arrays, numbers and tagged arguments without a tree,
// gives what converting the tree gives, errors included; DecodeTo writes
// the same bytes.
func TestDirectAsTree(t *testing.T) {
	for _, js := range []string{
		`[1,2.5,[],[[]],{},{"a":[1,{"b":{}}]},"x",null,true,1e-320,-0.0,123456789012]`,
		`{"$Array":[1,{"$Vector2":[1,2]},[3]],"$type":"int"}`,
		`{"$Array":[],"$shared":true}`,
		`{"$Array":{"a":1}}`,
		`{"$Dictionary":[[1,"a"],[2.5,[1,2]],[{"$StringName":"k"},{}]],"$key_type":"int","$value_type":{"$class":"Node"}}`,
		`{"$Dictionary":[[1,2,3]]}`,
		`{"$Dictionary":[[1]]}`,
		`{"$Dictionary":[1]}`,
		`{"$Dictionary":[[1,{"$Bad":1}]]}`,
		`{"$PackedInt32Array":[1,-2147483648,2147483647]}`,
		`{"$PackedInt32Array":[2147483648]}`,
		`{"$PackedInt32Array":[1.5]}`,
		`{"$PackedInt32Array":["a"]}`,
		`{"$PackedInt64Array":[9223372036854775807,-1]}`,
		`{"$PackedFloat32Array":[0.1,1e-40,{"$float":"nan(0x7f800001)"},{"$float":"-inf"},3]}`,
		`{"$PackedFloat32Array":[1e39]}`,
		`{"$PackedFloat64Array":[0.1,1e-320,{"$float":"nan"},3]}`,
		`{"$PackedFloat64Array":[{"$float":"bad"}]}`,
		`{"$PackedStringArray":["a","",{"x":1}]}`,
		`{"$PackedStringArray":["a",1]}`,
		`{"$PackedStringArray":[]}`,
		`{"$PackedVector2Array":[[1,2.5],[0.1,1e-40]]}`,
		`{"$PackedVector2Array":[[0.1,0.30000000000000004]],"$wide":true}`,
		`{"$PackedVector2Array":[[1,{"$float":"nan"}],[{"$float":"inf"},2]]}`,
		`{"$PackedVector2Array":[[1,{"$float":"nan(0x7ff8000000000001)"}]],"$wide":true}`,
		`{"$PackedVector2Array":[[1,{"$float":"nan(0x7ff8000000000001)"}]]}`,
		`{"$PackedVector2Array":[[1]]}`,
		`{"$PackedVector2Array":[[1,2,3]]}`,
		`{"$PackedVector2Array":[1]}`,
		`{"$PackedVector2Array":[[1,"a"]]}`,
		`{"$PackedVector2Array":[[1,2]],"$wide":1}`,
		`{"$PackedVector3Array":[[1,2,3]],"$wide":false}`,
		`{"$PackedVector4Array":[[1,2,3,4],[5,6,7,8]]}`,
		`{"$PackedColorArray":[[1,0.5,0.25,{"$float":"nan(0x7f800001)"}]]}`,
		`{"$PackedColorArray":[[1,0.5,0.25]]}`,
		`{"$PackedColorArray":[[1,2,3,4]],"$wide":true}`,
		`{"a":{"$PackedInt32Array":[1]},"$b":1}`,
		`{"$PackedInt32Array":[1],"$type":"int"}`,
		`{"$PackedInt32Array":[1],"$Array":[]}`,
	} {
		want, wantErr := treeUnmarshal([]byte(js))
		var got any
		err := Unmarshal([]byte(js), &got)
		if wantErr != nil {
			require.Error(t, err, js)
			assert.Equal(t, wantErr.Error(), err.Error(), js)
			continue
		}
		require.NoError(t, err, js)
		assert.True(t, reflect.DeepEqual(want, got) || equalBytes(t, want, got), "%s: %#v, not %#v", js, got, want)
		bin, err := gdvar.Marshal(got)
		require.NoError(t, err, js)
		to, err := decodeTo([]byte(js), nil)
		require.NoError(t, err, js)
		assert.Equal(t, bin, to, js)
	}
}

// equalBytes reports whether a and b have the same binary form (a NaN is
// not DeepEqual to itself).
func equalBytes(t *testing.T, a, b any) bool {
	x, err := gdvar.Marshal(a)
	require.NoError(t, err)
	y, err := gdvar.Marshal(b)
	require.NoError(t, err)
	return bytes.Equal(x, y)
}
