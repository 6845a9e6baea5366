package enet

import "hash/crc32"

// checksum is ENet's enet_crc32 over a datagram: the IEEE CRC-32, written
// big-endian after the header. While it is computed, the checksum's own
// place holds the peer's connect id (0 before the peer has an id).
func checksum(datagram []byte) uint32 { return crc32.ChecksumIEEE(datagram) }
