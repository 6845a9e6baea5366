// Package debugger is the editor side of Godot's remote debugger: it
// listens for a game started with --remote-debug, and drives it from Go.
//
// Every debug build of Godot (the editor binary, or a debug export) speaks
// this protocol; release exports refuse --remote-debug. The game connects
// to the listener within about 3 s of starting or never, so listen first.
//
// Three layers:
//
//   - Conn reads and writes messages: in Godot 4 one put_var frame of
//     [name, thread_id, data], in Godot 3 a frame for the name, one for the
//     count and one per value. A message is at most MaxFrame bytes a frame,
//     as the engine's own buffer; the framing is found from the first frame.
//   - Session owns a Conn: it keeps the game's output and errors (bounded),
//     tracks whether the game is stopped in the debug loop, and pairs each
//     request with its reply. The typed replies (Tree, Object, Break,
//     StackFrame, Var, Monitors) are parsed by functions that take any data
//     and never panic.
//   - The automation API on a Session: Tree, NodeByPath, Get, Set, Call,
//     WaitNode, WaitProperty, breakpoints, Stack, Evaluate, Pause, Resume,
//     Monitors. Launch starts a game and returns a Game, a Session that also
//     ends the process on Close.
//
// All of it works on a stock game with nothing added to its project.
// Input (Key, MouseMove, MouseClick, MouseWheel, Action and Text) goes
// through gdvar's input helper, InputAutoload's script, which [Launch]
// installs at run time in a Godot 4.4+ game (InstallInput), or which a
// game has as an autoload; none on Godot 3. The node it installs is
// gdvar's: Tree leaves it out ([ShowHelper]).
//
// With the helper, Call and Evaluate run from its message capture, in a
// paused scene tree too. Without it, a Call, a Get of a property the
// inspector does not list, and Evaluate need a script frame: the [Session]
// stops the game (break), steps until a GDScript line runs, evaluates an
// Expression there and continues, so the game is frozen for about two
// frames plus a few milliseconds an expression.
//
// The helper also steps the game: Advance runs it exactly n frames,
// physics included, and holds it (the helper's _process holds the main
// loop and reads the debugger's messages meanwhile), Speed lets it run at
// a multiple of real time, and Frame says which frame it is on. Started
// with --fixed-fps N, every frame has the same delta however long it was
// held, so the same input at the same frames gives the same game.
//
// HoldFromStart has Launch hold a game from its very first frame, its
// random seed set before any of its scripts runs (the engine runs a
// start script of gdvar's as its SceneTree's, nothing written into the
// project). A Recorder writes what sessions of such games do, and what
// they read, as a replay file; ReadReplay reads one and Replay.Play plays
// it on games launched afresh, comparing every value read. Lockstep runs
// several games a frame each in turn, as a host and its clients.
//
// Nothing the game sends is run: objects arrive as instance ids, and full
// objects are refused. See docs/debugger.md for the protocol as the engine
// speaks it and what works on which engine.
package debugger
