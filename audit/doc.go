// Package audit finds what any peer can make a Godot 4 game's server do:
// the multiplayer surface its project declares (@rpc methods, spawners,
// synchronizers), read from the project alone, and, with the server
// running under the remote debugger, what it does with hostile calls.
//
//	p, err := project.Open("game")
//	rep, err := audit.Static(p, "")                 // the project alone
//	rep, err = audit.Run(ctx, audit.Config{Project: p, Addr: "127.0.0.1:7070",
//		Godot: godot, Args: []string{"--headless", "--path", "game"}})
//	if errors.Is(err, audit.ErrCouldNotAudit) { … } // rep holds what was done
//	rep.WriteTable(os.Stdout)
//	if rep.Fails(audit.Medium) { … }
//
// Static reads each @rpc method of the scripts set on the nodes of every
// scene the game reaches (the autoloads, the main scene, what spawners
// spawn, the scenes the code loads) and of those nothing reaches, each
// listed with how (Report.Scenes), and reports untyped parameters of
// any_peer methods, any_peer methods whose body never asks
// get_remote_sender_id() (high where the body changes what other peers
// see: a synchronized property, a score, an RPC sent on),
// call_local methods any peer can call, object decoding turned on, the
// scenes nothing reaches, and what it cannot check.
//
// Run launches the server as gdvar debug does (debugger.Launch), joins
// it as two clients declared from the project (package
// multiplayer/fromproject), a victim and an attacker, over the transport
// and with the settings the project's scripts give their peer
// (Config.Net; a server set up otherwise is a MismatchError at once; one
// that takes one client is joined by the attacker alone), and sends the
// attacker's hostile calls one at a time: each any_peer method with each
// class of hostile argument, each authority method as a peer that is not
// its authority, syncs for the victim's nodes; then hostile values of the
// state the attacker owns (owned.go), marked Strings measured as the
// victim receives them (amplify.go), and the attacker leaving at each
// point of the game (lifecycle.go, a Scenario's). Each call is followed by a
// fence (a call on a node the game lacks, which the engine reports by
// name), and the call's outcome is what the debugger saw before the
// fence came back: the handler's first line hit (a breakpoint there:
// accepted), the engine's refusal (its message), a script error (its file
// and line), the server's exit (a crash, after which it is started again),
// or nothing. It sends to Config.Addr alone, at most Config.Rate calls a
// second, for Config.Duration at most, and writes nothing to the project.
package audit
