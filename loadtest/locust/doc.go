// Package locust makes a process a worker of a Locust master (Locust 2's
// master/worker protocol, 2.12.1 and 2.46.7 tested): a Locust user is a
// bot of package loadtest, which joins a Godot game's server, plays the
// scenario and leaves; the master says how many play on each worker, and
// its web UI, CSV and HTML report show what they see, each bot event a
// request: a join, a sync by node (its state's age), an answer by method
// (its round trip), and the failures. gdvar load -locust is its command
// (docs/load.md). It speaks ZeroMQ's ZMTP 3.1 as a DEALER of its own and
// msgpack, and holds a master to the bounds of docs/limits.md.
package locust
