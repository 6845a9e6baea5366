package debuggertest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/childproc"
)

// NoDisplay starts the message with which Display skips a test: CI looks
// for it.
const NoDisplay = "no display for a game that renders"

// displayWait bounds the wait for Xvfb to take connections.
const displayWait = 30 * time.Second

// Display returns an X display for a game that renders, as DISPLAY takes
// it: an Xvfb server of the test's own (1280×720, 24 bits, no TCP), ended
// with the test, if Xvfb is on the PATH, else $DISPLAY. [With] neither it
// skips the test, saying what to install. Under Xvfb, with no GPU, Godot
// renders with Mesa's llvmpipe: give it --rendering-driver opengl3.
func Display(t testing.TB) string {
	t.Helper()
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		if d := os.Getenv("DISPLAY"); d != "" {
			return d
		}
		t.Skip(NoDisplay + ": install Xvfb and Mesa (Debian: apt-get install xvfb libgl1-mesa-dri), or set $DISPLAY")
	}
	display, err := startXvfb(t, xvfb)
	if err != nil {
		t.Fatalf("starting Xvfb: %v", err)
	}
	return display
}

// startXvfb starts Xvfb on a display it picks and returns that display
// once it takes connections; the server ends with the test.
func startXvfb(t testing.TB, xvfb string) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	defer r.Close()
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1280x720x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w} // its fd 3, where it writes the display's number
	out := &childproc.Output{Max: maxKept}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Second
	proc, err := childproc.Start(cmd)
	w.Close()
	if err != nil {
		return "", err
	}
	t.Cleanup(proc.Stop)
	if err := r.SetReadDeadline(time.Now().Add(displayWait)); err != nil {
		return "", err
	}
	line, err := bufio.NewReader(r).ReadString('\n')
	n, convErr := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || convErr != nil {
		return "", fmt.Errorf("no display number (%v); it printed:\n%s", err, out.String())
	}
	return ":" + strconv.Itoa(n), nil
}
