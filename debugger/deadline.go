package debugger

import (
	"context"
	"errors"
	"io"
	"os"
	"time"
)

// writeDeadliner is a connection whose writes a deadline cuts short: a
// net.Conn.
type writeDeadliner interface {
	SetWriteDeadline(time.Time) error
}

// writeWithin writes b to w, and returns what it wrote and the context's
// error if the context ends first. Only a w with write deadlines can be
// cut short; another blocks as long as its Write does.
func writeWithin(ctx context.Context, w io.Writer, b []byte) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	d, ok := w.(writeDeadliner)
	if !ok {
		return w.Write(b)
	}
	deadline, _ := ctx.Deadline() // none if zero
	if err := d.SetWriteDeadline(deadline); err != nil {
		return 0, err
	}
	cut := make(chan struct{})
	stop := context.AfterFunc(ctx, func() { // a cancel, which no deadline foresaw
		d.SetWriteDeadline(time.Unix(1, 0)) // past: the write returns now; an error means it has
		close(cut)
	})
	n, err := w.Write(b)
	if !stop() {
		<-cut // the next write sets its own deadline after this one's
	}
	switch {
	case err != nil && ctx.Err() != nil:
		err = ctx.Err()
	case errors.Is(err, os.ErrDeadlineExceeded): // the context's deadline, a moment before its timer
		err = context.DeadlineExceeded
	}
	return n, err
}
