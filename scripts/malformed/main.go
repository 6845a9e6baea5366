// Command malformed writes candidate malformed (and borderline) inputs for
// an engine to judge: truncations and mutations of the golden vectors, and
// hand-made cases for each rule of the wire format. Each line is
// "NAME HEX". scripts/golden/judge4.gd adds Godot 4's verdicts; for Godot 3,
// scripts/golden/judge3.gd logs how bytes2var fared and the verdicts command
// turns the log into verdicts.
//
//	go run ./scripts/malformed candidates godot4 testdata/golden/godot4 > candidates.txt
//	go run ./scripts/malformed candidates godot3 testdata/golden/godot3.6 > candidates.txt
//	go run ./scripts/malformed verdicts candidates.txt judge.log > verdicts.txt
package main

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

var w = bufio.NewWriter(os.Stdout)

func emit(name string, b []byte) { fmt.Fprintf(w, "%s %s\n", name, hex.EncodeToString(b)) }

func u32(vs ...uint32) []byte {
	var b []byte
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// str is a wire string: length, bytes, zero padding.
func str(s []byte) []byte {
	b := cat(u32(uint32(len(s))), s)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}

func main() {
	defer w.Flush()
	switch {
	case len(os.Args) == 4 && os.Args[1] == "candidates" && os.Args[2] == "godot4":
		derivedAll(os.Args[3])
		handMade()
	case len(os.Args) == 4 && os.Args[1] == "candidates" && os.Args[2] == "godot3":
		derivedAll(os.Args[3])
		handMade3()
	case len(os.Args) == 4 && os.Args[1] == "verdicts":
		verdicts(os.Args[2], os.Args[3])
	default:
		fmt.Fprintln(os.Stderr, "usage: malformed candidates godot4|godot3 DIR | verdicts CANDIDATES LOG")
		os.Exit(2)
	}
}

// derivedAll writes the derived candidates of every vector in dir.
func derivedAll(dir string) {
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	check(err)
	for _, line := range strings.Split(strings.TrimSpace(string(index)), "\n") {
		name, _, _ := strings.Cut(line, " ")
		data, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		check(err)
		derived(name, data)
	}
}

// derived writes truncations and mutations of one golden vector.
// handMade3 writes cases for the rules the spec states for Godot 3.
func handMade3() {
	for name, b := range utf8Cases {
		emit("utf8_string_"+name, cat(u32(4), str(b)))
		emit("utf8_pool_string_"+name, cat(u32(23, 1), str(b)))
		emit("utf8_nodepath_"+name, cat(u32(15, 0x80000001, 0, 0), str(b)))
	}
	emit("type_27", u32(27, 0))
	emit("type_255", u32(255))
	emit("bool_2", u32(1, 2))
	emit("int_flag64_small", u32(2|1<<16, 5, 0))
	emit("vector2_flag64_ignored", u32(5|1<<16, 0x3f800000, 0x40000000))
	emit("array_typed_bits_ignored", u32(19|1<<16, 0))
	emit("array_shared_bit", u32(19, 0x80000001, 0))
	emit("dict_shared_bit", u32(18, 0x80000000))
	emit("rid_no_payload", u32(16))
	emit("rid_then_word", u32(16, 7))
	emit("object_id", u32(17|1<<16, 5, 0))
	emit("object_full_null", u32(17, 0))
	emit("object_full_reference", cat(u32(17), str([]byte("Reference")), u32(0)))
	emit("object_full_unknown_class", cat(u32(17), str([]byte("NoSuchClass")), u32(0)))
	emit("object_full_count_negative", cat(u32(17), str([]byte("Reference")), u32(0xffffffff)))
	emit("nodepath_old_form", cat(u32(15), str([]byte("a"))))
	emit("nodepath_property_flag", cat(u32(15, 0x80000001, 0, 2), str([]byte("a")), str([]byte("b"))))
	emit("nodepath_garbage_padding", cat(u32(15, 0x80000001, 0, 0, 1), []byte{'a', 9, 9, 9}))
	emit("pool_byte_no_padding", cat(u32(20, 1), []byte{7}))
	emit("pool_byte_negative", u32(20, 0x80000000))
	emit("pool_int_negative", u32(21, 0xffffffff))
	emit("pool_string_negative", u32(23, 0xffffffff))
	emit("pool_string_no_nul", cat(u32(23, 1), str([]byte("ab"))))
	emit("pool_vector2_flag64_ignored", u32(24|1<<16, 1, 0x3f800000, 0x40000000))
	emit("string_negative", u32(4, 0x80000000))
	for _, depth := range []int{1024, 1025} {
		arrays, dicts := []byte{}, []byte{}
		for range depth {
			arrays = append(arrays, u32(19, 1)...)
			dicts = append(dicts, u32(18, 1, 0)...)
		}
		emit(fmt.Sprintf("depth_%d_arrays_int", depth), cat(arrays, u32(2, 7)))
		emit(fmt.Sprintf("depth_%d_dict_values", depth), cat(dicts, u32(2, 7)))
	}
}

// verdicts reads judge3.gd's log and prints "NAME PLAIN OBJECTS HEX" for each
// candidate: the bytes the engine used, or 0 where it failed.
func verdicts(candidatesPath, logPath string) {
	type key struct {
		name    string
		objects bool
	}
	size := map[key]int{}
	logFile, err := os.Open(logPath)
	check(err)
	defer logFile.Close()
	sc := bufio.NewScanner(logFile)
	sc.Buffer(nil, 1<<20)
	var pending *key
	var pendingK int
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 4 && (f[0] == "TRY" || f[0] == "SIZE"):
			k := key{f[1], f[2] == "True"}
			n, err := strconv.Atoi(f[3])
			check(err)
			if f[0] == "SIZE" {
				size[k] = n
				pending = nil
				continue
			}
			pending, pendingK = &k, n
		case len(f) == 1 && f[0] == "DONE" && pending != nil:
			if old, ok := size[*pending]; !ok || pendingK < old {
				size[*pending] = pendingK
			}
			pending = nil
		}
	}
	check(sc.Err())
	cands, err := os.ReadFile(candidatesPath)
	check(err)
	for _, line := range strings.Split(strings.TrimSpace(string(cands)), "\n") {
		name, hexData, _ := strings.Cut(line, " ")
		fmt.Fprintf(w, "%s %d %d %s\n", name, size[key{name, false}], size[key{name, true}], hexData)
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func derived(name string, data []byte) {
	n := len(data)
	if n <= 256 {
		for cut := 0; cut < n; cut++ {
			if cut%4 == 0 || cut > n-4 {
				emit(fmt.Sprintf("%s.trunc%d", name, cut), data[:cut])
			}
		}
	} else {
		cuts := []int{1, 4, 8, 12, 16, 64}
		if n <= 4096 {
			cuts = append(cuts, n/2, n-4, n-1)
		}
		for _, cut := range cuts {
			emit(fmt.Sprintf("%s.trunc%d", name, cut), data[:cut])
		}
	}
	if n > 512 {
		return
	}
	mut := func(tag string, at int, word uint32) {
		if at+4 > n {
			return
		}
		b := append([]byte(nil), data...)
		binary.LittleEndian.PutUint32(b[at:], word)
		emit(name+"."+tag, b)
	}
	hdr := binary.LittleEndian.Uint32(data)
	mut("type39", 0, hdr&^0xff|39)
	mut("type255", 0, hdr|0xff)
	mut("hdrbits8_15", 0, hdr|0x7f00)
	mut("hdrbits20_31", 0, hdr|0xfff00000)
	mut("hdrflag16", 0, hdr^1<<16)
	mut("hdrflag17", 0, hdr^1<<17)
	// The word after the header is a length or count for most types.
	for _, v := range []uint32{0x7fffffff, 0x80000000, 0xffffffff, 0x80000001, 0x40000000} {
		mut(fmt.Sprintf("word1_%08x", v), 4, v)
	}
	if n >= 8 {
		w1 := binary.LittleEndian.Uint32(data[4:])
		mut("word1_plus1", 4, w1+1)
		mut("word1_plus4", 4, w1+4)
		mut("word1_minus1", 4, w1-1)
	}
	// Garbage after the value: the engine ignores it.
	emit(name+".trailing", cat(data, u32(0xdeadbeef)))
}

// utf8Cases are strings at the edges of what each engine's UTF-8 parser
// accepts.
var utf8Cases = map[string][]byte{
	"ascii": {'a', 'b'}, "nul_mid": {'a', 0, 'b'}, "nul_then_invalid": {'a', 0, 0xff},
	"invalid_ff": {'a', 0xff}, "surrogate": {0xed, 0xa0, 0x80}, "overlong2": {0xc0, 0x80},
	"overlong3": {0xe0, 0x80, 0x80}, "above_10ffff": {0xf4, 0x90, 0x80, 0x80},
	"max_10ffff": {0xf4, 0x8f, 0xbf, 0xbf}, "truncated_seq": {0xe2, 0x82},
	"lone_continuation": {0x80}, "five_byte": {0xf8, 0x88, 0x80, 0x80, 0x80},
	"bom": {0xef, 0xbb, 0xbf, 'a'}, "nonchar_ffff": {0xef, 0xbf, 0xbf},
	"f5": {0xf5, 0x80, 0x80, 0x80}, "crlf": {'a', '\r', '\n'},
	"e0_80_bf": {0xe0, 0x80, 0xbf}, "e0_81_80": {0xe0, 0x81, 0x80}, "f0_80_80_80": {0xf0, 0x80, 0x80, 0x80},
	"f0_80_90_80": {0xf0, 0x80, 0x90, 0x80}, "f8_80x4": {0xf8, 0x80, 0x80, 0x80, 0x80},
	"fc_x6": {0xfc, 0x84, 0x80, 0x80, 0x80, 0x80}, "fc_80x5": {0xfc, 0x80, 0x80, 0x80, 0x80, 0x80},
	"fe": {0xfe}, "c1_bf": {0xc1, 0xbf}, "c2_41": {0xc2, 0x41}, "c2_nul": {0xc2, 0}, "bom_ff": {0xef, 0xbb, 0xbf, 0xff},
}

// handMade writes cases for the rules the spec states for Godot 4, one by
// one.
func handMade() {
	s := func(b ...byte) []byte { return cat(u32(4), str(b)) }
	for name, b := range utf8Cases {
		emit("utf8_string_"+name, s(b...))
		emit("utf8_stringname_"+name, cat(u32(21), str(b)))
		emit("utf8_packed_string_"+name, cat(u32(34, 1), str(b)))
		emit("utf8_nodepath_"+name, cat(u32(22, 0x80000001, 0, 0), str(b)))
		emit("utf8_signal_"+name, cat(u32(26), str(b), u32(1, 0)))
		emit("utf8_typed_class_"+name, cat(u32(28|2<<16), str(b), u32(0)))
	}
	emit("string_garbage_padding", cat(u32(4, 1), []byte{'a', 9, 9, 9}))
	emit("string_no_padding", cat(u32(4, 1), []byte{'a'}))
	emit("string_negative", u32(4, 0x80000000))
	emit("bool_2", u32(1, 2))
	emit("bool_ffffffff", u32(1, 0xffffffff))
	emit("nil_flag64", u32(0|1<<16))
	emit("callable_flags", u32(25|0xffff0000))
	emit("type_38_vector4_array", u32(38, 0))
	emit("type_39", u32(39, 0))
	emit("type_65535", u32(0xffff))
	emit("vector2i_flag64", u32(6|1<<16, 1, 2))
	emit("color_flag64", u32(20|1<<16, 0, 0, 0, 0))
	emit("int_flag64_truncated", u32(2|1<<16, 5))
	emit("float_flag64_nan_payload", u32(3|1<<16, 1, 0x7ff00000))
	emit("float32_signaling_nan", u32(3, 0x7f800001))
	emit("array_shared_bit", u32(28, 0x80000001, 0))
	emit("array_count_huge", u32(28, 0x40000001, 0))
	emit("array_flag_bits_18_19", u32(28|3<<18, 0))
	emit("array_typed_builtin_38", u32(28|1<<16, 38, 0))
	emit("array_typed_builtin_39", u32(28|1<<16, 39, 0))
	emit("array_typed_builtin_99", u32(28|1<<16, 99, 0))
	emit("array_typed_mismatch", cat(u32(28|1<<16, 2, 1), s('x')))
	emit("array_typed_class_empty", u32(28|2<<16, 0, 0))
	emit("array_typed_script_missing", cat(u32(28|3<<16), str([]byte("res://missing.gd")), u32(0)))
	emit("array_typed_class_negative", u32(28|2<<16, 0xffffffff, 0))
	emit("dict_shared_bit", u32(27, 0x80000000))
	emit("dict_flag_bits_20_23", u32(27|0xf<<20, 0))
	emit("dict_typed_builtin_39", u32(27|1<<16, 39, 0))
	emit("dict_typed_value_builtin_99", u32(27|1<<18, 99, 0))
	emit("dict_key_only_typed", u32(27|1<<16, 2, 0))
	emit("dict_missing_value", cat(u32(27, 1), s('k')))
	emit("dict_duplicate_keys", cat(u32(27, 2), s('k'), u32(2, 1), s('k'), u32(2, 2)))
	emit("nodepath_old_form", cat(u32(22), str([]byte("a"))))
	emit("nodepath_empty", u32(22, 0x80000000, 0, 0))
	emit("nodepath_absolute_empty", u32(22, 0x80000000, 0, 1))
	emit("nodepath_property_flag", cat(u32(22, 0x80000001, 0, 2), str([]byte("a")), str([]byte("b"))))
	emit("nodepath_flags_ignored", cat(u32(22, 0x80000001, 0, 0xfffffffd), str([]byte("a"))))
	emit("nodepath_names_negative", u32(22, 0xc0000001, 0, 0))
	emit("nodepath_subnames_negative", u32(22, 0x80000000, 0x80000000, 0))
	emit("nodepath_subnames_minus1_property", cat(u32(22, 0x80000001, 0xffffffff, 2), str([]byte("a"))))
	emit("nodepath_garbage_padding", cat(u32(22, 0x80000001, 0, 0, 1), []byte{'a', 9, 9, 9}))
	emit("nodepath_name_negative", u32(22, 0x80000001, 0, 0, 0xffffffff))
	rc := str([]byte("RefCounted"))
	emit("object_full_null", u32(24, 0))
	emit("object_full_refcounted", cat(u32(24), rc, u32(0)))
	emit("object_full_unknown_class", cat(u32(24), str([]byte("NoSuchClass")), u32(0)))
	emit("object_full_unknown_property", cat(u32(24), rc, u32(1), str([]byte("x")), u32(2, 5)))
	emit("object_full_count_negative", cat(u32(24), rc, u32(0xffffffff)))
	emit("object_full_count_huge", cat(u32(24), rc, u32(0x7fffffff)))
	emit("object_full_property_name_invalid", cat(u32(24), rc, u32(1), str([]byte{0xff}), u32(0)))
	emit("object_id_zero", u32(24|1<<16, 0, 0))
	emit("object_id_flags", u32(24|0xff<<16, 1, 0))
	emit("packed_byte_no_padding", cat(u32(29, 1), []byte{7}))
	emit("packed_byte_partial_padding", cat(u32(29, 1), []byte{7, 0}))
	emit("packed_byte_garbage_padding", cat(u32(29, 1), []byte{7, 1, 2, 3}))
	emit("packed_byte_negative", u32(29, 0x80000000))
	emit("packed_byte_then_value", cat(u32(28, 2, 29, 1), []byte{7}))
	emit("packed_int32_negative", u32(30, 0xffffffff))
	emit("packed_int64_count_huge", u32(31, 0x10000000))
	emit("packed_string_negative", u32(34, 0xffffffff))
	emit("packed_string_min", u32(34, 0x80000000))
	emit("packed_string_element_negative", u32(34, 1, 0xffffffff))
	emit("packed_string_no_nul", cat(u32(34, 1), str([]byte("ab"))))
	emit("packed_string_no_padding", cat(u32(34, 1, 1), []byte{'a'}))
	emit("packed_vector2_flag64", cat(u32(35|1<<16, 1, 0, 0x3ff00000, 0, 0x40000000)))
	emit("signal_object_missing", cat(u32(26), str([]byte("s"))))
	emit("rid_short", u32(23, 1))
	for _, depth := range []int{1024, 1025} {
		arrays, dicts, keys := []byte{}, []byte{}, []byte{}
		for range depth {
			arrays = append(arrays, u32(28, 1)...)
			dicts = append(dicts, u32(27, 1, 0)...)
			keys = append(keys, u32(27, 1)...)
		}
		emit(fmt.Sprintf("depth_%d_arrays_int", depth), cat(arrays, u32(2, 7)))
		emit(fmt.Sprintf("depth_%d_arrays_last_empty", depth), cat(arrays[:len(arrays)-4], u32(0)))
		emit(fmt.Sprintf("depth_%d_dict_values", depth), cat(dicts, u32(2, 7)))
		keyNest := cat(keys, u32(0))
		for range depth {
			keyNest = append(keyNest, u32(0)...)
		}
		emit(fmt.Sprintf("depth_%d_dict_keys", depth), keyNest)
		obj := cat(arrays[:len(arrays)-8], u32(24), rc, u32(1), str([]byte("p")), u32(0))
		emit(fmt.Sprintf("depth_%d_object_property", depth), obj)
	}
}
