package enet

// A peer's queues are slices taken from the front. A burst (a thousand
// announcements to a new client, a large packet's fragments) grows one
// far past its usual length; these keep an idle peer from holding that
// array once the burst is gone, and let a busy one reuse a small array.

// keptQueue is the capacity up to which an emptied queue keeps its array.
const keptQueue = 16

// emptied returns q with no elements: its array if small, else none.
func emptied[T any](q []T) []T {
	if cap(q) > keptQueue {
		return nil
	}
	return q[:0]
}

// dropFront returns q without its first n elements, which it clears.
func dropFront[T any](q []T, n int) []T {
	clear(q[:n])
	if n == len(q) {
		return emptied(q)
	}
	return q[n:]
}
