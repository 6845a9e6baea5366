//go:build !unix

package enet

// busyPoller is not available here: WithBusyPoll is ignored.
type busyPoller struct{}

func newBusyPoller(*Host) *busyPoller { return nil }

func (*busyPoller) wait() bool { return false }
