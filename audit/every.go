package audit

import (
	"context"
	"time"
)

// every calls each every interval until d has passed, or ctx ended: a
// watch of the server for a while (its errors, a node's position).
func every(ctx context.Context, d, interval time.Duration, each func()) {
	end := time.NewTimer(d)
	defer end.Stop()
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-end.C:
			return
		case <-ctx.Done():
			return
		case <-tick.C:
			each()
		}
	}
}
