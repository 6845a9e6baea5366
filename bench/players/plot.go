package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar/internal/outfile"
)

// The figure's layout in pixels: two panels side by side, the legend at
// their right.
const (
	panelW, panelH = 400, 300
	left, top      = 70, 60 // the first panel's top left corner
	gap            = 90     // between the panels
	legendX        = left + 2*panelW + gap + 40
	figW, figH     = legendX + 200, 420
)

// plotCSV plots the CSV at csvPath to an SVG at svgPath.
func plotCSV(csvPath, svgPath string) error {
	in, err := os.Open(csvPath)
	if err != nil {
		return err
	}
	defer in.Close()
	sw, err := readSweep(in)
	if err != nil {
		return fmt.Errorf("%s: %w", csvPath, err)
	}
	return outfile.Write(svgPath, func(w io.Writer) error { return writePlot(w, sw) })
}

// writePlot writes sw as an SVG: N against the server's CPU per tick, and
// against the syncs delivered, a line a series. Equal sweeps give equal
// bytes: nothing here depends on a map's order or the clock.
func writePlot(w io.Writer, sw sweep) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", figW, figH)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", figW, figH)
	title, xName := "players per core", "players (N)"
	cpuHeading, deliveredHeading := "server CPU, ms per tick", "syncs delivered, %"
	if sw.matches {
		title, xName = "matches per machine", "matches (M) of N players"
		cpuHeading, deliveredHeading = "server CPU, µs per delivered sync", "syncs delivered, % (worst match)"
	}
	fmt.Fprintf(&b, `<text id="title" x="%d" y="24" font-size="16">%s: mode %s, %s Hz</text>`+"\n",
		left, title, esc(strings.Join(sw.modes, ", ")), esc(strings.Join(sw.hz, ", ")))
	nLo, nHi := extent(sw, func(p point) float64 { return p.x })
	for i, panel := range []struct {
		id, heading string
		y           func(point) float64
	}{
		{"cpu", cpuHeading, func(p point) float64 { return p.cpu }},
		{"delivered", deliveredHeading, func(p point) float64 { return p.delivered }},
	} {
		x0 := float64(left + i*(panelW+gap))
		yLo, yHi := extent(sw, panel.y)
		if panel.id == "cpu" {
			yLo = 0 // CPU from none, so that lines compare by height
		}
		xAxis := newAxis(nLo, nHi, x0, x0+panelW)
		if sw.matches { // a tick a power of two
			xAxis.pow2, xAxis.ticks = true, nil
			for v := math.Floor(nLo); v <= math.Max(math.Ceil(nHi), math.Floor(nLo)+1); v++ {
				xAxis.ticks = append(xAxis.ticks, v)
			}
		}
		yAxis := newAxis(yLo, yHi, top+panelH, top)
		fmt.Fprintf(&b, `<g id="%s">`+"\n", panel.id)
		fmt.Fprintf(&b, `<text x="%s" y="%d" font-size="14">%s</text>`+"\n", num(x0), top-10, panel.heading)
		for _, v := range xAxis.ticks {
			x := num(xAxis.pos(v))
			fmt.Fprintf(&b, `<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="#ddd"/>`+"\n", x, top, x, top+panelH+5)
			fmt.Fprintf(&b, `<text x="%s" y="%d" text-anchor="middle">%s</text>`+"\n", x, top+panelH+19, xAxis.label(v))
		}
		for _, v := range yAxis.ticks {
			y := num(yAxis.pos(v))
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#ddd"/>`+"\n", num(x0-5), y, num(x0+panelW), y)
			fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", num(x0-8), y, yAxis.label(v))
		}
		fmt.Fprintf(&b, `<rect x="%s" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>`+"\n", num(x0), top, panelW, panelH)
		fmt.Fprintf(&b, `<text x="%s" y="%d" text-anchor="middle">%s</text>`+"\n", num(x0+panelW/2), top+panelH+38, xName)
		for _, s := range sw.series {
			var pts []string
			for _, p := range s.points {
				pts = append(pts, num(xAxis.pos(p.x))+","+num(yAxis.pos(panel.y(p))))
			}
			fmt.Fprintf(&b, `<polyline data-series="%s" points="%s" fill="none" stroke-width="2" %s/>`+"\n",
				esc(sw.label(s)), strings.Join(pts, " "), sw.stroke(s))
			for _, xy := range pts { // a run's mark, so that a lone run shows
				x, y, _ := strings.Cut(xy, ",")
				fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="3" fill="%s"/>`+"\n", x, y, sw.colour(s))
			}
		}
		b.WriteString("</g>\n")
	}
	b.WriteString(`<g id="legend">` + "\n")
	for i, s := range sw.series {
		y := top + 10 + 20*i
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke-width="2" %s/>`+"\n", legendX, y, legendX+30, y, sw.stroke(s))
		fmt.Fprintf(&b, `<text x="%d" y="%d" dominant-baseline="middle">%s</text>`+"\n", legendX+38, y, esc(sw.label(s)))
	}
	b.WriteString("</g>\n</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// stroke gives a series' line: solid for Go's server, dashed for Godot's,
// dotted for Godot's as it runs by default; in a sweep of matches, ENet's
// lines are paler than WebSocket's.
func (sw sweep) stroke(s series) string {
	attr := `stroke="` + sw.colour(s) + `"`
	if sw.matches && s.transport == "enet" {
		attr += ` stroke-opacity="0.5"`
	}
	switch s.server {
	case serverGo:
		return attr
	case serverGodot:
		return attr + ` stroke-dasharray="7 4"`
	}
	return attr + ` stroke-dasharray="2 3"`
}

// colour tells the transports (and, in a sweep of both, the modes)
// apart; in a sweep of matches, the numbers of players.
func (sw sweep) colour(s series) string {
	if sw.matches {
		if c, ok := map[string]string{"2": "#1f77b4", "4": "#2ca02c", "8": "#ff7f0e", "16": "#d62728"}[s.n]; ok {
			return c
		}
		return "#555"
	}
	if c, ok := map[string]string{"ws sync": "#1f77b4", "enet sync": "#d62728",
		"ws rpc": "#17becf", "enet rpc": "#ff7f0e"}[s.transport+" "+s.mode]; ok {
		return c
	}
	return "#555"
}

// extent gives the least and greatest of f over the sweep's runs.
func extent(sw sweep, f func(point) float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range sw.series {
		for _, p := range s.points {
			lo, hi = min(lo, f(p)), max(hi, f(p))
		}
	}
	return lo, hi
}

// An axis maps values onto pixels, from its first tick at pixel from to
// its last at pixel to.
type axis struct {
	ticks    []float64
	decimals int
	from, to float64
	pow2     bool // the values are log₂ of what the labels say
}

// newAxis spans lo to hi with about five ticks a step of 1, 2 or 5
// times a power of ten apart.
func newAxis(lo, hi, from, to float64) axis {
	if hi <= lo {
		lo = hi - 1
	}
	raw := (hi - lo) / 5
	step := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*step >= raw {
			step *= m
			break
		}
	}
	first := math.Floor(lo/step) * step
	a := axis{decimals: max(0, -int(math.Floor(math.Log10(step)))), from: from, to: to}
	for i := range int(math.Round((math.Ceil(hi/step)*step-first)/step)) + 1 {
		a.ticks = append(a.ticks, first+float64(i)*step)
	}
	return a
}

func (a axis) pos(v float64) float64 {
	lo, hi := a.ticks[0], a.ticks[len(a.ticks)-1]
	return a.from + (v-lo)/(hi-lo)*(a.to-a.from)
}

func (a axis) label(v float64) string {
	if a.pow2 {
		return strconv.FormatFloat(math.Exp2(v), 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', a.decimals, 64)
}

// num writes a pixel coordinate to a tenth.
func num(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func esc(s string) string { return html.EscapeString(s) }
