package debugger

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gdvar/gdvar/vartext"
	"github.com/go-json-experiment/json"
)

// A replay file is JSON lines: a header, {"gdvar_replay": 1}, then a
// ReplayStep a line, in the order the sessions did them (see
// docs/debugger.md, "Recording and replaying"). A Recorder writes one,
// ReadReplay reads one, and Replay.Play plays it.

// ReplayVersion is the version of the replay files this package writes
// and reads: the header's gdvar_replay.
const ReplayVersion = 1

// The bounds of a replay file, which is hostile input like every file
// gdvar reads: ReadReplay refuses a file beyond them, and a Recorder stops
// writing at them.
const (
	MaxReplayBytes  = 16 << 20 // the file
	MaxReplayLine   = 1 << 20  // a line, the newline included
	MaxReplaySteps  = 1 << 17  // the steps
	MaxReplayGames  = 8        // the games launched
	MaxReplayLinks  = 8        // the links made
	MaxReplayFrames = 1 << 24  // the frames a game runs from its first
)

// maxGameName bounds a game's name in a replay file.
const maxGameName = 64

// ErrBadReplay is a file ReadReplay does not read: not a replay file, of
// another version, malformed, or beyond a bound. The error is a
// *ReplayError, which says at which line and why.
var ErrBadReplay = errors.New("debugger: not a replay file gdvar reads")

// ReplayError is where a replay file is bad, and why (at most a few
// hundred bytes, whatever the file holds). It matches [ErrBadReplay].
type ReplayError struct {
	Line int // from 1; 0 for the file as a whole
	Why  string
}

func (e *ReplayError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%v: %s", ErrBadReplay, e.Why)
	}
	return fmt.Sprintf("%v: line %d: %s", ErrBadReplay, e.Line, e.Why)
}

// Is matches [ErrBadReplay].
func (e *ReplayError) Is(target error) bool { return target == ErrBadReplay }

// ReplayOp is what a [ReplayStep] does.
type ReplayOp string

// The steps of a replay file. Launch starts a game; Advance runs it
// frames; the input ops send the helper's message of that name, the
// Session's input methods' (a key, the mouse, an action, text); Pause
// sets its tree's pause; Set, Call and Evaluate change it; Get and
// Screenshot read what the session was asked to watch, which a replay
// compares, as it compares what Call and Evaluate returned. Link makes a
// link between a client and its server ([Link]), Net sets its conditions
// a way, Step runs it frames: those name their link, not a game.
const (
	OpLaunch      ReplayOp = "launch"       // Seed, FPS (0: not known), Engine ("4.6"); Frame is its first
	OpAdvance     ReplayOp = "advance"      // Frames
	OpKey         ReplayOp = "key"          // Data: the helper's message data, in Godot's text form
	OpMouseMotion ReplayOp = "mouse_motion" // Data
	OpMouseButton ReplayOp = "mouse_button" // Data
	OpMouseWheel  ReplayOp = "mouse_wheel"  // Data
	OpAction      ReplayOp = "action"       // Data
	OpText        ReplayOp = "text"         // Data
	OpPause       ReplayOp = "pause"        // Value: true or false, get_tree().paused
	OpSet         ReplayOp = "set"          // Path, Property, Value: what was set
	OpCall        ReplayOp = "call"         // Path, Method, Args, Value: what it returned
	OpEvaluate    ReplayOp = "evaluate"     // Expression, Value: its value
	OpGet         ReplayOp = "get"          // Path, Property, Value: what it was
	OpScreenshot  ReplayOp = "screenshot"   // Path (a node's viewport; "" for the root's), SHA256 of its PNG
	OpLink        ReplayOp = "link"         // Network, Server, Listen, FPS, Seed; Frame 0
	OpNet         ReplayOp = "net"          // Dir (up, down), Faults: all of the direction's
	OpStep        ReplayOp = "step"         // Frames
)

// ReplayStep is a line of a replay file: what a game (by its name in the
// file) did or showed at a frame, or what a link did (by its name, Link;
// its Frame the frames it had run). Frame is the frame the game was held at
// (an input sent then is felt in the next frame; Advance starts there);
// values are in Godot's text form, as var_to_str prints them, and a
// Value "" is none. Op says which of the other fields count.
type ReplayStep struct {
	Line       int           `json:"-"` // its line in the file, from 1, as ReadReplay read it
	Frame      int64         `json:"frame"`
	Game       string        `json:"game,omitempty"`
	Link       string        `json:"link,omitempty"`
	Op         ReplayOp      `json:"op"`
	Seed       int64         `json:"seed,omitempty"`
	FPS        int64         `json:"fps,omitempty"`
	Engine     string        `json:"engine,omitempty"`
	Frames     int64         `json:"frames,omitempty"`
	Data       string        `json:"data,omitempty"`
	Path       string        `json:"path,omitempty"`
	Property   string        `json:"property,omitempty"`
	Method     string        `json:"method,omitempty"`
	Args       []string      `json:"args,omitempty"`
	Expression string        `json:"expression,omitempty"`
	Value      string        `json:"value,omitempty"`
	SHA256     string        `json:"sha256,omitempty"`
	Network    string        `json:"network,omitempty"`
	Server     string        `json:"server,omitempty"`
	Listen     string        `json:"listen,omitempty"`
	Dir        string        `json:"dir,omitempty"`
	Faults     *ReplayFaults `json:"faults,omitempty"`
}

// Replay is a replay file's steps, in order.
type Replay struct {
	Steps []ReplayStep
}

// replayHeader is a replay file's first line.
type replayHeader struct {
	Version *int `json:"gdvar_replay"`
}

// ReadReplay reads a replay file, and checks every step before anything
// is played: a game launched once before its steps, at most
// [MaxReplayGames]; its frames never going back, and at most
// [MaxReplayFrames] from its first; each step's fields as its op wants
// them, values that parse as Godot's text. A file that is not one, or is
// beyond a bound ([MaxReplayBytes], [MaxReplayLine], [MaxReplaySteps]), is
// a *ReplayError ([ErrBadReplay]). Blank lines are skipped.
func ReadReplay(r io.Reader) (*Replay, error) {
	in := &countingReader{r: io.LimitReader(r, MaxReplayBytes+1)}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), MaxReplayLine)
	rp := &Replay{}
	seen := replaySeen{games: map[string]*replayGame{}, links: map[string]*replayGame{}}
	line, header := 0, false
	for sc.Scan() {
		line++
		if in.n > MaxReplayBytes {
			return nil, &ReplayError{Why: fmt.Sprintf("over the %d MiB limit of a file", MaxReplayBytes>>20)}
		}
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if !header {
			if err := readHeader(b); err != nil {
				return nil, &ReplayError{Line: line, Why: err.Error()}
			}
			header = true
			continue
		}
		if len(rp.Steps) == MaxReplaySteps {
			return nil, &ReplayError{Line: line, Why: fmt.Sprintf("over the limit of %d steps", MaxReplaySteps)}
		}
		if len(rp.Steps) == cap(rp.Steps) { // doubled: append grows a long slice by a quarter, five times its size in all
			rp.Steps = slices.Grow(rp.Steps, max(len(rp.Steps), 64))
		}
		rp.Steps = append(rp.Steps, ReplayStep{Line: line}) // read in place: no step of its own to copy
		if err := readStep(b, &rp.Steps[len(rp.Steps)-1], seen); err != nil {
			return nil, &ReplayError{Line: line, Why: err.Error()}
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return nil, &ReplayError{Line: line + 1, Why: fmt.Sprintf("over the %d MiB limit of a line", MaxReplayLine>>20)}
	case err != nil:
		return nil, err
	case in.n > MaxReplayBytes:
		return nil, &ReplayError{Why: fmt.Sprintf("over the %d MiB limit of a file", MaxReplayBytes>>20)}
	case !header:
		return nil, &ReplayError{Why: `empty: no {"gdvar_replay": 1} line`}
	}
	if err := checkValues(rp.Steps); err != nil {
		return nil, err
	}
	return rp, nil
}

// stepValue is a value a step sends, in Godot's text form: a set's, a
// call's argument, an input's data (an Array).
type stepValue struct {
	line  int
	what  string
	text  string
	array bool
}

// checkValues parses every value the steps send with one Decoder over
// them all, a line each, where a parse of each would cost each the
// parser's setup: each must be one value, its line's.
func checkValues(steps []ReplayStep) error {
	var values []stepValue
	for _, st := range steps {
		switch st.Op {
		case OpKey, OpMouseMotion, OpMouseButton, OpMouseWheel, OpAction, OpText:
			values = append(values, stepValue{st.Line, string(st.Op) + " data", st.Data, true})
		case OpSet:
			values = append(values, stepValue{line: st.Line, what: "set value", text: st.Value})
		case OpCall:
			for _, a := range st.Args {
				values = append(values, stepValue{line: st.Line, what: "call argument", text: a})
			}
		}
	}
	texts := make([]string, len(values))
	for i, v := range values {
		texts[i] = v.text
	}
	dec := vartext.MustCodec().NewDecoder(strings.NewReader(strings.Join(texts, "\n")))
	var start int64
	for _, v := range values {
		var got any
		err := dec.Decode(&got)
		start += int64(len(v.text))
		switch _, isArray := got.([]any); {
		case err != nil:
			why := err.Error()
			if se, ok := errors.AsType[*vartext.SyntaxError](err); ok { // its line and column are the joined text's
				why = se.Msg
			}
			return &ReplayError{Line: v.line, Why: fmt.Sprintf("%s %q: %s", v.what, cutText(v.text), cutText(why))}
		case dec.InputOffset() != start:
			return &ReplayError{Line: v.line, Why: fmt.Sprintf("%s %q: want one value in Godot's text form", v.what, cutText(v.text))}
		case v.array && !isArray:
			return &ReplayError{Line: v.line, Why: fmt.Sprintf("%s %q: want an Array in Godot's text form", v.what, cutText(v.text))}
		}
		start++ // the line break
	}
	return nil
}

// readHeader checks a replay file's first line.
func readHeader(b []byte) error {
	var h replayHeader
	if err := strictJSON(b, &h); err != nil || h.Version == nil {
		return fmt.Errorf(`not a replay file: want {"gdvar_replay": %d} first (%s)`, ReplayVersion, shownJSON(err))
	}
	if *h.Version != ReplayVersion {
		return fmt.Errorf("version %d: this gdvar reads version %d", *h.Version, ReplayVersion)
	}
	return nil
}

// replayGame is what ReadReplay knows of a game or a link as it reads:
// its first frame, and the frame its steps have reached.
type replayGame struct {
	first, now int64
}

// replaySeen are the games and the links ReadReplay has read of, by name.
type replaySeen struct {
	games, links map[string]*replayGame
}

// readStep reads a step's line into st and checks it against the games
// and links so far, which it updates.
func readStep(b []byte, st *ReplayStep, seen replaySeen) error {
	if err := strictJSON(b, st); err != nil {
		return fmt.Errorf("not a step: %s", shownJSON(err))
	}
	if len(st.Args) == 0 { // "args": [] is no arguments, as a Recorder writes them: none
		st.Args = nil
	}
	if st.Frame < 0 {
		return fmt.Errorf("frame %d: want 0 or more", st.Frame)
	}
	if st.Op == OpLink || st.Op == OpNet || st.Op == OpStep {
		return readLinkStep(st, seen.links)
	}
	if st.Game == "" || len(st.Game) > maxGameName || st.Link != "" {
		return fmt.Errorf("game %q: want a name of 1 to %d bytes, and no link", cutText(st.Game), maxGameName)
	}
	g := seen.games[st.Game]
	if st.Op == OpLaunch {
		return launchStep(*st, g, seen.games)
	}
	if err := stepFrames("game", "launched", st, g); err != nil {
		return err
	}
	return checkFields(*st)
}

// stepFrames checks a step's frame against those of its game or link (of
// kind what, which is made) so far, which it moves on.
func stepFrames(what, made string, st *ReplayStep, g *replayGame) error {
	name := cutText(st.Game + st.Link)
	if g == nil {
		return fmt.Errorf("%s %s: not %s before", what, name, made)
	}
	if st.Frame < g.now {
		return fmt.Errorf("frame %d of %s %s: it is at frame %d already", st.Frame, what, name, g.now)
	}
	g.now = st.Frame
	if st.Op == OpAdvance || st.Op == OpStep {
		if st.Frames < 0 || st.Frames > MaxReplayFrames {
			return fmt.Errorf("%s %d frames: want 0 to %d", st.Op, st.Frames, MaxReplayFrames)
		}
		g.now += st.Frames
	}
	if g.now-g.first > MaxReplayFrames {
		return fmt.Errorf("frame %d of %s %s: over the limit of %d frames from its first", g.now, what, name, MaxReplayFrames)
	}
	return nil
}

// launchStep checks a launch and adds its game.
func launchStep(st ReplayStep, g *replayGame, games map[string]*replayGame) error {
	switch {
	case g != nil:
		return fmt.Errorf("game %s launched again", cutText(st.Game))
	case len(games) == MaxReplayGames:
		return fmt.Errorf("over the limit of %d games", MaxReplayGames)
	case st.FPS < 0:
		return fmt.Errorf("fps %d: want 0 (not known) or more", st.FPS)
	case len(st.Engine) > 16:
		return fmt.Errorf("engine %q: want a version such as 4.6", cutText(st.Engine))
	}
	games[st.Game] = &replayGame{first: st.Frame, now: st.Frame}
	return nil
}

// checkFields checks that a step has the fields its op wants, and that
// its values parse.
func checkFields(st ReplayStep) error {
	switch st.Op {
	case OpAdvance:
		return nil
	case OpKey, OpMouseMotion, OpMouseButton, OpMouseWheel, OpAction, OpText:
		return needs(st, st.Data, "data")
	case OpPause:
		if st.Value != "true" && st.Value != "false" {
			return fmt.Errorf("pause %q: want true or false", cutText(st.Value))
		}
		return nil
	case OpSet, OpGet:
		return needs(st, st.Path, "path", st.Property, "property", st.Value, "value")
	case OpCall:
		return needs(st, st.Path, "path", st.Method, "method")
	case OpEvaluate:
		return needs(st, st.Expression, "expression")
	case OpScreenshot:
		if len(st.SHA256) != 64 || !isHex(st.SHA256) {
			return fmt.Errorf("screenshot sha256 %q: want 64 hexadecimal digits", cutText(st.SHA256))
		}
		return nil
	}
	return fmt.Errorf("op %q: not one of a replay's", cutText(string(st.Op)))
}

// needs says which of a step's fields, given as value and name pairs, is
// empty.
func needs(st ReplayStep, fields ...string) error {
	for i := 0; i < len(fields); i += 2 {
		if fields[i] == "" {
			return fmt.Errorf("%s without its %s", st.Op, fields[i+1])
		}
	}
	return nil
}

// stepData returns an input step's message data.
func stepData(st ReplayStep) ([]any, error) {
	v, err := textValue(st.Data)
	data, ok := v.([]any)
	if err != nil || !ok {
		return nil, fmt.Errorf("%s data %q: want an Array in Godot's text form", st.Op, cutText(st.Data))
	}
	return data, nil
}

// textValue reads a value in Godot's text form.
func textValue(text string) (any, error) {
	var v any
	if err := vartext.Unmarshal([]byte(text), &v); err != nil {
		return nil, fmt.Errorf("value %q: %s", cutText(text), cutText(err.Error()))
	}
	return v, nil
}

// textValues reads values in Godot's text form.
func textValues(texts []string) ([]any, error) {
	vs := make([]any, 0, len(texts))
	for _, t := range texts {
		v, err := textValue(t)
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	return vs, nil
}

// strictJSON reads one JSON object into v, refusing fields v has not,
// names given twice, invalid UTF-8 and anything after it; it allocates
// little more than the values it reads.
func strictJSON(b []byte, v any) error {
	return json.Unmarshal(b, v, strict)
}

// strict is strictJSON's option, made once.
var strict = json.RejectUnknownMembers(true)

// shownJSON is a JSON error for a ReplayError: its first line, cut.
func shownJSON(err error) string {
	if err == nil {
		return "no gdvar_replay"
	}
	// The library words its errors differently from run to run; a field
	// the form has not is said in our words, with its name.
	var se *json.SemanticError
	if errors.As(err, &se) && errors.Is(se.Err, json.ErrUnknownName) {
		return fmt.Sprintf("unknown field %q", cutText(se.JSONPointer.LastToken()))
	}
	return cutText(err.Error())
}

// isHex says whether s is lowercase hexadecimal digits.
func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
