// A fast path for the PNGs renderers write. It only ever accepts files libpng would decode to
// the same pixels (every chunk's CRC checked, the zlib stream's size exact), and hands
// everything else back to libpng, so errors and unusual files keep libpng's behaviour.
#include "png_fast.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

void shapeturns_png_prepare_buffer(void *start, size_t size) {
#if defined(__linux__)
    const uintptr_t page = 4096;
    const uintptr_t first = ((uintptr_t)start + page - 1) & ~(page - 1);
    const uintptr_t end = ((uintptr_t)start + size) & ~(page - 1);
    if (end <= first) return;
#if defined(MADV_HUGEPAGE)
    // Page faults are a large part of decoding a big image (one per 4 KiB touched, and costly
    // in a virtual machine); ask for 2 MiB pages where the kernel gives them on request.
    if (size >= ((size_t)4 << 20)) (void)madvise((void *)first, end - first, MADV_HUGEPAGE);
#endif
#if defined(MADV_POPULATE_WRITE)
    // Memory the allocator hands back again (folder mode's images, one pair after another) is
    // mostly in place already, and populating it walks every page for nothing: 6% of a folder
    // of 512x512 pairs. Its first and last pages tell.
    unsigned char resident[2] = {0, 0};
    if (mincore((void *)first, page, &resident[0]) == 0 && mincore((void *)(end - page), page, &resident[1]) == 0
        && (resident[0] & 1) && (resident[1] & 1)) {
        return;
    }
    // The buffer is written whole: fault its pages in with one call (Linux 5.14) rather than
    // one trap each. A 512x512 pair's decode went from 804 page faults to 298, and its CPU
    // time from 6.2 to 3.9 ms. An older kernel refuses the advice, and the pages fault as before.
    (void)madvise((void *)first, end - first, MADV_POPULATE_WRITE);
#endif
#else
    (void)start;
    (void)size;
#endif
}

static uint32_t read_u32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static int type_is(const uint8_t *type, const char *name) {
    return memcmp(type, name, 4) == 0;
}

static uint32_t load32(const uint8_t *bytes) {
    uint32_t value;
    memcpy(&value, bytes, 4);
    return value;
}

static void store32(uint8_t *bytes, uint32_t value) {
    memcpy(bytes, &value, 4);
}

/// The byte-wise sum of two words, each byte's carry dropped: four bytes added at once, in
/// whatever order the machine keeps them.
static uint32_t add_lanes(uint32_t x, uint32_t y) {
    const uint32_t high = 0x80808080u;
    return ((x & ~high) + (y & ~high)) ^ ((x ^ y) & high);
}

/// A pixel of `bpp` (3 or 4) bytes in a word's first bytes, the rest zero. Called with a
/// constant `bpp`, so each use is one or two moves.
static inline __attribute__((always_inline)) uint32_t load_pixel(const uint8_t *bytes, size_t bpp) {
    uint32_t value = 0;
    memcpy(&value, bytes, bpp);
    return value;
}

static inline __attribute__((always_inline)) void store_pixel(uint8_t *bytes, uint32_t value, size_t bpp) {
    memcpy(bytes, &value, bpp);
}

/// Sub for 3- and 4-byte pixels: a pixel at a time, its bytes added in lanes (see add_lanes).
static inline __attribute__((always_inline)) void unfilter_sub(uint8_t *row, size_t row_bytes, size_t bpp) {
    uint32_t left = 0;
    for (size_t i = 0; i + bpp <= row_bytes; i += bpp) {
        left = add_lanes(load_pixel(row + i, bpp), left);
        store_pixel(row + i, left, bpp);
    }
}

/// Average for 3- and 4-byte pixels: floor((left + up) / 2) in lanes, the common bits plus
/// half the differing ones.
static inline __attribute__((always_inline)) void unfilter_average(
    uint8_t *restrict row, const uint8_t *restrict previous, size_t row_bytes, size_t bpp) {
    uint32_t left = 0;
    for (size_t i = 0; i + bpp <= row_bytes; i += bpp) {
        const uint32_t up = load_pixel(previous + i, bpp);
        const uint32_t average = (left & up) + (((left ^ up) & 0xFEFEFEFEu) >> 1);
        left = add_lanes(load_pixel(row + i, bpp), average);
        store_pixel(row + i, left, bpp);
    }
}

#if defined(__SSE2__)
static inline __attribute__((always_inline)) __m128i absolute16(__m128i value) {
    return _mm_max_epi16(value, _mm_sub_epi16(_mm_setzero_si128(), value));
}

static inline __attribute__((always_inline)) __m128i choose(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

/// Paeth for 3- and 4-byte pixels: a pixel at a time, its channels side by side in 16-bit
/// lanes, with no branch. The predictor is the spec's: the nearest of left, up and upper
/// left to left + up − upper left, ties going to left, then up.
static inline __attribute__((always_inline)) void unfilter_paeth(
    uint8_t *restrict row, const uint8_t *restrict previous, size_t row_bytes, size_t bpp) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i low_byte = _mm_set1_epi16(0xFF);
    __m128i left = zero, upper_left = zero;
    for (size_t i = 0; i + bpp <= row_bytes; i += bpp) {
        const __m128i up = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)load_pixel(previous + i, bpp)), zero);
        const __m128i filtered = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)load_pixel(row + i, bpp)), zero);
        const __m128i from_left = _mm_sub_epi16(up, upper_left);  // p − left
        const __m128i from_up = _mm_sub_epi16(left, upper_left);  // p − up
        const __m128i to_left = absolute16(from_left);
        const __m128i to_up = absolute16(from_up);
        const __m128i to_upper_left = absolute16(_mm_add_epi16(from_left, from_up));
        const __m128i nearest = _mm_min_epi16(to_upper_left, _mm_min_epi16(to_left, to_up));
        const __m128i predictor = choose(
            _mm_cmpeq_epi16(nearest, to_left), left, choose(_mm_cmpeq_epi16(nearest, to_up), up, upper_left));
        left = _mm_and_si128(_mm_add_epi16(filtered, predictor), low_byte);
        store_pixel(row + i, (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(left, left)), bpp);
        upper_left = up;
    }
}
#endif

/// Reverses one row's filter in place, `previous` being the row above (zeros for the first).
/// Each filter has its own loop so that the compiler can vectorise the independent ones; the
/// ones that chain a pixel to its left neighbour work a pixel at a time for RGB and RGBA.
static int unfilter_row(int type, uint8_t *restrict row, const uint8_t *restrict previous, size_t row_bytes, size_t bpp) {
    switch (type) {
    case 0:
        return 1;
    case 1:
        if (bpp == 4) {
            unfilter_sub(row, row_bytes, 4);
        } else if (bpp == 3) {
            unfilter_sub(row, row_bytes, 3);
        } else {
            for (size_t i = bpp; i < row_bytes; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        }
        return 1;
    case 2: {
        // Eight bytes at a time: each byte's sum stays in its own lane (the carry out of its
        // top bit is dropped), so this is the byte-wise sum whatever the byte order.
        const uint64_t high = 0x8080808080808080ULL;
        size_t i = 0;
        for (; i + 8 <= row_bytes; i += 8) {
            uint64_t x, y;
            memcpy(&x, row + i, 8);
            memcpy(&y, previous + i, 8);
            x = ((x & ~high) + (y & ~high)) ^ ((x ^ y) & high);
            memcpy(row + i, &x, 8);
        }
        for (; i < row_bytes; i++) row[i] = (uint8_t)(row[i] + previous[i]);
        return 1;
    }
    case 3:
        if (bpp == 4) {
            unfilter_average(row, previous, row_bytes, 4);
            return 1;
        }
        if (bpp == 3) {
            unfilter_average(row, previous, row_bytes, 3);
            return 1;
        }
        for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + (previous[i] >> 1));
        for (size_t i = bpp; i < row_bytes; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + previous[i]) >> 1));
        return 1;
    case 4:
#if defined(__SSE2__)
        if (bpp == 4) {
            unfilter_paeth(row, previous, row_bytes, 4);
            return 1;
        }
        if (bpp == 3) {
            unfilter_paeth(row, previous, row_bytes, 3);
            return 1;
        }
#endif
        for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + previous[i]);
        for (size_t i = bpp; i < row_bytes; i++) {
            const int a = row[i - bpp], b = previous[i], c = previous[i - bpp];
            // |p − a|, |p − b|, |p − c| with p = a + b − c
            const int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
            const int predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            row[i] = (uint8_t)(row[i] + predictor);
        }
        return 1;
    default:
        return 0;
    }
}

static uint32_t pack(unsigned red, unsigned green, unsigned blue, unsigned alpha) {
    return (uint32_t)red | (uint32_t)green << 8 | (uint32_t)blue << 16 | (uint32_t)alpha << 24;
}

static int is_little_endian(void) {
    const uint32_t probe = 1;
    uint8_t first;
    memcpy(&first, &probe, 1);
    return first == 1;
}

/// Converts one unfiltered row of `color_type` pixels to packed RGBA.
static void convert_row(const uint8_t *restrict row, uint32_t *restrict out, uint32_t width, int color_type,
                        const uint8_t *palette, const uint8_t *palette_alpha) {
    switch (color_type) {
    case 0:
        for (uint32_t x = 0; x < width; x++) out[x] = pack(row[x], row[x], row[x], 255);
        break;
    case 2: {
        uint32_t x = 0;
        if (is_little_endian()) {
            // A word from each pixel's first byte holds R, G, B and the next pixel's red, which
            // the alpha replaces; the last pixel has no next byte and is packed below.
            for (; x + 1 < width; x++) out[x] = (load32(row + 3 * (size_t)x) & 0x00FFFFFFu) | 0xFF000000u;
        }
        for (; x < width; x++) out[x] = pack(row[3 * x], row[3 * x + 1], row[3 * x + 2], 255);
        break;
    }
    case 3:
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *entry = palette + 3 * row[x];
            out[x] = pack(entry[0], entry[1], entry[2], palette_alpha[row[x]]);
        }
        break;
    case 4:
        for (uint32_t x = 0; x < width; x++) out[x] = pack(row[2 * x], row[2 * x], row[2 * x], row[2 * x + 1]);
        break;
    default:
        if (is_little_endian()) {
            memcpy(out, row, (size_t)width * 4);  // R, G, B, A in memory is the packed order
        } else {
            for (uint32_t x = 0; x < width; x++) out[x] = pack(row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]);
        }
        break;
    }
}

int shapeturns_png_decode_fast(const uint8_t *bytes, size_t count, uint32_t max_side, uint32_t *pixels, size_t pixel_capacity) {
    // Signature, then IHDR, which must come first.
    if (count < 8 + 25 || !type_is(bytes + 12, "IHDR") || read_u32(bytes + 8) != 13) return 0;
    const uint8_t *header = bytes + 16;
    const uint32_t width = read_u32(header);
    const uint32_t height = read_u32(header + 4);
    const int bit_depth = header[8];
    const int color_type = header[9];
    if (width == 0 || height == 0 || width > max_side || height > max_side) return 0;
    if ((size_t)width * height > pixel_capacity) return 0;
    if (bit_depth != 8 || header[10] != 0 || header[11] != 0 || header[12] != 0) return 0;
    size_t channels;
    switch (color_type) {
    case 0: channels = 1; break;
    case 2: channels = 3; break;
    case 3: channels = 1; break;
    case 4: channels = 2; break;
    case 6: channels = 4; break;
    default: return 0;
    }

    uint8_t palette[3 * 256] = {0};
    uint8_t palette_alpha[256];
    memset(palette_alpha, 255, sizeof palette_alpha);
    unsigned palette_size = 0;
    const uint8_t *single_idat = NULL;
    size_t idat_size = 0;
    size_t idat_chunks = 0;
    int idat_ended = 0;
    int saw_end = 0;
    uint8_t *joined = NULL;

    // Walk the chunks once to check them and find the image data.
    size_t offset = 8;
    while (offset + 12 <= count) {
        const uint32_t length = read_u32(bytes + offset);
        const uint8_t *type = bytes + offset + 4;
        if (length > 0x7FFFFFFF || length > count - offset - 12) return 0;
        const uint8_t *data = type + 4;
        for (int i = 0; i < 4; i++) {
            const uint8_t letter = (uint8_t)(type[i] | 0x20);
            if (letter < 'a' || letter > 'z') return 0;  // libpng refuses such names
        }
        if (!type_is(type, "IDAT") && length > 8000000) return 0;  // libpng's chunk size limit
        if (libdeflate_crc32(0, type, (size_t)length + 4) != read_u32(data + length)) return 0;
        if (type_is(type, "IDAT")) {
            if (idat_ended) return 0;
            if (idat_chunks == 0) single_idat = data;
            idat_chunks++;
            idat_size += length;
        } else {
            if (idat_chunks > 0) idat_ended = 1;
            if (type_is(type, "IEND")) {
                saw_end = 1;
                break;
            } else if (type_is(type, "PLTE")) {
                if (idat_chunks > 0 || palette_size > 0 || length % 3 != 0 || length == 0 || length > 3 * 256) return 0;
                if (color_type == 0 || color_type == 4) return 0;
                memcpy(palette, data, length);
                palette_size = length / 3;
            } else if (type_is(type, "tRNS")) {
                if (color_type != 3 || palette_size == 0 || idat_chunks > 0 || length > palette_size) return 0;
                memcpy(palette_alpha, data, length);
            } else if (type_is(type, "IHDR") && offset != 8) {
                return 0;
            } else if ((type[0] & 0x20) == 0 && !type_is(type, "IHDR")) {
                return 0;  // an unknown critical chunk: libpng decides
            }
        }
        offset += (size_t)length + 12;
    }
    if (!saw_end || idat_chunks == 0 || (color_type == 3 && palette_size == 0)) return 0;

    const uint8_t *compressed = single_idat;
    if (idat_chunks > 1) {
        joined = malloc(idat_size);
        if (joined == NULL) return 0;
        size_t filled = 0;
        for (offset = 8; filled < idat_size; ) {
            const uint32_t length = read_u32(bytes + offset);
            if (type_is(bytes + offset + 4, "IDAT")) {
                memcpy(joined + filled, bytes + offset + 8, length);
                filled += length;
            }
            offset += (size_t)length + 12;
        }
        compressed = joined;
    }

    const size_t row_bytes = (size_t)width * channels;
    const size_t raw_size = (row_bytes + 1) * height;
    // Inflate into the end of the caller's buffer when it has `height` bytes to spare beyond
    // the image: rows are then converted to the front one by one, each row's output ending
    // before the next raw row begins, and no second image-sized buffer is touched (new pages
    // are a large part of the cost). Otherwise inflate into a buffer of its own.
    const size_t capacity_bytes = pixel_capacity * sizeof *pixels;
    uint8_t *owned = NULL;
    uint8_t *raw;
    if (capacity_bytes >= (size_t)width * height * 4 + height && capacity_bytes >= raw_size) {
        raw = (uint8_t *)pixels + (capacity_bytes - raw_size);
    } else {
        owned = malloc(raw_size);
        if (owned != NULL) shapeturns_png_prepare_buffer(owned, raw_size);
        raw = owned;
    }
    uint8_t *previous = calloc(row_bytes, 1);
    uint8_t *current = malloc(row_bytes);
    struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
    int decoded = 0;
    size_t produced = 0;
    if (raw != NULL && previous != NULL && current != NULL && inflater != NULL
        && libdeflate_zlib_decompress(inflater, compressed, idat_size, raw, raw_size, &produced) == LIBDEFLATE_SUCCESS
        && produced == raw_size) {
        decoded = 1;
        for (uint32_t y = 0; y < height && decoded; y++) {
            uint8_t *line = raw + (size_t)y * (row_bytes + 1);
            decoded = unfilter_row(line[0], line + 1, previous, row_bytes, channels);
            if (decoded && color_type == 3) {
                // An index past the palette is libpng's to judge.
                for (size_t x = 0; x < row_bytes; x++) {
                    if (line[1 + x] >= palette_size) { decoded = 0; break; }
                }
            }
            if (decoded) {
                // Keep the unfiltered row apart: the next row's filter needs it, and writing
                // this row's pixels may overwrite where it was.
                memcpy(current, line + 1, row_bytes);
                convert_row(current, pixels + (size_t)y * width, width, color_type, palette, palette_alpha);
                uint8_t *swap = previous;
                previous = current;
                current = swap;
            }
        }
    }
    libdeflate_free_decompressor(inflater);
    free(previous);
    free(current);
    free(owned);
    free(joined);
    return decoded;
}
