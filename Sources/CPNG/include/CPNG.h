#ifndef SHAPETURNS_CPNG_H
#define SHAPETURNS_CPNG_H

#include <stddef.h>
#include <stdint.h>

/// What shapeturns_png_decode found.
typedef enum {
    SHAPETURNS_PNG_OK = 0,
    /// The bytes do not start with the PNG signature.
    SHAPETURNS_PNG_NOT_PNG = 1,
    /// libpng stopped on the data (bad chunk, bad CRC, truncated file, ...); see `message`.
    SHAPETURNS_PNG_CORRUPT = 2,
    /// A side is larger than `max_side`; width and height are set.
    SHAPETURNS_PNG_TOO_LARGE = 3,
    /// The caller's buffer is smaller than width x height pixels.
    SHAPETURNS_PNG_BUFFER_TOO_SMALL = 4,
} shapeturns_png_status;

/// The size of a decoded image and, on failure, libpng's words for what went wrong.
typedef struct {
    uint32_t width;
    uint32_t height;
    char message[200];
} shapeturns_png_info;

/// Decodes PNG `bytes` to straight (not premultiplied) 8-bit RGBA, as a PNG decoder such as
/// pngjs or Pillow gives it: palettes and grey expanded, tRNS turned into alpha, 16-bit samples
/// scaled to 8 bits with rounding, no gamma correction.
///
/// With `pixels` NULL only the header is read and `info` gets the size. Otherwise the image is
/// decoded into `pixels`, one uint32_t per pixel, row by row, packed as
/// `red | green << 8 | blue << 16 | alpha << 24` whatever the machine's byte order.
///
/// Well-formed 8-bit, non-interlaced files (what renderers write) are inflated with libdeflate,
/// several times faster than zlib; every other file, and every error, is libpng's. With room
/// for `height` more bytes in `pixels` (pixel_capacity ≥ width × height + ⌈height / 4⌉), the
/// fast path needs no second image-sized buffer.
shapeturns_png_status shapeturns_png_decode(
    const uint8_t *bytes, size_t count, uint32_t max_side,
    uint32_t *pixels, size_t pixel_capacity, shapeturns_png_info *info);

/// shapeturns_png_decode with libpng alone, to check the fast path gives the same pixels.
shapeturns_png_status shapeturns_png_decode_libpng(
    const uint8_t *bytes, size_t count, uint32_t max_side,
    uint32_t *pixels, size_t pixel_capacity, shapeturns_png_info *info);

/// The fast path of shapeturns_png_decode alone: 1 when it decoded the file into `pixels`
/// (with room for pixel_capacity pixels), 0 when it declines and would leave the file to libpng.
/// For tests that check it against libpng on the files it takes.
int shapeturns_png_decode_fast(const uint8_t *bytes, size_t count, uint32_t max_side, uint32_t *pixels, size_t pixel_capacity);

/// How hard shapeturns_png_encode compresses.
typedef enum {
    /// Runs of one pixel, or of one difference from the row above, as deflate matches with
    /// Huffman codes fit to the image: no search, many times faster than zlib's fastest level;
    /// on flat-colour shapes its files are about a fifth larger than zlib's level 6.
    SHAPETURNS_PNG_RUNS = 0,
    /// libdeflate at level 6 (zlib's default).
    SHAPETURNS_PNG_DEFLATE_DEFAULT = 1,
    /// libdeflate at level 10: smaller files, many times slower.
    SHAPETURNS_PNG_DEFLATE_SMALL = 2,
} shapeturns_png_compression;

typedef enum {
    SHAPETURNS_PNG_ENCODE_OK = 0,
    /// A zero side, or a stride shorter than a row.
    SHAPETURNS_PNG_ENCODE_BAD_IMAGE = 1,
    /// `capacity` is less than shapeturns_png_encode_bound gives.
    SHAPETURNS_PNG_ENCODE_NO_ROOM = 2,
    SHAPETURNS_PNG_ENCODE_NO_MEMORY = 3,
    /// RGB was asked for an image with a pixel that is not opaque: nothing is flattened.
    SHAPETURNS_PNG_ENCODE_NOT_OPAQUE = 4,
} shapeturns_png_encode_status;

/// The most bytes shapeturns_png_encode can write for an image of this size.
size_t shapeturns_png_encode_bound(uint32_t width, uint32_t height);

/// Encodes Cairo ARGB32 pixels (premultiplied, native-endian uint32_t, rows `stride` bytes apart)
/// as an 8-bit RGBA PNG in `out`, unpremultiplied with the rounding of Cairo's own writer, so
/// any decoder reads the pixels it would read from Cairo's file. `written` gets the size.
shapeturns_png_encode_status shapeturns_png_encode(
    const uint8_t *data, size_t stride, uint32_t width, uint32_t height,
    shapeturns_png_compression compression, uint8_t *out, size_t capacity, size_t *written);

/// Whether the fast encoding may use the machine's vector instructions (AVX2 on x86-64, when
/// the processor has them; the default). They only find the same runs sooner: the bytes are the
/// same either way, which the tests check by turning them off.
void shapeturns_png_encode_use_vector_instructions(int enabled);

/// How the pixels handed to shapeturns_png_encode_layout are laid out in each uint32_t.
typedef enum {
    /// Cairo's ARGB32: premultiplied, `alpha << 24 | red << 16 | green << 8 | blue`.
    SHAPETURNS_PNG_CAIRO_ARGB32 = 0,
    /// Straight RGBA packed as `red | green << 8 | blue << 16 | alpha << 24` (RGBAImage's pixels),
    /// written as they are: lossless.
    SHAPETURNS_PNG_STRAIGHT_RGBA = 1,
} shapeturns_png_layout;

/// shapeturns_png_encode for pixels in either layout.
shapeturns_png_encode_status shapeturns_png_encode_layout(
    const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout,
    shapeturns_png_compression compression, uint8_t *out, size_t capacity, size_t *written);

/// The channels a PNG holds.
typedef enum {
    /// Red, green, blue and alpha (colour type 6): any image.
    SHAPETURNS_PNG_RGBA = 0,
    /// Red, green and blue (colour type 2), for an image whose every pixel is opaque: a quarter
    /// fewer raw bytes, and three channels where a loader's model expects three. An image with
    /// any other alpha is refused with SHAPETURNS_PNG_ENCODE_NOT_OPAQUE, never flattened.
    SHAPETURNS_PNG_RGB = 1,
} shapeturns_png_channels;

/// shapeturns_png_encode_layout with the channels to write; the same decoded pixels either way.
shapeturns_png_encode_status shapeturns_png_encode_channels(
    const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout,
    shapeturns_png_compression compression, shapeturns_png_channels channels, uint8_t *out, size_t capacity,
    size_t *written);

#endif
