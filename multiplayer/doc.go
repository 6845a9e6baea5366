// Package multiplayer speaks Godot 4's high-level multiplayer
// (SceneMultiplayer: @rpc methods, send_bytes, peer ids and relay) over
// WebSocketMultiplayerPeer, the transport of every export including the
// web, and over ENetMultiplayerPeer, the engine's default
// (ListenAndServeENet, ServeENet, ConnectENet, with package enet). A Go
// program can be the server Godot clients connect to (a dedicated server,
// a matchmaker) or a client of a Godot server (a bot, a load tester),
// without running the engine.
//
// Declare the nodes of the game's scene tree whose RPCs the program takes
// part in, with the methods their scripts declare with @rpc (the engine
// numbers methods by their place in the sorted list of names, so both
// sides must declare the same ones), give handlers to the methods the
// program serves, and serve:
//
//	m, err := multiplayer.New() // options: WithMaxPeers(8), WithCodec(codec), …
//	main := m.Node("/root/Main", // @rpc("any_peer", "call_remote", "reliable") func echo…
//		multiplayer.Method{Name: "echo", Mode: mode.AnyPeer, Transfer: mode.Reliable},
//		multiplayer.Method{Name: "echo_reply", Transfer: mode.Reliable})
//	main.Handle("echo", func(c *multiplayer.Call, a, b, d any) error {
//		return c.Reply("echo_reply", a, b, d)
//	})
//	err = m.ListenAndServe(ctx, "127.0.0.1:8910")
//
// Arguments are decoded with gdvar.Unmarshal into the handler's parameter
// types and encoded with gdvar.Marshal (the Codec of WithCodec's, if
// given: gdvar's settings, such as gdvar.AllowObjects, go in a Codec,
// never among this package's options), so every Variant type travels, in
// the compressed form the engine uses for remote calls (AppendArg,
// ReadArg). Calls to the game go through Node.Call; raw packets through
// SendBytes and OnPacket.
//
// What goes over the wire is the engine's, checked against Godot 4.6 (see
// docs/multiplayer.md): the server's first message gives a client its id;
// nodes are named by path, then by a cache id once the peer confirms it;
// the server announces peers to each other and relays between clients.
// Every peer is bounded (WithMaxPacketSize, WithRateLimit, WithSendQueue,
// WithWriteTimeout, WithIdleTimeout, WithReadTimeout, WithMaxPeers): a
// peer that sends garbage has its packets dropped and reported to OnError;
// one over its rate is read from no faster, losing nothing; one that does
// not read, falls silent or sends a packet a byte at a time is
// disconnected, and OnError says why (ErrDisconnected); the others are
// served on. Method declares what @rpc says (mode, call_local, transfer
// mode, channel) and rpc_config methods; WithServerRelay(false) is
// server_relay = false. OnAuth, SendAuth and CompleteAuth are the
// engine's authentication.
//
// Replication is SceneReplicationInterface's: declare each
// MultiplayerSpawner of the game (Spawner) with the scenes it spawns and
// their MultiplayerSynchronizers' replication configs, and the scenes'
// own spawners (SceneSpawner), which each spawned node holds
// (Object.SpawnerAt) and takes with it when despawned. A server spawns
// (Spawner.Spawn), sets properties (Object.Set) and hands nodes to their
// peers (Object.SetAuthority); it takes in the state of the nodes peers
// own, so that a late joiner gets each node where it stands, and it hides
// nodes by visibility filters, relays included. A client receives spawns
// (Spawner.OnSpawn), syncs (OnSync) and despawns, and syncs the nodes it
// owns; it takes at most a spawner's Limit of its server's nodes, or
// DefaultSpawnLimit, so that a server cannot make it hold without bound.
//
// # Concurrency
//
// Every function and method of the package may be called from any
// goroutine, concurrently with each other and with the goroutines that
// serve the peers and replicate: each part of a Multiplayer (its
// transport and peers, its authentication, its remote calls, its
// replication) guards its state with a lock of its own, and none is held
// while the game's code runs (go test -race checks it,
// TestConcurrentAPI). The exception is said where it applies: a Call's
// arguments (Arg, Decode) are the handler's, during the call. Handlers
// and callbacks run on the goroutine of the connection a packet came on,
// one at a time per connection, and may call any method, Close included;
// over ENet, a packet that comes while its connection's goroutine waits
// is handled by the ENet host's reading goroutine instead, in the same
// order, sparing a hand-off between threads (see enet.Peer.Serve): a
// handler that runs longer than the host's tick (5 ms) holds the other
// peers' packets up, for two ticks at most. A visibility filter runs on
// the goroutine that asks (a spawn, a peer that joins, UpdateVisibility,
// the replication's tick), perhaps on several at once, and may call any
// method too. Declare nodes and spawners (Node, Spawner, Synchronized, or
// package fromproject) and set OnAuth before serving or connecting:
// declared later, they are safe, but a peer that named a node before it
// was declared was told it is unknown.
package multiplayer
