package debugger

import (
	"cmp"
	"fmt"
	"io"
	"net"
	"slices"
	"time"

	"github.com/gdvar/gdvar"
)

// The defaults of the options.
const (
	// DefaultRequestTimeout bounds the wait for each reply ([WithRequestTimeout]).
	DefaultRequestTimeout = 30 * time.Second
	// DefaultConnectTimeout bounds the wait for a launched game to connect
	// ([WithConnectTimeout]).
	DefaultConnectTimeout = time.Minute
	// DefaultMaxOutputLines and [DefaultMaxOutputBytes] bound the output a
	// [Session] keeps ([WithMaxOutput]).
	DefaultMaxOutputLines = 10_000
	DefaultMaxOutputBytes = 2 << 20
	// DefaultMaxErrors and [DefaultMaxErrorBytes] bound the errors a [Session]
	// keeps ([WithMaxErrors]).
	DefaultMaxErrors     = 1_000
	DefaultMaxErrorBytes = 2 << 20
)

// defaultLaunchListen is where Launch listens: a free port of the loopback
// interface.
const defaultLaunchListen = "127.0.0.1:0"

// An Option configures a [Session] ([Launch], [Listener.Accept], [NewSession]) or
// how Launch starts a game. These functions check their options before
// anything else, and return the error of the first invalid one, matching
// [gdvar.ErrInvalidOption] and naming it: a value out of the range its doc
// states (none is clamped), or a Launch option given to Accept or
// NewSession. The Session keeps its settings, which never change.
type Option func(*config)

// config is what the options set.
type config struct {
	// The Session's.
	onOutput                  func(Line)
	onError                   func(Error)
	onMessage                 func(Message)
	maxOutputLines, maxErrors int
	maxOutputBytes, maxErrBs  int
	requestTimeout            time.Duration

	// Launch's.
	launchOnly     string // the first Launch option given, to refuse it elsewhere
	engine         gdvar.Engine
	listen         string
	env            []string
	stdout, stderr io.Writer
	connectTimeout time.Duration
	breakOnErrors  bool
	installInput   bool
	hold           bool  // HoldFromStart
	seed           int64 // its seed

	// Set by Launch, not by options: how the game's process ended, if it
	// ends within a wait; its project's folder; whether its frames have no
	// fixed delta, and the --fixed-fps its command line gives (0 if none).
	exited     func(wait time.Duration) error
	projectDir string
	unfixed    bool // its command line has no --fixed-fps
	fps        int64

	err error // the first invalid option
}

// newConfig returns the settings opts make, or the error of the first
// invalid one; launch says whether Launch's own options are taken.
func newConfig(opts []Option, launch bool) (config, error) {
	c := config{maxOutputLines: DefaultMaxOutputLines, maxOutputBytes: DefaultMaxOutputBytes,
		maxErrors: DefaultMaxErrors, maxErrBs: DefaultMaxErrorBytes, requestTimeout: DefaultRequestTimeout,
		listen: defaultLaunchListen, connectTimeout: DefaultConnectTimeout, installInput: true}
	for _, o := range opts {
		o(&c)
	}
	if c.err == nil && !launch && c.launchOnly != "" {
		c.err = fmt.Errorf("%w: debugger.%s is an option of Launch", gdvar.ErrInvalidOption, c.launchOnly)
	}
	return c, c.err
}

// option returns the Option of this package's function name, which sets a
// setting with set if ok, and is invalid otherwise; want says what ok asks.
func option(name string, ok bool, want string, set func(*config)) Option {
	return func(c *config) {
		if !ok {
			if c.err == nil {
				c.err = fmt.Errorf("%w: debugger.%s: want %s", gdvar.ErrInvalidOption, name, want)
			}
			return
		}
		set(c)
	}
}

// launchOption is option for a setting of Launch alone.
func launchOption(name string, ok bool, want string, set func(*config)) Option {
	return option(name, ok, want, func(c *config) {
		if c.launchOnly == "" {
			c.launchOnly = name
		}
		set(c)
	})
}

// OnOutput sets a function called with each line the game prints. The
// callbacks (OnOutput, [OnError], [OnMessage]) run on the Session's reading
// goroutine, in the order the messages came: they must not block, and must
// not wait for the Session's replies.
func OnOutput(f func(Line)) Option {
	return option("OnOutput", true, "", func(c *config) { c.onOutput = f })
}

// OnError sets a function called with each error or warning the game
// reports (see [OnOutput]).
func OnError(f func(Error)) Option {
	return option("OnError", true, "", func(c *config) { c.onError = f })
}

// OnMessage sets a function called with every message the game sends, the
// output and errors included (see [OnOutput]).
func OnMessage(f func(Message)) Option {
	return option("OnMessage", true, "", func(c *config) { c.onMessage = f })
}

// WithMaxOutput bounds what [Session.Output] keeps, the oldest lines going
// first: at most lines lines and bytes bytes of text (defaults
// [DefaultMaxOutputLines] and [DefaultMaxOutputBytes]; each at least 1). A kept
// line is cut at 64 KiB.
func WithMaxOutput(lines, bytes int) Option {
	return option(fmt.Sprintf("WithMaxOutput(%d, %d)", lines, bytes), lines >= 1 && bytes >= 1, "each at least 1",
		func(c *config) { c.maxOutputLines, c.maxOutputBytes = lines, bytes })
}

// WithMaxErrors bounds what [Session.Errors] keeps, the oldest going first:
// at most errors errors and bytes bytes of their text (defaults
// [DefaultMaxErrors] and [DefaultMaxErrorBytes]; each at least 1). A kept
// string is cut at 64 KiB, a stack at 1 024 frames.
func WithMaxErrors(errors, bytes int) Option {
	return option(fmt.Sprintf("WithMaxErrors(%d, %d)", errors, bytes), errors >= 1 && bytes >= 1, "each at least 1",
		func(c *config) { c.maxErrors, c.maxErrBs = errors, bytes })
}

// WithRequestTimeout bounds the wait for each reply when the context has
// no earlier deadline (default [DefaultRequestTimeout]; more than 0).
func WithRequestTimeout(d time.Duration) Option {
	return option(fmt.Sprintf("WithRequestTimeout(%v)", d), d > 0, "more than 0", func(c *config) { c.requestTimeout = d })
}

// WithEngine says which engine [Launch] starts: [gdvar.Godot4] (the default) or
// [gdvar.Godot3], whose --remote-debug takes HOST:PORT without tcp://. An
// accepted game's engine is found from what it sends first. Launch only.
func WithEngine(e gdvar.Engine) Option {
	return launchOption(fmt.Sprintf("WithEngine(%d)", e), e == gdvar.Godot4 || e == gdvar.Godot3, "gdvar.Godot4 or gdvar.Godot3",
		func(c *config) { c.engine = e })
}

// WithListen sets the address [Launch] listens on for the game, HOST:PORT
// (default, or if "", a free port of the loopback interface). Launch only.
func WithListen(addr string) Option {
	_, _, err := net.SplitHostPort(addr)
	return launchOption(fmt.Sprintf("WithListen(%q)", cutText(addr)), addr == "" || err == nil, "HOST:PORT",
		func(c *config) { c.listen = cmp.Or(addr, defaultLaunchListen) })
}

// WithEnv sets the game's environment, as exec.Cmd's Env (default the Go
// process's). [Launch] only.
func WithEnv(env []string) Option {
	env = slices.Clone(env)
	return launchOption("WithEnv", true, "", func(c *config) { c.env = env })
}

// WithStdout and [WithStderr] set where what the game prints on its own
// goes (the [Session] gets its output too); discarded if not given, or nil.
// [Launch] only.
func WithStdout(w io.Writer) Option {
	return launchOption("WithStdout", true, "", func(c *config) { c.stdout = w })
}

// WithStderr: see [WithStdout].
func WithStderr(w io.Writer) Option {
	return launchOption("WithStderr", true, "", func(c *config) { c.stderr = w })
}

// WithConnectTimeout bounds the wait for the game to connect (default
// [DefaultConnectTimeout]; more than 0): it starts, then connects within
// about 3 s or never. [Launch] only.
func WithConnectTimeout(d time.Duration) Option {
	return launchOption(fmt.Sprintf("WithConnectTimeout(%v)", d), d > 0, "more than 0", func(c *config) { c.connectTimeout = d })
}

// BreakOnErrors, when on, keeps Godot's default of stopping the game at a
// script error. Without it [Launch] adds --ignore-error-breaks (Godot 4.5+),
// so that an error does not freeze an automated game. Launch only.
func BreakOnErrors(on bool) Option {
	return launchOption("BreakOnErrors", true, "", func(c *config) { c.breakOnErrors = on })
}

// WithInputHelper, when off, keeps [Launch] from installing the input helper
// in a Godot 4 game (default on; see [Session.InstallInput]): no node is
// added to the game. Input methods then work only in a game with the
// helper as an autoload, and Call and Evaluate stop the game for a script
// frame. Launch only.
func WithInputHelper(on bool) Option {
	return launchOption("WithInputHelper", true, "", func(c *config) { c.installInput = on })
}
