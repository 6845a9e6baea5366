package audit

import (
	"fmt"
	"strings"
	"sync"

	"github.com/gdvar/gdvar/debugger"
)

// maxHeld bounds the errors an observer holds for one call: a server
// flooding errors costs the audit no more.
const maxHeld = 64

// fenceName is the node a fence calls, which the game lacks: the engine
// names it in its errors, which tell the audit that every packet sent
// before the fence has been handled.
func fenceName(n int) string { return fmt.Sprintf("GdvarAuditFence%dZ", n) }

// fenceTail are the errors the engine reports for a fence besides those
// that name it, each right after one that does: the simplify's null
// node, the call's missing node.
var fenceTail = map[string]bool{
	`Parameter "node" is null.`:                              true,
	"Invalid packet received. Requested node was not found.": true,
}

// observer gathers what the server's debugger reports between a call
// and its fence: the errors, and the fences seen; and what it reported
// in all, for the report.
type observer struct {
	mu       sync.Mutex
	errs     []debugger.Error // since the last take, at most maxHeld
	dropped  int              // errors past maxHeld since the last take
	errLog   lineLog          // the errors in all, fences' but not
	outLog   lineLog          // the lines printed in all
	tail     bool             // the last error named a fence: a fenceTail error is its
	changed  chan struct{}    // closed at each error, then made again
	fenceRun map[int]bool     // fences whose call the engine reported
}

func newObserver() *observer {
	return &observer{changed: make(chan struct{}), fenceRun: map[int]bool{}}
}

// onError is the debugger's OnError: it must not block.
func (o *observer) onError(e debugger.Error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	text := e.Text()
	if n, ok := fenceOf(text); ok {
		o.tail = true
		if strings.HasPrefix(text, "Failed to get path from RPC: ") {
			o.fenceRun[n] = true
		}
		return
	}
	if o.tail && fenceTail[text] {
		o.tail = false // one follows each error naming the fence that calls for it
		return
	}
	o.tail = false
	logged := e
	logged.Message, logged.Description = cutLine(e.Message), cutLine(e.Description) // a line, not a flood's 60 KiB
	o.errLog.add(logged.String())
	if len(o.errs) < maxHeld {
		o.errs = append(o.errs, e)
	} else {
		o.dropped++
	}
	close(o.changed)
	o.changed = make(chan struct{})
}

// onOutput is the debugger's OnOutput.
func (o *observer) onOutput(l debugger.Line) {
	o.mu.Lock()
	o.outLog.add(l.Plain())
	o.mu.Unlock()
}

// fenceOf returns the fence an error names.
func fenceOf(text string) (int, bool) {
	i := strings.Index(text, "GdvarAuditFence")
	if i < 0 {
		return 0, false
	}
	var n int
	if _, err := fmt.Sscanf(text[i:], "GdvarAuditFence%dZ", &n); err != nil {
		return 0, false
	}
	return n, true
}

// seen says whether fence n came back.
func (o *observer) seen(n int) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fenceRun[n] {
		delete(o.fenceRun, n)
		return true
	}
	return false
}

// take returns the errors since the last take, and forgets them.
func (o *observer) take() []debugger.Error {
	o.mu.Lock()
	defer o.mu.Unlock()
	errs := o.errs
	o.errs, o.dropped = nil, 0
	return errs
}

// wake returns a channel closed at the next error.
func (o *observer) wake() <-chan struct{} {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.changed
}

// report sets what the server reported in all: its errors and the
// lines it printed, counted and kept.
func (o *observer) report(s *ServerStats) {
	o.mu.Lock()
	defer o.mu.Unlock()
	s.Errors, s.ErrorLines = o.errLog.n, o.errLog.lines()
	s.Output, s.OutputLines = o.outLog.n, o.outLog.lines()
}
