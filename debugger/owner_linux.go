package debugger

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// fromProcess says whether the peer of c, a connection accepted from
// loopback, is a socket that the process pid or one of its descendants
// holds open: ErrNotTheGame if not. The kernel says which socket (its
// inode) has c's addresses the other way round in /proc/net/tcp or tcp6,
// and which processes hold it in /proc/PID/fd.
func fromProcess(c net.Conn, pid int) error {
	link, err := peerSocket(c)
	if err != nil {
		return err
	}
	if holds(pid, link) {
		return nil
	}
	for _, p := range descendants(pid) {
		if holds(p, link) {
			return nil
		}
	}
	return fmt.Errorf("%w: %s", ErrNotTheGame, c.RemoteAddr())
}

// socketInode returns the inode of the TCP socket whose local address is
// local and remote address remote.
func socketInode(local, remote *net.TCPAddr) (string, error) {
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		inode, err := findSocket(table, local, remote)
		if err != nil || inode != "" {
			return inode, err
		}
	}
	return "", fmt.Errorf("%w: no socket %s → %s", ErrNotTheGame, local, remote)
}

// findSocket looks for the socket in one of the kernel's tables: a line a
// socket, "sl local_address rem_address st … uid timeout inode …".
func findSocket(table string, local, remote *net.TCPAddr) (string, error) {
	f, err := os.Open(table)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil // no IPv6
	}
	if err != nil {
		return "", fmt.Errorf("debugger: which process connected: %w", err)
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		f := strings.Fields(lines.Text())
		if len(f) > 9 && sameAddr(f[1], local) && sameAddr(f[2], remote) {
			return f[9], nil
		}
	}
	if err := lines.Err(); err != nil {
		return "", fmt.Errorf("debugger: which process connected: %w", err)
	}
	return "", nil
}

// sameAddr says whether a table's "ADDRESS:PORT" is a: the address in hex
// as 32-bit words in the machine's byte order, the port in hex.
func sameAddr(field string, a *net.TCPAddr) bool {
	ipHex, portHex, ok := strings.Cut(field, ":")
	port, err := strconv.ParseUint(portHex, 16, 16)
	if !ok || err != nil || int(port) != a.Port {
		return false
	}
	words, err := hex.DecodeString(ipHex)
	if err != nil || len(words)%4 != 0 {
		return false
	}
	ip := make(net.IP, len(words))
	for i := 0; i < len(words); i += 4 {
		binary.NativeEndian.PutUint32(ip[i:], binary.BigEndian.Uint32(words[i:]))
	}
	return ip.Equal(a.IP)
}

// holds says whether the process pid has the file link open ("socket:[N]").
func holds(pid int, link string) bool {
	dir := filepath.Join("/proc", strconv.Itoa(pid), "fd")
	fds, err := os.ReadDir(dir)
	if err != nil {
		return false // gone, or not ours to look at
	}
	for _, fd := range fds {
		if l, err := os.Readlink(filepath.Join(dir, fd.Name())); err == nil && l == link {
			return true
		}
	}
	return false
}

// descendants returns the processes descended from pid, from each
// process's parent in /proc/PID/stat: "pid (comm) state ppid …".
func descendants(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue // gone
		}
		rest := stat[strings.LastIndexByte(string(stat), ')')+1:]
		var state string
		var ppid int
		if _, err := fmt.Sscan(string(rest), &state, &ppid); err == nil {
			children[ppid] = append(children[ppid], p)
		}
	}
	var all []int
	for next := children[pid]; len(next) > 0; {
		p := next[0]
		next = append(next[1:], children[p]...)
		all = append(all, p)
	}
	return all
}

// saysPID checks a Godot 4 game's first message, m, which must be set_pid
// naming a process that holds c: pid's, or one of its descendants.
func saysPID(c net.Conn, m Message, pid int) error {
	reported, err := reportedPID(m)
	if err != nil {
		return err
	}
	link, err := peerSocket(c)
	if err != nil {
		return err
	}
	if !holds(reported, link) || reported != pid && !slices.Contains(descendants(pid), reported) {
		return fmt.Errorf("%w: %s says it is process %d, which is not the game's, or does not hold the connection", ErrNotTheGame, c.RemoteAddr(), reported)
	}
	return nil
}

// peerSocket returns the link in /proc/PID/fd of the socket at the other
// end of c, a loopback TCP connection: socket:[INODE].
func peerSocket(c net.Conn) (string, error) {
	local, ok1 := c.LocalAddr().(*net.TCPAddr)
	remote, ok2 := c.RemoteAddr().(*net.TCPAddr)
	if !ok1 || !ok2 {
		return "", fmt.Errorf("%w: not a TCP connection", ErrNotTheGame)
	}
	inode, err := socketInode(remote, local)
	if err != nil {
		return "", err
	}
	return "socket:[" + inode + "]", nil
}
