package debugger

import (
	"fmt"
	"time"

	"github.com/gdvar/gdvar/netsim"
)

// The links of a replay file: a link step names its link (Link), made
// once by a Link step before its Net and Step steps.

// ReplayFaults are a direction's conditions in a replay file, as
// [netsim.Faults] has them: durations in Go's form ("150ms"), chances
// from 0 to 1.
type ReplayFaults struct {
	Delay        string  `json:"delay,omitempty"`
	Jitter       string  `json:"jitter,omitempty"`
	Loss         float64 `json:"loss,omitempty"`
	Duplicate    float64 `json:"duplicate,omitempty"`
	Reorder      float64 `json:"reorder,omitempty"`
	ReorderDelay string  `json:"reorder_delay,omitempty"`
	Rate         int     `json:"rate,omitempty"`
	Cut          bool    `json:"cut,omitempty"`
}

// maxReplayDelay bounds a duration of a replay's link: a link holds what
// it delays, and a minute is past any network's.
const maxReplayDelay = time.Minute

// replayFaults are a direction's conditions for a replay file.
func replayFaults(f netsim.Faults) *ReplayFaults {
	d := func(d time.Duration) string {
		if d == 0 {
			return ""
		}
		return d.String()
	}
	return &ReplayFaults{Delay: d(f.Delay), Jitter: d(f.Jitter), Loss: f.Loss, Duplicate: f.Duplicate,
		Reorder: f.Reorder, ReorderDelay: d(f.ReorderDelay), Rate: f.Rate, Cut: f.Cut}
}

// faults are the conditions a replay file gives, checked.
func (rf *ReplayFaults) faults() (netsim.Faults, error) {
	f := netsim.Faults{Loss: rf.Loss, Duplicate: rf.Duplicate, Reorder: rf.Reorder, Rate: rf.Rate, Cut: rf.Cut}
	for _, d := range []struct {
		name, text string
		to         *time.Duration
	}{{"delay", rf.Delay, &f.Delay}, {"jitter", rf.Jitter, &f.Jitter}, {"reorder_delay", rf.ReorderDelay, &f.ReorderDelay}} {
		if d.text == "" {
			continue
		}
		v, err := time.ParseDuration(d.text)
		if err != nil || v < 0 || v > maxReplayDelay {
			return f, fmt.Errorf("%s %q: want a duration from 0 to 1m, such as 150ms", d.name, cutText(d.text))
		}
		*d.to = v
	}
	for _, p := range []struct {
		name string
		v    float64
	}{{"loss", f.Loss}, {"duplicate", f.Duplicate}, {"reorder", f.Reorder}} {
		if !(p.v >= 0 && p.v <= 1) {
			return f, fmt.Errorf("%s %v: want a chance from 0 to 1", p.name, p.v)
		}
	}
	if f.Rate < 0 {
		return f, fmt.Errorf("rate %d: want bytes a second, 0 (no bound) or more", f.Rate)
	}
	return f, nil
}

// readLinkStep checks a link's step against the links so far, which it
// updates.
func readLinkStep(st *ReplayStep, links map[string]*replayGame) error {
	if st.Link == "" || len(st.Link) > maxGameName || st.Game != "" {
		return fmt.Errorf("link %q: want a name of 1 to %d bytes, and no game", cutText(st.Link), maxGameName)
	}
	l := links[st.Link]
	switch st.Op {
	case OpLink:
		switch {
		case l != nil:
			return fmt.Errorf("link %s made again", cutText(st.Link))
		case len(links) == MaxReplayLinks:
			return fmt.Errorf("over the limit of %d links", MaxReplayLinks)
		case st.Network != "udp" && st.Network != "tcp":
			return fmt.Errorf("link network %q: want udp or tcp", cutText(st.Network))
		case st.FPS <= 0 || st.FPS > 1000:
			return fmt.Errorf("link fps %d: want the games' --fixed-fps, 1 to 1000", st.FPS)
		case st.Frame != 0:
			return fmt.Errorf("link made at frame %d: want 0", st.Frame)
		}
		if err := needs(*st, st.Server, "server", st.Listen, "listen"); err != nil {
			return err
		}
		links[st.Link] = &replayGame{}
		return nil
	case OpNet:
		if st.Dir != "up" && st.Dir != "down" {
			return fmt.Errorf("net dir %q: want up or down", cutText(st.Dir))
		}
		if st.Faults == nil {
			return fmt.Errorf("net without its faults")
		}
		if _, err := st.Faults.faults(); err != nil {
			return fmt.Errorf("net: %w", err)
		}
	}
	// A link's steps come a frame after another, as a Recorder writes
	// them: nothing runs a link but its Step.
	if l != nil && st.Frame != l.now {
		return fmt.Errorf("frame %d of link %s: it is at frame %d", st.Frame, cutText(st.Link), l.now)
	}
	return stepFrames("link", "made", st, l)
}

// playLinkStep plays a link's step: makes it, sets its conditions, or
// steps it (at the frame recorded, which ReadReplay checked).
func playLinkStep(links map[string]*Link, st ReplayStep) error {
	if st.Op == OpLink {
		l, err := NewLink(LinkSpec{Network: st.Network, Server: st.Server, Listen: st.Listen, FPS: int(st.FPS), Seed: st.Seed})
		if err != nil {
			return fmt.Errorf("making the link again, listening on %s as recorded: %w", cutText(st.Listen), err)
		}
		links[st.Link] = l
		return nil
	}
	l := links[st.Link]
	if l == nil {
		return fmt.Errorf("link %s: not made before", cutText(st.Link))
	}
	switch st.Op {
	case OpNet:
		f, err := st.Faults.faults()
		if err != nil {
			return err
		}
		dir := netsim.Up
		if st.Dir == "down" {
			dir = netsim.Down
		}
		return l.SetFaults(dir, f)
	case OpStep:
		return l.Step(int(st.Frames))
	}
	return fmt.Errorf("op %q: not one of a link's", cutText(string(st.Op)))
}
