package main

import (
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
)

// A sweep is a CSV's runs as the plot draws them: a series a server,
// transport and mode (and N, in a sweep of matches), and the modes and
// rates of the runs for its title.
type sweep struct {
	series  []series // in the order of their first run
	modes   []string
	hz      []string
	matches bool // runs of more than one match: drawn by M, not N
}

// A series is the runs of one server, transport and mode, by N; in a
// sweep of matches, of one N too, by M.
type series struct {
	server, transport, mode string
	n                       string // in a sweep of matches, else ""
	points                  []point
}

// A point is the figures of a run that the plot shows: x is N, or log₂ M
// in a sweep of matches; cpu the server's ms a tick, or µs a delivered sync
// in a sweep of matches; delivered the % of syncs delivered, of the
// match that delivered least in a sweep of matches.
type point struct {
	x, cpu, delivered float64
}

// readSweep reads a CSV as writeCSV writes it, finding its columns by
// name.
func readSweep(r io.Reader) (sweep, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return sweep{}, err
	}
	if len(rows) < 2 {
		return sweep{}, errors.New("the CSV has no runs")
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	var sw sweep
	if m, ok := col["matches"]; ok {
		sw.matches = slices.ContainsFunc(rows[1:], func(row []string) bool { return row[m] != "1" })
	}
	x, cpu, delivered := "n", "server_ms_per_tick", "delivered_pct"
	if sw.matches {
		x, cpu, delivered = "matches", "server_us_per_sync", "worst_match_pct"
	}
	for _, name := range []string{"server", "transport", "mode", "n", "hz", x, cpu, delivered} {
		if _, ok := col[name]; !ok {
			return sweep{}, fmt.Errorf("the CSV has no column %q", name)
		}
	}
	index := map[[4]string]int{}
	for _, row := range rows[1:] { // csv.Reader checks each row has the header's fields
		var p point
		for _, f := range []struct {
			name string
			v    *float64
		}{{x, &p.x}, {cpu, &p.cpu}, {delivered, &p.delivered}} {
			*f.v, err = strconv.ParseFloat(row[col[f.name]], 64)
			if err != nil || math.IsNaN(*f.v) || math.IsInf(*f.v, 0) {
				return sweep{}, fmt.Errorf("the CSV's %s %q: not a number", f.name, row[col[f.name]])
			}
		}
		if sw.matches {
			if p.x < 1 {
				return sweep{}, fmt.Errorf("the CSV's matches %q: 1 or more", row[col["matches"]])
			}
			p.x = math.Log2(p.x) // M doubles from run to run: drawn evenly
		}
		key := [4]string{row[col["server"]], row[col["transport"]], row[col["mode"]]}
		if sw.matches {
			key[3] = row[col["n"]]
		}
		i, ok := index[key]
		if !ok {
			i = len(sw.series)
			index[key] = i
			sw.series = append(sw.series, series{server: key[0], transport: key[1], mode: key[2], n: key[3]})
		}
		sw.series[i].points = append(sw.series[i].points, p)
		sw.modes = appendNew(sw.modes, key[2])
		sw.hz = appendNew(sw.hz, row[col["hz"]])
	}
	for _, s := range sw.series {
		slices.SortStableFunc(s.points, func(a, b point) int { return cmp.Compare(a.x, b.x) })
	}
	return sw, nil
}

// label names a series in the legend, its mode only if the sweep has
// more than one, its N in a sweep of matches.
func (sw sweep) label(s series) string {
	l := s.server + " " + s.transport
	if len(sw.modes) > 1 {
		l += " " + s.mode
	}
	if sw.matches {
		l += " N=" + s.n
	}
	return l
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
