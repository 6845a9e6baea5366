package childproc

import (
	"os/exec"
	"sync"
)

// Process is a child process Start started: ended with its parent, and
// reaped by a goroutine of its own as soon as it ends.
type Process struct {
	cmd  *exec.Cmd
	done chan struct{}
	mu   sync.Mutex
	err  error
}

// Start starts cmd, which ends with this process (DieWithParent), and
// reaps it when it ends.
func Start(cmd *exec.Cmd) (*Process, error) {
	DieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &Process{cmd: cmd, done: make(chan struct{})}
	go func() {
		err := cmd.Wait()
		p.mu.Lock()
		p.err = err
		p.mu.Unlock()
		close(p.done)
	}()
	return p, nil
}

// Pid is the process's id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Done is closed once the process has ended and been reaped.
func (p *Process) Done() <-chan struct{} { return p.done }

// Err is what waiting for the process returned, once Done is closed.
func (p *Process) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Stop kills the process, unless it has ended, and returns once it has
// been reaped.
func (p *Process) Stop() {
	p.cmd.Process.Kill() // an error means it has ended already
	<-p.done
}
