// Package netsim is a link between games and their server, on the
// loopback interface or beyond. A Proxy is a UDP one (ENet's): it
// forwards datagrams both ways and injects seeded faults in each
// direction (loss, duplication, reordering, delay with jitter, a rate in
// bytes a second, a cut), and can make a client vanish to test timeouts.
// A StreamLink is a TCP one (WebSocket's): its streams wait their delay,
// jitter and rate, in order, and a cut holds them. The enet tests' bad
// link and gdvar debug's links between stepped games are its.
//
// Each client gets its own upstream socket, so the server sees one peer per
// client. Counters per direction give the traffic a test caused, and an
// optional tap sees every datagram. The fault decisions come from one seeded
// generator per direction, drawn in the order datagrams arrive: the same
// seed and the same arrivals give the same faults.
//
// A link runs on the wall clock, or, with Options.FPS, a frame at a time:
// Step reads what the games sent meanwhile and lets out what is due, so
// that games stepped in lockstep (package debugger's Advance) see the same
// datagrams at the same frames on every run.
package netsim
