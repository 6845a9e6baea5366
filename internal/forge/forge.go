// Package forge holds what a client may send that no game's client
// should, kept out of package multiplayer's API: the audit's forged
// spawn. Package multiplayer sets it as it loads; package audit calls it.
// It imports nothing of the module, so that both may import it.
package forge

// SendSpawn sends the server a spawn, by spawner (a
// *multiplayer.Spawner), of a node of the spawnable scene scenePath,
// named name, with state as multiplayer's Spawner.Spawn takes it, as a
// client that is not the spawner's authority would. Set by package
// multiplayer; see its sendspawn.go for what it sends and refuses.
var SendSpawn func(spawner any, scenePath, name string, state map[string]any) error

// SendPath sends the server, from client m (a *multiplayer.Multiplayer),
// the multiplayer root's path with a cache id no call uses, and returns
// a channel closed when the server confirms it. Godot's server confirms a
// path as it reads it, reliably on channel 0, an RPC's default: once the
// channel is closed, all the server sent the client that way before it
// read the path has come. Set by package multiplayer; see its sendpath.go.
var SendPath func(m any) (<-chan struct{}, error)
