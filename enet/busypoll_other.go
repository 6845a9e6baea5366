//go:build !unix

package enet

// busyPollSupported says whether WithBusyPoll applies on this system.
const busyPollSupported = false

// busyPoller is not available here: WithBusyPoll is ignored.
type busyPoller struct{}

func newBusyPoller(*Host) *busyPoller { return nil }

func (*busyPoller) wait() bool { return false }
