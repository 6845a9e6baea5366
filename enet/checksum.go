package enet

import (
	"encoding/binary"
	"hash/crc32"
)

// checksum is ENet's enet_crc32 over a datagram: the IEEE CRC-32, written
// big-endian after the header. While it is computed, the checksum's own
// place holds the peer's connect id (0 before the peer has an id).
func checksum(datagram []byte) uint32 { return crc32.ChecksumIEEE(datagram) }

// checksumOK says whether datagram d, its commands decompressed after a
// header of n bytes, holds the checksum hd read, computed with connectID,
// or the host checks none. ENet's sender computes it before compressing,
// so its receiver checks it after decompressing, before reading a
// command (enet_protocol_handle_incoming_commands). connectID is left in
// the checksum's place.
func (h *Host) checksumOK(d []byte, hd header, n int, connectID uint32) bool {
	if !h.cfg.checksum {
		return true
	}
	binary.BigEndian.PutUint32(d[n-4:], connectID)
	return checksum(d) == hd.checksum
}
