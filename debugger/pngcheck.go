package debugger

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// The largest image Godot makes (Image::MAX_WIDTH, MAX_HEIGHT and
// MAX_PIXELS): a viewport said to be larger is none.
const (
	maxImageSide   = 1 << 24
	maxImagePixels = 1 << 28
)

// maxPNG is the most bytes a PNG Godot writes of an image of width ×
// height pixels can take, which it checks first (checkImageSize). Godot
// writes a PNG with libpng's simplified API (png_image_write_to_memory),
// in a buffer that libpng's PNG_IMAGE_PNG_SIZE_MAX sizes, and this is that
// bound for the most bytes a pixel has in Godot's PNGs, four (RGBA8: any
// other format is written as RGBA8 or RGB8, or L8, LA8):
//
//   - the filtered image: a filter byte and 4 bytes a pixel a row,
//     d = height × (1 + 4 × width);
//   - deflated by zlib, at worst, in stored or fixed-Huffman blocks:
//     z = d + ⌈d/8⌉ + ⌈d/64⌉ + 11 (PNG_ZLIB_MAX_SIZE, zlib's deflateBound
//     for any settings), the zlib header and checksum included;
//   - in IDAT chunks of 8 KiB (PNG_ZBUF_SIZE), 12 bytes each: 12 × ⌊z/8192⌋
//     and 12 for the last;
//   - the signature (8), IHDR (25), gAMA (16) and cHRM (44), or the sRGB
//     Godot writes in their place (13), and IEND (12).
//
// So 8 + 25 + 16 + 44 + 12 + 12 + 12 × ⌊z/8192⌋ + z. Godot 4.6's PNG of
// 1920 × 1080 pixels of noise (RGBA8, which deflate cannot shrink) is
// 8 310 235 bytes, and the bound 9 476 020; a 4K frame's bound is 36 MiB.
func maxPNG(width, height int64) int64 {
	d := height * (1 + 4*width)
	z := d + (d+7)/8 + (d+63)/64 + 11
	return 8 + 25 + 16 + 44 + 12 + 12 + 12*(z/8192) + z
}

// checkImageSize checks that width × height pixels is an image Godot can
// make, and returns the most bytes its PNG, as the game sends it, can
// take: maxPNG, at most MaxScreenshot.
func checkImageSize(width, height int64) (int64, error) {
	if width < 1 || height < 1 || width > maxImageSide || height > maxImageSide || width*height > maxImagePixels {
		return 0, fmt.Errorf("%w: a screenshot of %d×%d pixels, which no Godot image is", ErrMalformed, width, height)
	}
	return min(maxPNG(width, height), MaxScreenshot), nil
}

// pngSignature starts every PNG.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// pngCheck checks a PNG of width × height pixels as its bytes come, a
// chunk at a time: the signature, IHDR first (a valid one, of that size),
// each chunk's length within the bound, its type four letters, its CRC,
// and nothing after IEND. It fails at the first chunk whose header says
// it cannot be such a PNG, before its data came.
type pngCheck struct {
	width, height int64
	bound         int64 // the most bytes the PNG may have
	at            int   // where the next chunk starts in the bytes checked
	ended         bool  // IEND came: the PNG is whole
}

// newPNGCheck returns the check of a PNG of width × height pixels, which
// checkImageSize has checked, of at most bound bytes.
func newPNGCheck(width, height, bound int64) *pngCheck {
	return &pngCheck{width: width, height: height, bound: bound}
}

// check checks b, the PNG's bytes so far (those checked before, and
// more), as far as they go: ErrMalformed at the first that cannot be.
func (p *pngCheck) check(b []byte) error {
	if int64(len(b)) > p.bound {
		return fmt.Errorf("%w: a screenshot of %d×%d pixels over the %d bytes its PNG can take", ErrMalformed, p.width, p.height, p.bound)
	}
	if p.at == 0 {
		head := b[:min(len(b), len(pngSignature))]
		if !bytes.HasPrefix(pngSignature, head) {
			return fmt.Errorf("%w: a screenshot that is not a PNG: it starts with %q", ErrMalformed, head)
		}
		if len(head) < len(pngSignature) {
			return nil
		}
		p.at = len(pngSignature)
	}
	for !p.ended && len(b)-p.at >= 8 {
		length := int64(binary.BigEndian.Uint32(b[p.at:]))
		kind := b[p.at+4 : p.at+8]
		end := int64(p.at) + 12 + length
		switch {
		case !isChunkType(kind):
			return fmt.Errorf("%w: a screenshot's PNG chunk at %d of type %q", ErrMalformed, p.at, kind)
		case (p.at == len(pngSignature)) != (string(kind) == "IHDR"):
			return fmt.Errorf("%w: a screenshot's PNG with %s at %d (IHDR comes first, once)", ErrMalformed, kind, p.at)
		case end > p.bound:
			return fmt.Errorf("%w: a screenshot's PNG chunk %s at %d of %d bytes, past the %d a PNG of %d×%d pixels can take", ErrMalformed, kind, p.at, length, p.bound, p.width, p.height)
		case int64(len(b)) < end:
			return nil // its data is to come
		}
		data := b[p.at+8 : end-4]
		if crc32.ChecksumIEEE(b[p.at+4:end-4]) != binary.BigEndian.Uint32(b[end-4:]) {
			return fmt.Errorf("%w: a screenshot's PNG chunk %s at %d whose CRC is wrong", ErrMalformed, kind, p.at)
		}
		switch string(kind) {
		case "IHDR":
			if err := p.header(data); err != nil {
				return err
			}
		case "IEND":
			p.ended = true
		}
		p.at = int(end)
	}
	if p.ended && len(b) > p.at {
		return fmt.Errorf("%w: a screenshot's PNG with %d bytes after its end", ErrMalformed, len(b)-p.at)
	}
	return nil
}

// header checks an IHDR chunk's data: the image's size, and a bit depth,
// color type, compression, filter and interlace a PNG may have.
func (p *pngCheck) header(data []byte) error {
	if len(data) != 13 {
		return fmt.Errorf("%w: a screenshot's PNG IHDR of %d bytes", ErrMalformed, len(data))
	}
	width, height := int64(binary.BigEndian.Uint32(data)), int64(binary.BigEndian.Uint32(data[4:]))
	if width != p.width || height != p.height {
		return fmt.Errorf("%w: a screenshot of %d×%d pixels said to be %d×%d", ErrMalformed, width, height, p.width, p.height)
	}
	if !validDepth(data[9], data[8]) || data[10] != 0 || data[11] != 0 || data[12] > 1 {
		return fmt.Errorf("%w: a screenshot's PNG IHDR of depth %d, color type %d, methods %d, %d, %d", ErrMalformed, data[8], data[9], data[10], data[11], data[12])
	}
	return nil
}

// validDepth says whether a PNG of the color type may have the bit depth.
func validDepth(color, depth byte) bool {
	switch color {
	case 0: // gray
		return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16
	case 3: // palette
		return depth == 1 || depth == 2 || depth == 4 || depth == 8
	case 2, 4, 6: // RGB, gray and alpha, RGBA
		return depth == 8 || depth == 16
	}
	return false
}

// isChunkType says whether b is a PNG chunk type: four ASCII letters.
func isChunkType(b []byte) bool {
	for _, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}
