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
// transport and mode, and the modes and rates of the runs for its title.
type sweep struct {
	series []series // in the order of their first run
	modes  []string
	hz     []string
}

// A series is the runs of one server, transport and mode, by N.
type series struct {
	server, transport, mode string
	points                  []point
}

// A point is the figures of a run that the plot shows.
type point struct {
	n, msPerTick, deliveredPct float64
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
	for _, name := range []string{"server", "transport", "mode", "n", "hz", "delivered_pct", "server_ms_per_tick"} {
		if _, ok := col[name]; !ok {
			return sweep{}, fmt.Errorf("the CSV has no column %q", name)
		}
	}
	var sw sweep
	index := map[[3]string]int{}
	for _, row := range rows[1:] { // csv.Reader checks each row has the header's fields
		var p point
		for _, f := range []struct {
			name string
			v    *float64
		}{{"n", &p.n}, {"server_ms_per_tick", &p.msPerTick}, {"delivered_pct", &p.deliveredPct}} {
			*f.v, err = strconv.ParseFloat(row[col[f.name]], 64)
			if err != nil || math.IsNaN(*f.v) || math.IsInf(*f.v, 0) {
				return sweep{}, fmt.Errorf("the CSV's %s %q: not a number", f.name, row[col[f.name]])
			}
		}
		key := [3]string{row[col["server"]], row[col["transport"]], row[col["mode"]]}
		i, ok := index[key]
		if !ok {
			i = len(sw.series)
			index[key] = i
			sw.series = append(sw.series, series{server: key[0], transport: key[1], mode: key[2]})
		}
		sw.series[i].points = append(sw.series[i].points, p)
		sw.modes = appendNew(sw.modes, key[2])
		sw.hz = appendNew(sw.hz, row[col["hz"]])
	}
	for _, s := range sw.series {
		slices.SortStableFunc(s.points, func(a, b point) int { return cmp.Compare(a.n, b.n) })
	}
	return sw, nil
}

// label names a series in the legend, its mode only if the sweep has
// more than one.
func (sw sweep) label(s series) string {
	if len(sw.modes) > 1 {
		return s.server + " " + s.transport + " " + s.mode
	}
	return s.server + " " + s.transport
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
