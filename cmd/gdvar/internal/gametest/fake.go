package gametest

import (
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/vartext"
)

// Fake plays a game for debugger.Launch, args being its command line: the
// test binary, whose TestMain calls Fake when GDVAR_TEST_FAKE_GAME holds
// how. A "silent" game connects to the debugger its --remote-debug names,
// sends its process id, as Godot does first, then reads what comes and
// never answers, until the connection ends; a "recording" one answers as
// recording does; a "printing" one prints as printing does, then is
// silent; an "absent" one never connects, and waits to be killed.
func Fake(how string, args []string) int {
	if how == "absent" {
		time.Sleep(time.Hour)
		return 1
	}
	var addr string
	for i, a := range args {
		if a == "--remote-debug" && i+1 < len(args) {
			addr = strings.TrimPrefix(args[i+1], "tcp://")
		}
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "silent game:", err)
		return 1
	}
	defer c.Close()
	conn := debugger.NewConn(c, gdvar.Godot4)
	if err := conn.Write("set_pid", 1, []any{int64(os.Getpid())}); err != nil {
		fmt.Fprintln(os.Stderr, how, "game:", err)
		return 1
	}
	if how == "recording" {
		recording(conn)
		return 0
	}
	if how == "printing" {
		printing(conn)
	}
	io.Copy(io.Discard, c)
	return 0
}

// printing prints 200 lines (one of 4 KiB) and reports 100 errors
// to the debugger, as a server that fails loudly does.
func printing(conn *debugger.Conn) {
	var lines []string
	var kinds []int32
	for i := range 200 {
		line := fmt.Sprintf("line %d", i)
		if i == 0 {
			line += " " + strings.Repeat("é", 2<<10)
		}
		lines, kinds = append(lines, line), append(kinds, 0)
	}
	conn.Write("output", 1, []any{lines, kinds})
	for i := range 100 {
		conn.Write("error", 1, []any{int64(0), int64(0), int64(1), int64(0), "res://main.gd", "_ready", int64(7),
			fmt.Sprintf("error %d", i), "", false, int64(0)})
	}
}

// recording answers the input autoload's messages as gdvar_input.gd
// does, taking every event, and prints each message it reads, before its
// answer, as an output line: its name and its data in Godot's text form.
// It returns when the connection ends.
func recording(conn *debugger.Conn) {
	for {
		m, err := conn.Read()
		if err != nil {
			return
		}
		data, err := vartext.Marshal(m.Data)
		if err != nil {
			data = []byte(err.Error())
		}
		if conn.Write("output", 1, []any{[]string{m.Name + " " + string(data)}, []int32{0}}) != nil {
			return
		}
		switch {
		case m.Name == "gdvar:hello":
			err = conn.Write("gdvar:hello", 1, []any{int64(1)})
		case strings.HasPrefix(m.Name, "gdvar:"):
			err = conn.Write("gdvar:done", 1, []any{""})
		}
		if err != nil {
			return
		}
	}
}
