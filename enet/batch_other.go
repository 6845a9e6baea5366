//go:build !linux

package enet

// batchIO reads and writes batches of datagrams on Linux only: elsewhere a
// host reads and writes one at a time.
type batchIO struct{}

func newBatchIO(*Host) *batchIO { return nil }

func (*batchIO) read([][]byte, []arrival) (int, error) { return 0, nil }

func (*batchIO) write(*Host, outbox) {}
