package netsim_test

import (
	"fmt"
	"net"
	"time"

	"github.com/gdvar/gdvar/netsim"
)

// A proxy that sends every datagram to the server twice.
func Example() {
	server, _ := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	defer server.Close()
	proxy, err := netsim.New(server.LocalAddr().(*net.UDPAddr), netsim.Options{
		Seed: 1,
		Up:   netsim.Faults{Duplicate: 1},
	})
	if err != nil {
		panic(err)
	}
	defer proxy.Close()

	client, _ := net.DialUDP("udp4", nil, proxy.Addr())
	defer client.Close()
	client.Write([]byte("ping"))

	server.SetReadDeadline(time.Now().Add(10 * time.Second))
	buf := make([]byte, 16)
	for range 2 {
		n, _, _ := server.ReadFromUDP(buf)
		fmt.Println(string(buf[:n]))
	}
	up := proxy.Stats().Up
	fmt.Println(up.Received.Datagrams, up.Forwarded.Datagrams, up.Amplification())
	// Output:
	// ping
	// ping
	// 1 2 2
}
