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
