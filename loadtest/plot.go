package loadtest

import (
	"fmt"
	"io"
	"strings"
)

// The plot's layout in pixels.
const (
	plotW, plotH     = 640, 300
	plotX, plotY     = 70, 50
	legendAt         = plotX + plotW + 20
	figureW, figureH = legendAt + 170, plotY + plotH + 50
)

// WritePlot writes the run as an SVG: over time, the syncs received a
// second against those promised, and the calls received, on one axis;
// the bots connected on their own, at the right. Equal reports give
// equal bytes.
func (r *Report) WritePlot(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", figureW, figureH)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", figureW, figureH)
	fmt.Fprintf(&b, `<text id="title" x="%d" y="24" font-size="16">gdvar load: received a second, and bots connected</text>`+"\n", plotX)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>`+"\n", plotX, plotY, plotW, plotH)
	tMax, rateMax, botsMax := 1.0, 1.0, 1.0
	for _, s := range r.seconds {
		tMax = max(tMax, s.At.Seconds())
		rateMax = max(rateMax, s.Syncs, s.Promised, s.Calls)
		botsMax = max(botsMax, float64(s.Connected))
	}
	x := func(t float64) float64 { return plotX + t/tMax*plotW }
	y := func(v, top float64) float64 { return plotY + plotH - v/top*plotH }
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">seconds (0–%.0f)</text>`+"\n", plotX+plotW/2, plotY+plotH+20, tMax)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%.0f/s</text>`+"\n", plotX-5, plotY+4, rateMax)
	fmt.Fprintf(&b, `<text x="%d" y="%d">%.0f bots</text>`+"\n", plotX+plotW+5, plotY+4, botsMax)
	lines := []struct {
		name, colour, dash string
		v                  func(snapshot) float64
		top                float64
	}{
		{"syncs received", "#1f77b4", "", func(s snapshot) float64 { return s.Syncs }, rateMax},
		{"syncs promised", "#1f77b4", ` stroke-dasharray="6 4"`, func(s snapshot) float64 { return s.Promised }, rateMax},
		{"calls received", "#d62728", "", func(s snapshot) float64 { return s.Calls }, rateMax},
		{"bots connected", "#2ca02c", ` stroke-dasharray="2 3"`, func(s snapshot) float64 { return float64(s.Connected) }, botsMax},
	}
	for i, l := range lines {
		var pts []string
		for _, s := range r.seconds {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(s.At.Seconds()), y(l.v(s), l.top)))
		}
		fmt.Fprintf(&b, `<polyline data-series="%s" points="%s" fill="none" stroke="%s" stroke-width="2"%s/>`+"\n",
			l.name, strings.Join(pts, " "), l.colour, l.dash)
		ly := plotY + 10 + 20*i
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>`+"\n", legendAt, ly, legendAt+30, ly, l.colour, l.dash)
		fmt.Fprintf(&b, `<text x="%d" y="%d" dominant-baseline="middle">%s</text>`+"\n", legendAt+38, ly, l.name)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
