package gdvar

// Number lists the element types of packed arrays, as [ChunkToken] and
// [ChunkOf] see them.
type Number interface {
	int32 | int64 | float32 | float64
}

// ChunkOf returns the elements of a packed chunk as a []T, or nil when the
// chunk does not hold Ts: int32 for a PackedInt32Array, int64 for a
// PackedInt64Array, float32 for a PackedFloat32Array, a PackedColorArray or
// a 32-bit PackedVector2/3/4Array (vector components in order), float64 for
// a PackedFloat64Array or a 64-bit PackedVector2/3/4Array. The slice
// aliases the token's bytes where the machine allows (little-endian,
// aligned), so it is valid as long as the token is and must not be modified.
func ChunkOf[T Number](t Token) []T {
	typ := t.Type()
	if t.Kind() != KindPackedChunk {
		return nil
	}
	var holds bool
	switch any((*T)(nil)).(type) {
	case *int32:
		holds = typ == TypePackedInt32Array
	case *int64:
		holds = typ == TypePackedInt64Array
	case *float32:
		holds = !t.Is64() && (typ == TypePackedFloat32Array || typ == TypePackedColorArray || typ.HasReals())
	case *float64:
		holds = typ == TypePackedFloat64Array || t.Is64() && typ.HasReals()
	}
	if !holds {
		return nil
	}
	return view[T](t.Bytes())
}
