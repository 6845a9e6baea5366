package gdvar

import (
	"bufio"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// engineVerdict is how a real engine judged one input: the bytes its decoder
// used without and with full objects allowed, 0 where it failed.
type engineVerdict struct {
	name           string
	plain, objects int
	data           []byte
}

func loadVerdicts(t *testing.T, path string) []engineVerdict {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []engineVerdict
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		v := engineVerdict{name: fields[0]}
		v.plain, err = strconv.Atoi(fields[1])
		require.NoError(t, err)
		v.objects, err = strconv.Atoi(fields[2])
		require.NoError(t, err)
		if len(fields) > 3 {
			v.data, err = hex.DecodeString(fields[3])
			require.NoError(t, err)
		}
		out = append(out, v)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

// ourVerdict decodes the first value of data as the engine's
// decode_var_size does: the bytes used, or 0 and the error.
func ourVerdict(data []byte, opts ...Option) (int, error) {
	dec := MustCodec(opts...).NewDecoderBytes(data)
	if err := dec.SkipValue(); err != nil {
		return 0, err
	}
	return int(dec.InputOffset()), nil
}

// resolvedByEngine lists inputs that Godot refuses, with full objects
// allowed, because of what its class database or file system says, not
// because of the bytes: a class that does not exist, or a typed container
// whose script cannot be loaded. A wire codec accepts them.
var resolvedByEngine = map[string]string{
	"object_full_unknown_class":               "no class NoSuchClass",
	"array_typed_script_missing":              "res://missing.gd does not exist",
	"array_typed_int.hdrflag17":               "element kind 3 (script) with an int where the path is",
	"array_typed_class.hdrflag16":             "element kind 3 (script) with a class name as path",
	"array_typed_script_objects.word1_minus1": "script path one byte short",
	"array_typed_class_objects.hdrflag16":     "element kind 3 (script) with a class name as path",
	"object_full_refcounted.word1_minus1":     "class name one byte short: RefCounte",
	"object_full_meta.word1_minus1":           "class name one byte short: Objec",
	"object_full_nested.word1_minus1":         "class name one byte short: Objec",
}

// verdictSets are the engines' verdict files, the engine table each is
// checked with, and the inputs where gdvar knowingly differs from that
// engine, with why.
var verdictSets = []struct {
	path    string
	engine  Engine
	differs map[string]string // by input name; applies with objects allowed unless noted
}{
	{"testdata/malformed/godot4.txt", Godot4, resolvedByEngine},
	{"testdata/malformed/godot3.6.txt", Godot3, resolvedByEngine},
	{"testdata/malformed/godot3.2.txt", Godot3, godot32Differs},
}

// godot32Differs adds what Godot 3.2 accepts and gdvar refuses: 3.2 had no
// recursion limit, and gdvar applies 3.6's (and 4's) 1024 to all versions.
var godot32Differs = func() map[string]string {
	m := map[string]string{
		"depth_1025_arrays_int":  "3.2 has no depth limit",
		"depth_1025_dict_values": "3.2 has no depth limit",
	}
	for k, v := range resolvedByEngine {
		m[k] = v
	}
	return m
}()

// TestMalformedMatchesEngine compares gdvar's verdict on every judged input
// with the engine's: failure or success, and the bytes used.
func TestMalformedMatchesEngine(t *testing.T) {
	for _, set := range verdictSets {
		t.Run(filepath.Base(set.path), func(t *testing.T) {
			matchVerdicts(t, set.path, set.engine, set.differs)
		})
	}
}

func matchVerdicts(t *testing.T, path string, engine Engine, differs map[string]string) {
	verdicts := loadVerdicts(t, path)
	var failing int
	for _, v := range verdicts {
		for _, objects := range []bool{false, true} {
			want := v.plain
			if objects {
				want = v.objects
			}
			if why := differs[v.name]; why != "" && (objects || strings.HasPrefix(why, "3.2")) {
				continue
			}
			// Godot reports a byte array's padding as used even where the
			// input ends before it (see readPackedEnd); the value itself is
			// accepted, which is what matters.
			want = min(want, len(v.data))
			got, err := ourVerdict(v.data, AllowObjects(objects), WithEngine(engine))
			if !assert.Equal(t, want, got, "%s (objects %v): engine used %d bytes, we used %d: %v", v.name, objects, want, got, err) {
				continue
			}
			if err != nil && len(v.data) == 0 {
				assert.Equal(t, io.EOF, err, "empty input has no value")
			} else if err != nil {
				failing++
				var se *DecodeError
				require.True(t, errors.As(err, &se), "%s: %T is not a *DecodeError", v.name, err)
				assert.NotNil(t, se.Reason, v.name)
				assert.True(t, se.Offset >= 0 && se.Offset <= int64(len(v.data)), "%s: offset %d", v.name, se.Offset)
			}
		}
	}
	t.Logf("%d inputs, %d verdicts agree, %d of them failures", len(verdicts), 2*len(verdicts), failing)
}

// Malformed inputs fail with the error kind, and at the path, that fit
// them, in every engine version.
func TestMalformedErrorKinds(t *testing.T) {
	inputs := map[string]map[string][]byte{}
	for _, file := range []string{"godot4", "godot3.6"} {
		inputs[file] = map[string][]byte{}
		for _, v := range loadVerdicts(t, "testdata/malformed/"+file+".txt") {
			inputs[file][v.name] = v.data
		}
	}
	tests := []struct {
		file, name string
		kind       error
		path       string
	}{
		{"godot4", "string_a.trunc8", ErrTruncated, "$"},
		{"godot4", "array_mixed.trunc20", ErrTruncated, "$[1]"},
		{"godot4", "dict_simple.trunc24", ErrTruncated, `$["a"]`},
		{"godot4", "dict_simple.trunc28", ErrTruncated, `${#1}`},
		{"godot4", "type_39", ErrInvalidType, "$"},
		{"godot4", "array_typed_builtin_39", ErrInvalidType, "$"},
		{"godot4", "string_negative", ErrInvalidLength, "$"},
		{"godot4", "packed_int32_negative", ErrInvalidLength, "$"},
		{"godot4", "packed_string_element_negative", ErrInvalidLength, "$[0]"},
		{"godot4", "utf8_string_surrogate", ErrInvalidUTF8, "$"},
		{"godot4", "utf8_packed_string_invalid_ff", ErrInvalidUTF8, "$[0]"},
		{"godot4", "utf8_nodepath_overlong2", ErrInvalidUTF8, "$"},
		{"godot4", "nodepath_old_form", ErrInvalidValue, "$"},
		{"godot4", "object_full_refcounted", ErrObjectsNotAllowed, "$"},
		{"godot4", "object_full_null", ErrObjectsNotAllowed, "$"},
		{"godot4", "depth_1025_arrays_int", ErrTooDeep, "$" + strings.Repeat("[0]", 1025)},
		{"godot4", "array_count_huge", ErrLimit, "$"},
		{"godot3.6", "string_a.trunc8", ErrTruncated, "$"},
		{"godot3.6", "pool_real.trunc16", ErrTruncated, "$[0]"},
		{"godot3.6", "dict_simple.trunc24", ErrTruncated, `$["a"]`},
		{"godot3.6", "type_27", ErrInvalidType, "$"},
		{"godot3.6", "type_255", ErrInvalidType, "$"},
		{"godot3.6", "array_mixed.type39", ErrInvalidType, "$"},
		{"godot3.6", "string_negative", ErrInvalidLength, "$"},
		{"godot3.6", "pool_int_negative", ErrInvalidLength, "$"},
		{"godot3.6", "pool_byte_negative", ErrInvalidLength, "$"},
		{"godot3.6", "utf8_string_invalid_ff", ErrInvalidUTF8, "$"},
		{"godot3.6", "utf8_pool_string_c2_41", ErrInvalidUTF8, "$[0]"},
		{"godot3.6", "nodepath_old_form", ErrInvalidValue, "$"},
		{"godot3.6", "object_full_reference", ErrObjectsNotAllowed, "$"},
		{"godot3.6", "depth_1025_arrays_int", ErrTooDeep, "$" + strings.Repeat("[0]", 1025)},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.name, func(t *testing.T) {
			data, ok := inputs[tt.file][tt.name]
			require.True(t, ok, "no such input")
			engine := Godot4
			if tt.file != "godot4" {
				engine = Godot3
			}
			_, err := ourVerdict(data, WithEngine(engine))
			require.ErrorIs(t, err, tt.kind)
			var se *DecodeError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tt.path, se.Path)
			if tt.kind == ErrTruncated {
				assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
			}
		})
	}
}
