package gdvar

// The Encoder's fast tier, beside the token path of writer.go that it
// shortcuts: writeLeaf writes the common leaves inside a container without
// the checks that cannot fail for them, and writeKey writes a struct's or a
// map[string]any's String key whole. Where either cannot, it hands the
// token to writeToken. TestWriteLeafAgrees (writer_fast_test.go) holds
// them to the token path's bytes.

// writeKey writes a DictKey marker and the String key name, whose whole
// encoding is wire (see stringValueBytes) or, if nil, made here, as
// WriteToken of DictKeyToken and StringToken(name) would: Marshal's struct
// keys, copied, and map[string]any's.
func (e *Encoder) writeKey(name string, wire []byte) error {
	if e.err != nil || e.bb == nil || e.st.next() != expDictKey || wire == nil && len(name) >= directWriteSize {
		if err := e.WriteToken(DictKeyToken); err != nil {
			return err
		}
		return e.WriteToken(StringToken(name))
	}
	e.st.startEntry()
	if wire != nil {
		e.bb.B = append(e.bb.B, wire...)
	} else {
		e.bb.B = appendStringValue(e.bb.B, stringType, stringBytes(name), 0)
	}
	e.st.startValue()
	e.st.noteKey(KindString, stringBytes(name), 0)
	return nil
}

// writeLeaf writes, where a value goes inside a container, a leaf whose
// token carries nothing unusual (no ignored header bits, zero padding): a
// bool, an int, a float, a string whole in one token, or a math value,
// without the checks that cannot fail for them. It reports false when the
// general path must write it.
func (e *Encoder) writeLeaf(t Token, f *frame) bool {
	if e.st.depth > e.cfg.limits.MaxDepth {
		return false
	}
	b := e.bb.B
	switch k := t.Kind(); k {
	case KindBool, KindInt32, KindFloat32:
		b = appendWord(b, uint32(e.tab.wire[t.Type()]), uint32(t.num))
	case KindInt64, KindFloat64:
		if e.tab.flagBits[t.Type()]&flag64 == 0 {
			return false // the general path says why not
		}
		b = appendWord64(b, uint32(e.tab.wire[t.Type()])|flag64, t.num)
	case KindString:
		data := t.Bytes()
		if int64(len(data)) != t.count() || len(data) >= directWriteSize {
			return false
		}
		b = appendStringValue(b, stringType, data, 0)
	default:
		typ := t.Type()
		if mathKinds[typ] != k || t.Is64() && e.tab.flagBits[typ]&flag64 == 0 || !e.tab.has(typ) ||
			len(t.Bytes()) != typ.mathSize(t.Is64()) {
			return false
		}
		var flags uint32
		if t.Is64() {
			flags = flag64
		}
		b = appendMath(b, uint32(e.tab.wire[typ])|flags, t.Bytes())
	}
	e.bb.B = b
	f.startValue()
	switch k := t.Kind(); k {
	case KindString:
		f.noteKey(k, t.Bytes(), 0)
	case KindInt32, KindInt64:
		f.noteKey(k, nil, int64(t.num))
	}
	return true
}
