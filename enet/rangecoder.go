package enet

import "errors"

// ENet's own compressor (compress.c): an adaptive order-2 PPM model driving
// a range coder. Each datagram is coded on its own, from an empty model.
//
// The model is a forest of symbols in one fixed table. A context is a
// symbol; the bytes seen after it form a binary search tree of symbols
// below it, each node keeping its count and "under", the counts of its left
// subtree plus its own, so a walk from the tree's root finds a byte's
// cumulative frequency. A symbol's parent is the same byte in the next
// shorter context, so the chain from the latest context down to the root
// context (order 0) is the escape path: a byte not yet seen in a context is
// coded there as an escape, then tried in the shorter one. The root context
// gives every byte a minimum count, so any byte codes there.
//
// The decoder rebuilds the same model from what it decodes, so every width
// and update below mirrors the C code exactly: uint8 counts, uint16
// frequencies and child offsets relative to the node, and uint32 range
// arithmetic.

// Range coder and model constants, tuned by ENet for small datagrams.
const (
	rcTop    = 1 << 24
	rcBottom = 1 << 16

	rcSymbolDelta   = 3 // root context: count added per occurrence
	rcSymbolMinimum = 1 // root context: every byte's floor count
	rcEscapeMinimum = 1 // root context: its escape count

	rcSubcontextOrder       = 2
	rcSubcontextSymbolDelta = 2
	rcSubcontextEscapeDelta = 5

	rcSymbols = 4096 // the table; the model restarts when it is nearly full
)

// errRangeCoder is the error for range-coded data that does not decode.
var errRangeCoder = errors.New("enet: bad range-coded data")

// rcSymbol is a node of a context's tree and, through symbols, escapes and
// total, the context its byte starts.
type rcSymbol struct {
	value       uint8
	count       uint8
	under       uint16
	left, right uint16 // offsets to the children from this node, 0 for none
	symbols     uint16 // offset to the root of this context's tree, 0 for none
	escapes     uint16
	total       uint16
	parent      uint16 // index of the same byte in the shorter context
}

// rangeCoder is the CompressRangeCoder codec: the symbol table is scratch,
// rebuilt by every call.
type rangeCoder struct {
	symbols [rcSymbols]rcSymbol
	next    int // the next free symbol
}

// newSymbol takes the next free symbol for value with count.
func (rc *rangeCoder) newSymbol(value uint8, count uint8) int {
	i := rc.next
	rc.next++
	rc.symbols[i] = rcSymbol{value: value, count: count, under: uint16(count)}
	return i
}

// reset empties the model and creates the root context, symbol 0.
func (rc *rangeCoder) reset() {
	rc.next = 0
	root := rc.newSymbol(0, 0)
	rc.symbols[root].escapes = rcEscapeMinimum
	rc.symbols[root].total = rcEscapeMinimum + 256*rcSymbolMinimum
}

// full reports whether a byte more might overflow the table (each byte adds
// at most one symbol per order), when the model restarts.
func (rc *rangeCoder) full() bool { return rc.next >= rcSymbols-rcSubcontextOrder }

// rescale halves the counts of the tree at i and returns its total.
func (rc *rangeCoder) rescale(i int) uint16 {
	var total uint16
	for {
		s := &rc.symbols[i]
		s.count -= s.count >> 1
		s.under = uint16(s.count)
		if s.left != 0 {
			s.under += rc.rescale(i + int(s.left))
		}
		total += s.under
		if s.right == 0 {
			return total
		}
		i += int(s.right)
	}
}

// rescaleContext halves context ctx's counts and escapes, which keeps its
// total within the coder's precision and lets it adapt.
func (rc *rangeCoder) rescaleContext(ctx int, minimum uint16) {
	c := &rc.symbols[ctx]
	var total uint16
	if c.symbols != 0 {
		total = rc.rescale(ctx + int(c.symbols))
	}
	c.escapes -= c.escapes >> 1
	c.total = total + c.escapes + 256*minimum
}

// update finds value in context ctx, creating its symbol if it is new, and
// adds delta to its count. It returns the symbol and the value's cumulative
// frequency and count before the update (count is minimum for a new one).
func (rc *rangeCoder) update(ctx int, value uint8, delta uint8, minimum uint16) (sym int, under, count uint16) {
	under = uint16(value) * minimum
	count = minimum
	c := &rc.symbols[ctx]
	if c.symbols == 0 {
		sym = rc.newSymbol(value, delta)
		rc.symbols[ctx].symbols = uint16(sym - ctx)
		return sym, under, count
	}
	node := ctx + int(c.symbols)
	for {
		n := &rc.symbols[node]
		switch {
		case value < n.value:
			n.under += uint16(delta)
			if n.left != 0 {
				node += int(n.left)
				continue
			}
			sym = rc.newSymbol(value, delta)
			rc.symbols[node].left = uint16(sym - node)
		case value > n.value:
			under += n.under
			if n.right != 0 {
				node += int(n.right)
				continue
			}
			sym = rc.newSymbol(value, delta)
			rc.symbols[node].right = uint16(sym - node)
		default:
			count += uint16(n.count)
			under += n.under - uint16(n.count)
			n.under += uint16(delta)
			n.count += delta
			sym = node
		}
		return sym, under, count
	}
}

// rcEncoder is the range coder's output side.
type rcEncoder struct {
	low, rng uint32
	out      []byte
	max      int // len(out) may not reach max
}

// encode narrows the range to [under, under+count) of total and writes the
// settled top bytes. It returns false when the output reached max.
func (e *rcEncoder) encode(under, count, total uint16) bool {
	e.rng /= uint32(total)
	e.low += uint32(under) * e.rng
	e.rng *= uint32(count)
	for {
		if e.low^(e.low+e.rng) >= rcTop {
			if e.rng >= rcBottom {
				return true
			}
			e.rng = -e.low & (rcBottom - 1)
		}
		if !e.put(byte(e.low >> 24)) {
			return false
		}
		e.rng <<= 8
		e.low <<= 8
	}
}

// put writes b, or returns false when the output would reach max.
func (e *rcEncoder) put(b byte) bool {
	if len(e.out) >= e.max-1 {
		return false
	}
	e.out = append(e.out, b)
	return true
}

// compress appends src range-coded to dst, as enet_range_coder_compress,
// or returns nil when that is empty or not shorter than limit bytes.
func (rc *rangeCoder) Compress(dst, src []byte, limit int) []byte {
	if len(src) == 0 || limit <= 1 {
		return nil
	}
	e := rcEncoder{rng: ^uint32(0), out: dst, max: len(dst) + limit}
	rc.reset()
	var predicted uint16 // the longest context, 0 for the root
	order := 0
	for _, value := range src {
		parent := &predicted
		found := false
		for ctx := int(predicted); ctx != 0; ctx = int(rc.symbols[ctx].parent) {
			sym, under, count := rc.update(ctx, value, rcSubcontextSymbolDelta, 0)
			*parent = uint16(sym)
			parent = &rc.symbols[sym].parent
			c := &rc.symbols[ctx]
			total := c.total
			if count > 0 {
				if !e.encode(c.escapes+under, count, total) {
					return nil
				}
			} else {
				if c.escapes > 0 && c.escapes < total && !e.encode(0, c.escapes, total) {
					return nil
				}
				c.escapes += rcSubcontextEscapeDelta
				c.total += rcSubcontextEscapeDelta
			}
			c.total += rcSubcontextSymbolDelta
			if count > 0xFF-2*rcSubcontextSymbolDelta || c.total > rcBottom-0x100 {
				rc.rescaleContext(ctx, 0)
			}
			if count > 0 {
				found = true
				break
			}
		}
		if !found {
			sym, under, count := rc.update(0, value, rcSymbolDelta, rcSymbolMinimum)
			*parent = uint16(sym)
			root := &rc.symbols[0]
			if !e.encode(root.escapes+under, count, root.total) {
				return nil
			}
			root.total += rcSymbolDelta
			if count > 0xFF-2*rcSymbolDelta+rcSymbolMinimum || root.total > rcBottom-0x100 {
				rc.rescaleContext(0, rcSymbolMinimum)
			}
		}
		predicted, order = rc.advance(predicted, order)
	}
	for e.low != 0 {
		if !e.put(byte(e.low >> 24)) {
			return nil
		}
		e.low <<= 8
	}
	if len(e.out) == len(dst) {
		return nil
	}
	return e.out
}

// advance drops the longest context once it exceeds the model's order and
// restarts the model when the table is nearly full, after each byte.
func (rc *rangeCoder) advance(predicted uint16, order int) (uint16, int) {
	if order >= rcSubcontextOrder {
		predicted = rc.symbols[predicted].parent
	} else {
		order++
	}
	if rc.full() {
		rc.reset()
		return 0, 0
	}
	return predicted, order
}

// rcDecoder is the range coder's input side.
type rcDecoder struct {
	low, code, rng uint32
	in             []byte
}

// next returns the next input byte; past the end the coder reads zeros,
// which decode as escapes and so end the data.
func (d *rcDecoder) next() uint32 {
	if len(d.in) == 0 {
		return 0
	}
	b := d.in[0]
	d.in = d.in[1:]
	return uint32(b)
}

// read scales the range to total and returns where the code falls in it,
// truncated to 16 bits as ENet does.
func (d *rcDecoder) read(total uint16) uint16 {
	d.rng /= uint32(total)
	return uint16((d.code - d.low) / d.rng)
}

// decode consumes [under, under+count) of the range read scaled. Even on
// hostile data the range never reaches 0 (count is at least 1, a cut range
// is too, and a shift that would clear it would have changed the top
// byte), so the loop ends.
func (d *rcDecoder) decode(under, count uint16) {
	d.low += uint32(under) * d.rng
	d.rng *= uint32(count)
	for {
		if d.low^(d.low+d.rng) >= rcTop {
			if d.rng >= rcBottom {
				return
			}
			d.rng = -d.low & (rcBottom - 1)
		}
		d.code = d.code<<8 | d.next()
		d.rng <<= 8
		d.low <<= 8
	}
}

// rcFound is a decoded symbol: its index, byte, cumulative frequency and
// count.
type rcFound struct {
	sym          int
	value        uint8
	under, count uint16
}

// rcMiss is where a code that names no symbol of a tree falls: beside node
// (-1 for an empty tree), on its right or left, whose span ends at after
// and is before wide.
type rcMiss struct {
	node          int
	right         bool
	after, before uint16
}

// find decodes code in context ctx (minimum is the context's floor count),
// adding delta to the count of the symbol it falls in, as ENet's decoder
// does. ok is false when code falls between symbols, and miss says where.
func (rc *rangeCoder) find(ctx int, code uint16, delta uint8, minimum uint16) (f rcFound, ok bool, miss rcMiss) {
	f.count = minimum
	c := &rc.symbols[ctx]
	if c.symbols == 0 {
		return f, false, rcMiss{node: -1}
	}
	node := ctx + int(c.symbols)
	for {
		n := &rc.symbols[node]
		after := f.under + n.under + uint16((int(n.value)+1)*int(minimum))
		before := uint16(n.count) + minimum
		switch {
		case code >= after:
			f.under += n.under
			if n.right != 0 {
				node += int(n.right)
				continue
			}
			return f, false, rcMiss{node, true, after, before}
		case int(code) < int(after)-int(before): // in C's int arithmetic
			n.under += uint16(delta)
			if n.left != 0 {
				node += int(n.left)
				continue
			}
			return f, false, rcMiss{node, false, after, before}
		default:
			f.value = n.value
			f.count += uint16(n.count)
			f.under = after - before
			n.under += uint16(delta)
			n.count += delta
			f.sym = node
			return f, true, rcMiss{}
		}
	}
}

// decompress appends to dst what src decodes to, as
// enet_range_coder_decompress, refusing more than limit bytes. An empty
// result is an error too: ENet takes a zero length for failure.
func (rc *rangeCoder) Decompress(dst, src []byte, limit int) ([]byte, error) {
	if len(src) == 0 {
		return dst, errRangeCoder
	}
	start := len(dst)
	d := rcDecoder{rng: ^uint32(0), in: src}
	for range 4 {
		d.code = d.code<<8 | d.next()
	}
	rc.reset()
	var predicted uint16
	order := 0
	for {
		var f rcFound
		parent := &predicted
		ctx := int(predicted)
		for ; ctx != 0; ctx = int(rc.symbols[ctx].parent) {
			c := &rc.symbols[ctx]
			if c.escapes == 0 || c.escapes >= c.total {
				continue
			}
			total := c.total
			code := d.read(total)
			if code < c.escapes {
				d.decode(0, c.escapes)
				continue
			}
			var ok bool
			f, ok, _ = rc.find(ctx, code-c.escapes, rcSubcontextSymbolDelta, 0)
			if !ok {
				return dst[:start], errRangeCoder
			}
			d.decode(c.escapes+f.under, f.count)
			c.total += rcSubcontextSymbolDelta
			if f.count > 0xFF-2*rcSubcontextSymbolDelta || c.total > rcBottom-0x100 {
				rc.rescaleContext(ctx, 0)
			}
			break
		}
		if ctx == 0 {
			root := &rc.symbols[0]
			code := d.read(root.total)
			if code < root.escapes {
				break // the end
			}
			f = rc.decodeRoot(code - root.escapes)
			d.decode(root.escapes+f.under, f.count)
			root.total += rcSymbolDelta
			if f.count > 0xFF-2*rcSymbolDelta+rcSymbolMinimum || root.total > rcBottom-0x100 {
				rc.rescaleContext(0, rcSymbolMinimum)
			}
		}
		// The longer contexts escaped: add the byte to them, as the
		// encoder did when it escaped from them.
		for p := int(predicted); p != ctx; p = int(rc.symbols[p].parent) {
			sym, _, count := rc.update(p, f.value, rcSubcontextSymbolDelta, 0)
			*parent = uint16(sym)
			parent = &rc.symbols[sym].parent
			c := &rc.symbols[p]
			if count == 0 {
				c.escapes += rcSubcontextEscapeDelta
				c.total += rcSubcontextEscapeDelta
			}
			c.total += rcSubcontextSymbolDelta
			if count > 0xFF-2*rcSubcontextSymbolDelta || c.total > rcBottom-0x100 {
				rc.rescaleContext(p, 0)
			}
		}
		*parent = uint16(f.sym)
		if len(dst)-start >= limit {
			return dst, ErrOverLimit
		}
		dst = append(dst, f.value)
		predicted, order = rc.advance(predicted, order)
	}
	if len(dst) == start {
		return dst, errRangeCoder
	}
	return dst, nil
}

// decodeRoot decodes code in the root context, creating the symbol of a
// byte not seen yet: the root gives every byte a count, so any code names
// one. Hostile codes past 255 wrap to a byte, as in ENet's uint8.
func (rc *rangeCoder) decodeRoot(code uint16) rcFound {
	f, ok, miss := rc.find(0, code, rcSymbolDelta, rcSymbolMinimum)
	if ok {
		return f
	}
	node, after, before := miss.node, int(miss.after), int(miss.before)
	// With a minimum of 1 every byte spans one code, so the new byte is as
	// far from its neighbour as code is from the neighbour's span.
	switch {
	case node < 0:
		f.value = uint8(code)
		f.sym = rc.newSymbol(f.value, rcSymbolDelta)
		rc.symbols[0].symbols = uint16(f.sym)
	case miss.right:
		f.value = uint8(int(rc.symbols[node].value) + 1 + int(code) - after)
		f.sym = rc.newSymbol(f.value, rcSymbolDelta)
		rc.symbols[node].right = uint16(f.sym - node)
	default:
		f.value = uint8(int(rc.symbols[node].value) - 1 - (after - before - int(code) - 1))
		f.sym = rc.newSymbol(f.value, rcSymbolDelta)
		rc.symbols[node].left = uint16(f.sym - node)
	}
	f.under = code
	return f
}
