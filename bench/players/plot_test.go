package main

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// svgFigure is what the test reads back of a plot.
type svgFigure struct {
	Title  string `xml:"text"`
	Groups []struct {
		ID        string `xml:"id,attr"`
		Polylines []struct {
			Series string `xml:"data-series,attr"`
			Points string `xml:"points,attr"`
		} `xml:"polyline"`
		Texts []string `xml:"text"`
	} `xml:"g"`
}

// sweepCSV writes, as a sweep would, runs given as server, transport, N
// and the server's CPU, all at 30 Hz for 10 s, half the syncs delivered
// at N=8.
func sweepCSV(t *testing.T, runs []string) string {
	var results []result
	for _, r := range runs {
		f := strings.Fields(r)
		n, err := strconv.Atoi(f[2])
		require.NoError(t, err)
		cpu, err := time.ParseDuration(f[3])
		require.NoError(t, err)
		sent := int64(n * 300)
		expected := sent * int64(n-1)
		delivered := expected
		if n == 8 {
			delivered /= 2
		}
		tr, err := multiplayer.ParseTransport(f[1])
		require.NoError(t, err)
		results = append(results, result{runSpec: runSpec{server: f[0], transport: tr, mode: modeSync, n: n, matches: 1, hz: 30},
			sent: sent, expected: expected, delivered: delivered, serverCPU: cpu, elapsed: 10 * time.Second})
	}
	var b bytes.Buffer
	require.NoError(t, writeCSV(&b, results))
	return b.String()
}

// plot plots a CSV, and reads the SVG back.
func plot(t *testing.T, csv string) ([]byte, svgFigure) {
	sw, err := readSweep(strings.NewReader(csv))
	require.NoError(t, err)
	var svg bytes.Buffer
	require.NoError(t, writePlot(&svg, sw))
	var fig svgFigure
	require.NoError(t, xml.Unmarshal(svg.Bytes(), &fig), "the SVG is XML")
	return svg.Bytes(), fig
}

func TestPlotDrawsALineASeries(t *testing.T) {
	csv := sweepCSV(t, []string{"go ws 8 4s", "go ws 2 1s", "godot ws 2 2s", "go ws 4 2s", "godot ws 4 3s", "go enet 4 1s"})
	svg, fig := plot(t, csv)
	assert.Equal(t, "players per core: mode sync, 30 Hz", fig.Title)
	want := map[string]int{"go ws": 3, "godot ws": 2, "go enet": 1}
	require.Len(t, fig.Groups, 3)
	for _, g := range fig.Groups[:2] {
		assert.Contains(t, []string{"cpu", "delivered"}, g.ID)
		lines := map[string]int{}
		for _, p := range g.Polylines {
			xs := []float64{}
			for _, xy := range strings.Fields(p.Points) {
				x, _, ok := strings.Cut(xy, ",")
				require.True(t, ok, xy)
				v, err := strconv.ParseFloat(x, 64)
				require.NoError(t, err)
				xs = append(xs, v)
			}
			assert.IsIncreasing(t, xs, "%s %s: by N", g.ID, p.Series)
			lines[p.Series] = len(xs)
		}
		assert.Equal(t, want, lines, g.ID)
	}
	assert.Equal(t, "legend", fig.Groups[2].ID)
	assert.Equal(t, []string{"go ws", "godot ws", "go enet"}, fig.Groups[2].Texts)

	again, _ := plot(t, csv)
	assert.Equal(t, svg, again, "the same CSV, the same bytes")
}

func TestPlotTitleAndLegendNameEachMode(t *testing.T) {
	csv := "server,transport,mode,n,hz,delivered_pct,server_ms_per_tick\n" +
		"go,ws,sync,2,30,100,1\ngo,ws,rpc,2,60,99.5,2\n"
	_, fig := plot(t, csv)
	assert.Equal(t, "players per core: mode sync, rpc, 30, 60 Hz", fig.Title)
	assert.Equal(t, []string{"go ws sync", "go ws rpc"}, fig.Groups[2].Texts)
}

func TestReadSweepRejects(t *testing.T) {
	for _, tc := range []struct{ name, csv, err string }{
		{"no runs", "server,transport,mode,n,hz,delivered_pct,server_ms_per_tick\n", "no runs"},
		{"a column missing", "server,transport,mode,n,hz,delivered_pct\ngo,ws,sync,2,30,100\n", `no column "server_ms_per_tick"`},
		{"not a number", "server,transport,mode,n,hz,delivered_pct,server_ms_per_tick\ngo,ws,sync,2,30,NaN,1\n", "delivered_pct"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readSweep(strings.NewReader(tc.csv))
			assert.ErrorContains(t, err, tc.err)
		})
	}
}
