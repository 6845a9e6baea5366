package stream

import (
	"fmt"
	"net"
	"net/netip"
	"sync"

	"github.com/gdvar/gdvar"
)

// maxDatagram is the largest UDP payload.
const maxDatagram = 65507

// PacketPeer speaks Godot's PacketPeerUDP on a net.PacketConn: one datagram
// is one bare value, with no length word. One goroutine may read while
// another writes.
type PacketPeer struct {
	pc    net.PacketConn
	codec *gdvar.Codec
	rmu   sync.Mutex
	rbuf  []byte
	dec   *gdvar.Decoder
	from  sender // the last datagram's, on a *net.UDPConn
	wmu   sync.Mutex
	wbuf  []byte
}

// NewPacketPeer returns a [PacketPeer] on pc, or the error, matching
// [gdvar.ErrInvalidOption], of the first invalid option. Of the options, it
// takes [WithCodec]'s.
func NewPacketPeer(pc net.PacketConn, opts ...Option) (*PacketPeer, error) {
	cfg, err := newOptions(opts)
	if err != nil {
		return nil, err
	}
	return &PacketPeer{pc: pc, codec: cfg.codec, dec: cfg.codec.NewDecoderBytes(nil)}, nil
}

// PacketError reports a datagram whose value does not decode.
type PacketError struct {
	Addr net.Addr
	Err  error
}

func (e *PacketError) Error() string { return fmt.Sprintf("stream: packet from %v: %v", e.Addr, e.Err) }

func (e *PacketError) Unwrap() error { return e.Err }

// PutVarTo sends v to addr in one datagram (see [gdvar.Marshal]).
func (p *PacketPeer) PutVarTo(v any, addr net.Addr) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	b, err := p.codec.AppendMarshal(p.wbuf[:0], v)
	if err != nil {
		return err
	}
	p.wbuf = b
	if len(b) > maxDatagram {
		return fmt.Errorf("stream: a value of %d bytes does not fit in a datagram", len(b))
	}
	_, err = p.pc.WriteTo(b, addr)
	return err
}

// GetVarFrom receives one datagram, decodes its value into v (see
// [gdvar.Unmarshal]; bytes after the value are ignored, as Godot ignores
// them) and returns the sender. A datagram that does not decode is a
// *PacketError; the next call reads the next datagram. Memory: one
// datagram buffer of 64 KiB for the [PacketPeer], and what Unmarshal takes
// for the datagram's bytes. On a *net.UDPConn, a datagram from the sender
// of the one before gives the same *net.UDPAddr, made once: do not modify
// it.
func (p *PacketPeer) GetVarFrom(v any) (net.Addr, error) {
	dec, addr, err := p.nextPacket()
	if err != nil {
		return addr, err
	}
	defer p.rmu.Unlock()
	if err := dec.Decode(v); err != nil {
		return addr, &PacketError{Addr: addr, Err: err}
	}
	return addr, nil
}

// NextPacket receives one datagram and returns a Decoder over it, valid
// until the next call, and its sender, as [PacketPeer.GetVarFrom] does.
func (p *PacketPeer) NextPacket() (*gdvar.Decoder, net.Addr, error) {
	dec, addr, err := p.nextPacket()
	if err == nil {
		p.rmu.Unlock()
	}
	return dec, addr, err
}

// nextPacket receives a datagram, holding the read lock on success.
func (p *PacketPeer) nextPacket() (*gdvar.Decoder, net.Addr, error) {
	p.rmu.Lock()
	if p.rbuf == nil {
		p.rbuf = make([]byte, maxDatagram+1)
	}
	n, addr, err := p.readFrom()
	if err != nil {
		p.rmu.Unlock()
		return nil, addr, err
	}
	p.codec.ResetDecoderBytes(p.dec, p.rbuf[:n])
	return p.dec, addr, nil
}

// readFrom receives a datagram into the read buffer. On a *net.UDPConn, its
// sender's address is made only when it is not the last one's: a game's
// peer sends many datagrams, and making each one's took 2 allocations.
func (p *PacketPeer) readFrom() (int, net.Addr, error) {
	uc, ok := p.pc.(*net.UDPConn)
	if !ok {
		return p.pc.ReadFrom(p.rbuf)
	}
	n, ap, err := uc.ReadFromUDPAddrPort(p.rbuf)
	if err != nil {
		return n, nil, err
	}
	if p.from.addr == nil || ap != p.from.ap {
		p.from = sender{ap, net.UDPAddrFromAddrPort(ap)}
	}
	return n, p.from.addr, nil
}

// sender is the address of a datagram's sender, in both forms.
type sender struct {
	ap   netip.AddrPort
	addr *net.UDPAddr
}
