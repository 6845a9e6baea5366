// Package udpproxy is a UDP proxy for tests: it stands between clients and
// one server on the loopback interface, forwards datagrams both ways and
// injects seeded faults in each direction (loss, duplication, reordering,
// delay with jitter), and can make a client vanish to test timeouts.
//
// Each client gets its own upstream socket, so the server sees one peer per
// client. Counters per direction give the traffic a test caused, and an
// optional tap sees every datagram. The fault decisions come from one seeded
// generator per direction, drawn in the order datagrams arrive: the same
// seed and the same arrivals give the same faults.
package udpproxy
