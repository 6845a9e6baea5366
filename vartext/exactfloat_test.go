package vartext

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "TestLiveStrtod: keep its cases in testdata/text/strtod4.txt (scripts/gen-text.sh)")

// A float sample's kind: how it was drawn.
const (
	anyBits  = iota // any finite, non-zero 64 bits
	moderate        // between 1e-20 and 1e20 in size, either sign
	godot3          // what Godot 3 reads of the six digits it prints
	single          // exactly a 32-bit float, held as a 64-bit one
	kinds
)

// floatSamples draws n floats of every kind in turn.
func floatSamples(seed uint64, n int) []float64 {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]float64, 0, n)
	for len(out) < n {
		var v float64
		switch len(out) % kinds {
		case anyBits:
			v = math.Float64frombits(r.Uint64())
		case moderate:
			v = math.Pow(10, r.Float64()*40-20) * (r.Float64() + 0.1)
		case godot3:
			v = godotStrtod(fmt.Sprintf("%.5fe%d", 1+9*r.Float64(), r.IntN(84)-45))
		case single:
			v = float64(math.Float32frombits(r.Uint32()))
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v == 0 {
			continue
		}
		if r.IntN(2) == 0 {
			v = -v
		}
		out = append(out, v)
	}
	return out
}

// exactText is how WithExactFloats prints v as a float Variant.
func exactText(v float64) string {
	c := config{dialect: Godot4, exactFloats: true}
	return string(c.appendFloat(nil, v))
}

// TestExactFloats checks WithExactFloats against Godot's parser as gdvar
// models it (TestStrtodGolden checks the model against the engine): every
// float Godot 3 prints is read back, and nearly every other.
func TestExactFloats(t *testing.T) {
	const n = 40000
	var plainOff, missed [kinds]int
	for i, v := range floatSamples(1, n) {
		plain := string(appendGodot4Float(nil, v))
		text := exactText(v)
		if godotStrtod(plain) != v {
			plainOff[i%kinds]++
		}
		if i%kinds == single {
			assert.True(t, readsAs([]byte(plain), v, false), "%s as a math type's component", plain)
		}
		if godotStrtod(text) != v {
			assert.Equal(t, plain, text, "a float no digits reach is printed as var_to_str prints it")
			missed[i%kinds]++
		} else if godotStrtod(plain) == v {
			assert.Equal(t, plain, text, "the engine's own digits are kept when they read back")
		}
	}
	t.Logf("by kind, of %d each: read otherwise as var_to_str prints them %v, with WithExactFloats %v", n/kinds, plainOff, missed)
	assert.Zero(t, missed[godot3], "floats read from Godot 3's text")
	for k, m := range missed {
		assert.Less(t, m, n/kinds/20, "kind %d: at most 5%% not reached", k)
		assert.Less(t, 5*m, plainOff[k], "kind %d: five times fewer than as var_to_str prints them", k)
	}
}

// TestExactFloatsOption checks the option reaches the printer everywhere a
// 64-bit float is printed, and only in the Godot 4 dialect.
func TestExactFloatsOption(t *testing.T) {
	v := godotStrtod("-5.75179e+32") // a float Godot 3 read; Godot 4 prints it in digits it reads otherwise
	require.NotEqual(t, v, godotStrtod(string(appendGodot4Float(nil, v))))
	cases := []struct {
		name  string
		value any
		opts  []Option
		want  string
	}{
		{"float", v, nil, "-5.7517900000000004e+32"},
		{"float exact", v, []Option{WithExactFloats(true)}, "-5.75179e+32"},
		{"packed exact", []float64{v}, []Option{WithExactFloats(true)}, "PackedFloat64Array(-5.75179e+32)"},
		{"in a Dictionary key", map[float64]int{v: 1}, []Option{WithExactFloats(true)}, "{\n-5.75179e+32: 1\n}"},
		{"turned off", v, []Option{WithExactFloats(true), WithExactFloats(false)}, "-5.7517900000000004e+32"},
		{"Godot 3", v, []Option{WithExactFloats(true), WithDialect(Godot3)}, "-5.75179e+32"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Marshal(c.value, c.opts...)
			require.NoError(t, err)
			assert.Equal(t, c.want, string(got))
		})
	}
}

// strtodCase is a line of testdata/text/strtod4.txt: a float, how gdvar
// printed it ("plain" as var_to_str, "exact" with WithExactFloats) and the
// bytes Godot 4 reads from that text.
type strtodCase struct {
	value  float64
	mode   string
	text   string
	engine []byte
}

// writeStrtodInput writes the lines scripts/text/strtod4.gd reads: each
// sample printed both ways.
func writeStrtodInput(t *testing.T, path string, samples []float64) {
	var b strings.Builder
	for _, v := range samples {
		bits := strconv.FormatUint(math.Float64bits(v), 16)
		fmt.Fprintf(&b, "%s plain %s\n%s exact %s\n", bits, appendGodot4Float(nil, v), bits, exactText(v))
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

func readStrtodCases(t *testing.T, path string) []strtodCase {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var cases []strtodCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Fields(sc.Text())
		require.Len(t, parts, 4, sc.Text())
		bits, err := strconv.ParseUint(parts[0], 16, 64)
		require.NoError(t, err)
		engine, err := hex.DecodeString(parts[3])
		require.NoError(t, err)
		cases = append(cases, strtodCase{math.Float64frombits(bits), parts[1], parts[2], engine})
	}
	require.NoError(t, sc.Err())
	return cases
}

// checkStrtod checks what Godot 4 read of each text: what godotStrtod
// reads, and the float itself for the exact texts godotStrtod reads so.
func checkStrtod(t *testing.T, cases []strtodCase) {
	require.NotEmpty(t, cases)
	var plainOff, exactOff int
	for _, c := range cases {
		var read float64
		switch { // var_to_bytes writes a float that is exactly a 32-bit one in 32 bits
		case len(c.engine) == 12 && c.engine[0] == 3 && c.engine[2] == 1:
			read = math.Float64frombits(binary.LittleEndian.Uint64(c.engine[4:]))
		case len(c.engine) == 8 && c.engine[0] == 3 && c.engine[2] == 0:
			read = float64(math.Float32frombits(binary.LittleEndian.Uint32(c.engine[4:])))
		default:
			t.Fatalf("Godot 4 reads %s as no float: %x", c.text, c.engine)
		}
		if !assert.Equal(t, math.Float64bits(godotStrtod(c.text)), math.Float64bits(read), "Godot 4 reads %s", c.text) {
			continue
		}
		switch {
		case read == c.value:
		case c.mode == "plain":
			plainOff++
		default:
			exactOff++
		}
	}
	t.Logf("%d floats: Godot 4 reads %d as var_to_str prints them otherwise, %d with WithExactFloats", len(cases)/2, plainOff, exactOff)
	assert.Less(t, 5*exactOff, plainOff, "five times fewer read otherwise")
}

// TestStrtodGolden checks godotStrtod, and WithExactFloats' digits, against
// what Godot 4.6 read of them (TestLiveStrtod -update).
func TestStrtodGolden(t *testing.T) {
	checkStrtod(t, readStrtodCases(t, golden.Path("text", "strtod4.txt")))
}

// TestLiveStrtod has Godot 4.6 read new random floats, as var_to_str and
// WithExactFloats print them.
func TestLiveStrtod(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	seed := godot.Seed(t, "GDVAR_STRTOD_SEED")
	count := 4000
	out := filepath.Join(t.TempDir(), "out.txt")
	if *update {
		seed, count = 1, 1000
		var err error
		out, err = filepath.Abs(golden.Path("text", "strtod4.txt"))
		require.NoError(t, err)
	}
	in := filepath.Join(t.TempDir(), "in.txt")
	writeStrtodInput(t, in, floatSamples(uint64(seed), count))
	printed := godot.RunScript(t, engine, "scripts/text/strtod4.gd", in, out)
	require.Equal(t, fmt.Sprintf("%d numbers", 2*count), godot.Line(t, printed, "read "))
	checkStrtod(t, readStrtodCases(t, out))
}

// BenchmarkExactFloats prints random floats of each kind as var_to_str
// does and with WithExactFloats, whose search costs most on floats no
// digits reach.
func BenchmarkExactFloats(b *testing.B) {
	samples := floatSamples(2, 4096)
	unreached := make([]float64, 0, 64)
	for _, v := range samples {
		if godotStrtod(exactText(v)) != v && len(unreached) < cap(unreached) {
			unreached = append(unreached, v)
		}
	}
	for _, bc := range []struct {
		name   string
		exact  bool
		values []float64
	}{
		{"plain", false, samples},
		{"exact", true, samples},
		{"exact/unreached", true, unreached},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c := config{dialect: Godot4, exactFloats: bc.exact}
			buf := make([]byte, 0, 64)
			b.ReportAllocs()
			for i := range b.N {
				buf = c.appendFloat(buf[:0], bc.values[i%len(bc.values)])
			}
		})
	}
}

// FuzzExactFloats checks WithExactFloats on any 64 bits: the text reads
// back through the parser, as v where godotStrtod reads it so; the engine's
// digits are kept when they read back, and given when nothing does; a
// math type's 32-bit component always reads back.
func FuzzExactFloats(f *testing.F) {
	for _, v := range floatSamples(3, 64) {
		f.Add(math.Float64bits(v))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		v := math.Float64frombits(bits)
		if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return
		}
		plain := string(appendGodot4Float(nil, v))
		text := exactText(v)
		var got float64
		require.NoError(t, Unmarshal([]byte(text), &got), text)
		require.Equal(t, math.Float64bits(godotStrtod(text)), math.Float64bits(got), "%s through the parser", text)
		if got != v || godotStrtod(plain) == v {
			require.Equal(t, plain, text, "%x", bits)
		}
		if s := float32(v); !math.IsInf(float64(s), 0) && s != 0 {
			c := config{dialect: Godot4, exactFloats: true}
			require.True(t, readsAs(c.appendGodot4Float(nil, float64(s), false), float64(s), false), "%v as a component", s)
		}
	})
}
