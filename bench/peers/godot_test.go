package peers

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// TestGodotRatios measures gdvar against Godot 4's own bytes_to_var on the
// same game-state bytes, in one run: rounds of the engine's timing script
// (scripts/bench/godot4.gd bytes_to_var: the median of seven decodes)
// alternate with five of gdvar's token decodes and five Unmarshals into
// []Player, so that both sides see the same state of the machine. Each round's ratio is
// Godot's median over gdvar's median. (internal/testrig/gamestate's live test checks
// that the engine's payload is these bytes.) Set GODOT_RATIOS=1; it needs
// Godot 4 and takes about a minute.
func TestGodotRatios(t *testing.T) {
	if os.Getenv("GODOT_RATIOS") == "" {
		t.Skip("set GODOT_RATIOS=1 to measure gdvar against Godot's bytes_to_var")
	}
	engine := godot.Require(t, godot.Godot4)
	f := fixtureFor(t)
	dec := gdvar.NewDecoderBytes(nil)
	tokens := func() {
		dec.ResetBytes(f.engine)
		for {
			_, err := dec.ReadToken()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	unmarshal := func() {
		var out []Player
		if err := gdvar.Unmarshal(f.engine, &out); err != nil {
			t.Fatal(err)
		}
	}
	tokens() // warm up: the first Unmarshal also faults in the heap
	unmarshal()
	var tokenRatios, unmarshalRatios []float64
	var b strings.Builder
	fmt.Fprintf(&b, "\n| round | bytes_to_var | tokens | ratio | Unmarshal | ratio |\n|---|---|---|---|---|---|\n")
	for round := range 5 {
		engineMS := bytesToVarMedian(t, engine)
		tok, unm := median(5, tokens), median(5, unmarshal)
		tokenRatios = append(tokenRatios, engineMS/ms(tok))
		unmarshalRatios = append(unmarshalRatios, engineMS/ms(unm))
		fmt.Fprintf(&b, "| %d | %.0f ms | %.1f ms | %.1f× | %.1f ms | %.1f× |\n", round+1,
			engineMS, ms(tok), tokenRatios[round], ms(unm), unmarshalRatios[round])
	}
	slices.Sort(tokenRatios)
	slices.Sort(unmarshalRatios)
	fmt.Fprintf(&b, "\ntoken decode: %.1f–%.1f× Godot, median %.1f×\nUnmarshal: %.1f–%.1f× Godot, median %.1f×\n",
		tokenRatios[0], tokenRatios[4], tokenRatios[2], unmarshalRatios[0], unmarshalRatios[4], unmarshalRatios[2])
	t.Log(b.String())
}

// bytesToVarMedian runs the engine's timing script once and returns the
// median it printed, in milliseconds.
func bytesToVarMedian(t *testing.T, engine string) float64 {
	out := godot.RunScript(t, engine, "scripts/bench/godot4.gd", "bytes_to_var")
	i := strings.Index(out, "bytes_to_var ms:")
	var min, med float64
	if i < 0 {
		t.Fatalf("no timing in the engine's output:\n%s", out)
	}
	if _, err := fmt.Sscanf(out[i:], "bytes_to_var ms: %g %g", &min, &med); err != nil {
		t.Fatalf("%v in %q", err, out[i:])
	}
	return med
}

// median times n runs of f and returns the median.
func median(n int, f func()) time.Duration {
	times := make([]time.Duration, n)
	for i := range times {
		start := time.Now()
		f()
		times[i] = time.Since(start)
	}
	slices.Sort(times)
	return times[n/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
