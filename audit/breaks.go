package audit

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/gdvar/gdvar/debugger"
)

// A call may leave the server in a state it fails on every frame (an
// index it reads in _process, a NaN in its physics): the call's own
// outcome shows nothing, and every later call meets a server that stops
// at an error each frame. An error that is no call's, first seen after
// a call, is watched for once with no call in flight: if it comes again
// on its own, that call is blamed.

// maxStrays bounds the errors followed: a server that fails in ever
// new ways costs the audit no more.
const maxStrays = 256

// stray is an error the server printed that was no call's.
type stray struct {
	by   *sentCall // the call after which it was first seen; nil, before any
	e    debugger.Error
	done bool // judged
}

// sentCall is a call the attacker sent, and to what.
type sentCall struct {
	t target
	c call
}

// noteStrays follows the script errors of errs, the server's since the
// last call was sent, that the last call's handler did not raise.
func (a *auditor) noteStrays(errs []debugger.Error) {
	if a.strays == nil {
		a.strays = map[string]*stray{}
	}
	for _, e := range errs {
		if len(e.Stack) == 0 || e.Warning {
			continue
		}
		if a.last != nil && slices.ContainsFunc(e.Stack, func(f debugger.Frame) bool { return f.Func == a.last.t.rpc.Name }) {
			continue
		}
		sign := errorSign(e)
		if a.strays[sign] == nil && len(a.strays) < maxStrays {
			a.strays[sign] = &stray{by: a.last, e: e}
		}
	}
}

// brokeServer judges the errors first seen since it last did: one that
// the server then prints on its own, with no call in flight, is the
// finding of the call after which it was first seen. The audit goes on
// against that server, as its players would: starting it again would
// lose what the calls so far made (the players a call added).
func (a *auditor) brokeServer(ctx context.Context) {
	for _, sign := range slices.Sorted(maps.Keys(a.strays)) {
		s := a.strays[sign]
		if s.done || s.by == nil {
			continue
		}
		s.done = true
		alone := a.ongoingErrors(ctx)[sign]
		if alone < 2 {
			continue // an earlier call's function resumed, or one a call makes each time
		}
		top := s.e.Stack[0]
		a.addAt(findingKey{KeepsFailing, s.by.t.endpoint.node, s.by.t.rpc.Name, "", s.by.t.script}, top.File, int(top.Line), attackText(s.by.c),
			fmt.Sprintf("after it, the server failed at %s:%d on its own, %d times in %s with no call in flight: %s",
				top.File, top.Line, alone, ongoingWindow, oneLine(s.e.Text(), 200)))
	}
}
