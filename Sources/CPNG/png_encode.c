// PNG encoding of Cairo's premultiplied ARGB32 pixels, for generate's speed.
//
// Pixels are unpremultiplied exactly as Cairo's own PNG writer does, so a decoder reads the same
// straight RGBA from these files as from Cairo's.
//
// SHAPETURNS_PNG_RUNS (fast) needs no match search at all: shapes are flat colours, so each row
// is a few runs of one repeated pixel (transparent, fill, outline) between anti-aliased edges,
// and most rows equal the row above or differ from it in a few runs. Each row is filtered with
// None or Up (see zlib_runs) and becomes the filter byte and the first pixel of every run as
// literals, and the rest of the run as deflate matches at distance 4 (one pixel back); a row
// that is nearly all edges (a photograph's) is all literals. The work is per run, not per pixel:
// runs are found eight pixels a step with AVX2 where the processor has it (the portable loop
// finds the same runs), a row equal to the one above costs a memcmp, and the Adler-32 of a run
// is computed in closed form. The symbols are then coded in one deflate block with Huffman
// codes built for this image (RFC 1951, 3.2.7). The output is a valid zlib stream any inflater
// reads, and depends on nothing but the pixels: not on the processor, and no library version
// can change its bytes.
//
// Where runs do not pay (a photograph: 16 rows spread over the image, and at least 12 of them
// change at more than half their pixels) the image takes the literal path instead (see
// zlib_literals): each row filtered with whichever of PNG's five filters a cost guess prefers,
// 32 bytes a step with AVX2 or the same sums portably, and every byte a literal of a code fit to
// the image's own counts, as fpnge does.
//
// The other levels hand the whole filtered image to libdeflate.

#include "CPNG.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/// Bits written low bit first (RFC 1951, 3.1.1); at most 32 bits a call.
typedef struct {
    uint8_t *out;
    size_t position;
    size_t capacity;
    uint64_t bits;
    unsigned count;
} bit_writer;

static inline void put_bits(bit_writer *writer, uint64_t value, unsigned count) {
    writer->bits |= value << writer->count;
    writer->count += count;
    if (writer->count >= 32) {
        // Four bytes at once, low byte first whatever the machine's byte order.
        if (writer->position + 4 <= writer->capacity) {
            uint8_t *at = writer->out + writer->position;
            at[0] = (uint8_t)writer->bits;
            at[1] = (uint8_t)(writer->bits >> 8);
            at[2] = (uint8_t)(writer->bits >> 16);
            at[3] = (uint8_t)(writer->bits >> 24);
        } else {
            for (unsigned byte = 0; byte < 4; byte++) {
                if (writer->position + byte < writer->capacity) {
                    writer->out[writer->position + byte] = (uint8_t)(writer->bits >> (8 * byte));
                }
            }
        }
        writer->position += 4;
        writer->bits >>= 32;
        writer->count -= 32;
    }
}

/// Writes out the bits still held, the last byte padded with zeros.
static void flush_bits(bit_writer *writer) {
    while (writer->count > 0) {
        if (writer->position < writer->capacity) {
            writer->out[writer->position] = (uint8_t)writer->bits;
        }
        writer->position++;
        writer->bits >>= 8;
        writer->count = writer->count > 8 ? writer->count - 8 : 0;
    }
}

/// The low `length` bits of `code` (at most 16) in reverse order, a nibble at a time.
static uint32_t reversed(uint32_t code, unsigned length) {
    static const uint8_t nibble[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
    uint32_t all = (uint32_t)nibble[code & 15] << 12 | (uint32_t)nibble[(code >> 4) & 15] << 8
                   | (uint32_t)nibble[(code >> 8) & 15] << 4 | nibble[(code >> 12) & 15];
    return all >> (16 - length);
}

// Deflate's length symbols 257..285: the first length of each and how many extra bits follow.
static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static uint8_t length_index[259];
/// A guess at a literal byte's cost in bits before the image's code is known: the bits of its
/// distance from zero (filtered bytes near zero are the common ones).
static uint8_t literal_cost[256];
/// `straight[alpha][value]`: a premultiplied colour byte unpremultiplied as Cairo's PNG writer
/// rounds, `(value * 255 + alpha / 2) / alpha` (row 0 unused): a load instead of a division.
static uint8_t straight[256][256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void) {
    for (unsigned alpha = 1; alpha < 256; alpha++) {
        for (unsigned value = 0; value < 256; value++) {
            straight[alpha][value] = (uint8_t)((value * 255 + alpha / 2) / alpha);
        }
    }
    for (unsigned byte = 0; byte < 256; byte++) {
        unsigned magnitude = byte < 128 ? byte : 256 - byte, bits = 0;
        while (magnitude > 0) {
            bits++;
            magnitude >>= 1;
        }
        literal_cost[byte] = (uint8_t)bits;
    }
    for (unsigned length = 3; length <= 258; length++) {
        unsigned index = 28;
        while (length_base[index] > length) {
            index--;
        }
        length_index[length] = (uint8_t)index;
    }
}

/// Sorts `leaf` (symbols in rising order) by `weight`, keeping equal weights in symbol order:
/// a radix sort a byte of the weight at a time, for as many bytes as the weights use.
static void sort_leaves(uint16_t *leaf, unsigned count, const uint32_t *weight) {
    uint16_t scratch[288];
    uint32_t used = 0;
    for (unsigned i = 0; i < count; i++) {
        used |= weight[leaf[i]];
    }
    uint16_t *from = leaf, *to = scratch;
    for (unsigned shift = 0; shift < 32 && (used >> shift) != 0; shift += 8) {
        unsigned next[256] = {0};
        for (unsigned i = 0; i < count; i++) {
            next[(weight[from[i]] >> shift) & 255]++;
        }
        unsigned total = 0;
        for (unsigned digit = 0; digit < 256; digit++) {
            unsigned here = next[digit];
            next[digit] = total;
            total += here;
        }
        for (unsigned i = 0; i < count; i++) {
            to[next[(weight[from[i]] >> shift) & 255]++] = from[i];
        }
        uint16_t *swap = from;
        from = to;
        to = swap;
    }
    if (from != leaf) {
        memcpy(leaf, from, count * sizeof *leaf);
    }
}

/// Code lengths of at most `limit` bits for the symbols with a non-zero count (a Huffman code;
/// where that is too deep, the counts are halved until it fits). Symbols never seen get 0.
static void huffman_lengths(const uint32_t *counts, unsigned symbols, unsigned limit, uint8_t *lengths) {
    uint32_t weight[2 * 288];
    int16_t parent[2 * 288];
    uint16_t leaf[288];
    uint32_t scaled[288];
    memcpy(scaled, counts, symbols * sizeof(uint32_t));
    for (;;) {
        memset(lengths, 0, symbols);
        unsigned leaves = 0;
        for (unsigned symbol = 0; symbol < symbols; symbol++) {
            if (scaled[symbol] > 0) {
                leaf[leaves++] = (uint16_t)symbol;
            }
        }
        if (leaves == 0) {
            return;
        }
        if (leaves == 1) {
            lengths[leaf[0]] = 1;
            return;
        }
        // Leaves sorted by weight, ties in symbol order; internal nodes are made in rising
        // weight order, so two queues (leaves, then nodes) always yield the two lightest (the
        // two-queue method).
        sort_leaves(leaf, leaves, scaled);
        for (unsigned i = 0; i < leaves; i++) {
            weight[i] = scaled[leaf[i]];
            parent[i] = -1;
        }
        unsigned next_leaf = 0, next_node = leaves, nodes = leaves;
        while (nodes < 2 * leaves - 1) {
            unsigned pick[2];
            for (unsigned k = 0; k < 2; k++) {
                if (next_leaf < leaves && (next_node >= nodes || weight[next_leaf] <= weight[next_node])) {
                    pick[k] = next_leaf++;
                } else {
                    pick[k] = next_node++;
                }
            }
            weight[nodes] = weight[pick[0]] + weight[pick[1]];
            parent[nodes] = -1;
            parent[pick[0]] = (int16_t)nodes;
            parent[pick[1]] = (int16_t)nodes;
            nodes++;
        }
        // Depths from the root down: every node is made after its children.
        uint8_t depth[2 * 288];
        depth[nodes - 1] = 0;
        unsigned deepest = 0;
        for (unsigned node = nodes - 1; node-- > 0;) {
            unsigned below = depth[parent[node]] + 1u;
            depth[node] = (uint8_t)(below < 255 ? below : 255);
        }
        for (unsigned i = 0; i < leaves; i++) {
            lengths[leaf[i]] = depth[i];
            if (depth[i] > deepest) {
                deepest = depth[i];
            }
        }
        if (deepest <= limit) {
            return;
        }
        for (unsigned symbol = 0; symbol < symbols; symbol++) {
            if (scaled[symbol] > 0) {
                scaled[symbol] = (scaled[symbol] >> 1) | 1;
            }
        }
    }
}

/// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed for LSB-first output.
static void canonical_codes(const uint8_t *lengths, unsigned symbols, uint32_t *codes) {
    uint32_t count[16] = {0}, next[16] = {0};
    for (unsigned symbol = 0; symbol < symbols; symbol++) {
        count[lengths[symbol]]++;
    }
    count[0] = 0;
    uint32_t code = 0;
    for (unsigned bits = 1; bits < 16; bits++) {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (unsigned symbol = 0; symbol < symbols; symbol++) {
        codes[symbol] = lengths[symbol] ? reversed(next[lengths[symbol]]++, lengths[symbol]) : 0;
    }
}

/// A deflate code of at most 15 bits for `counts`: fills `lengths` and `codes`, and returns how
/// many symbols the block header must list (the last used one and all before it, at least `minimum`).
static unsigned build_code(const uint32_t *counts, unsigned symbols, unsigned minimum, uint8_t *lengths, uint32_t *codes) {
    huffman_lengths(counts, symbols, 15, lengths);
    canonical_codes(lengths, symbols, codes);
    unsigned listed = symbols;
    while (listed > minimum && lengths[listed - 1] == 0) {
        listed--;
    }
    return listed;
}

// Deflate's distance codes 0..29: the first distance of each and how many extra bits follow.
static const uint16_t distance_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                           257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                           8193, 12289, 16385, 24577};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                           7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static unsigned distance_code(size_t distance) {
    unsigned code = 29;
    while (distance_base[code] > distance) {
        code--;
    }
    return code;
}

/// The image's symbols: a literal byte (0-255), or `PIXEL_MATCH` + the length (3-258) of a match
/// one pixel back (distance 4), the only distance used.
enum { PIXEL_MATCH = 256 };

/// A match one row back, as zlib_runs_previous writes it: `ROW_MATCH` + its length.
enum { ROW_MATCH = 600 };

/// A growing list of symbols with their literal/length counts, kept per thread so that an image
/// reuses the memory of the one before.
typedef struct {
    uint16_t *items;
    size_t count;
    size_t capacity;
    uint32_t counts[286];
} symbol_list;

/// Makes room for `more` symbols; returns 0 when memory ran out.
static int reserve(symbol_list *list, size_t more) {
    if (list->count + more <= list->capacity) {
        return 1;
    }
    size_t capacity = list->capacity ? list->capacity : 65536;
    while (capacity < list->count + more) {
        capacity *= 2;
    }
    uint16_t *items = realloc(list->items, capacity * sizeof(uint16_t));
    if (items == NULL) {
        return 0;
    }
    list->items = items;
    list->capacity = capacity;
    return 1;
}

static inline void add_symbol(symbol_list *list, unsigned symbol) {
    list->items[list->count++] = (uint16_t)symbol;
}

/// Adds matches of `length` bytes in all, at most 258 and at least 3 each, one pixel back
/// (`PIXEL_MATCH`) or one row back (`ROW_MATCH`, zlib_runs_previous only).
static inline void add_repeat_kind(symbol_list *list, size_t length, unsigned kind) {
    while (length > 0) {
        size_t take = length > 258 ? 258 : length;
        if (length - take > 0 && length - take < 3) {
            take = length - 3;
        }
        list->items[list->count++] = (uint16_t)(kind + take);
        length -= take;
    }
}

/// Adds matches one pixel back of `length` bytes in all.
static inline void add_repeat(symbol_list *list, size_t length) {
    add_repeat_kind(list, length, PIXEL_MATCH);
}

/// Straight RGBA of one premultiplied ARGB pixel, rounded as Cairo's PNG writer rounds.
static inline void unpremultiply(uint32_t pixel, uint8_t *rgba) {
    uint32_t alpha = pixel >> 24;
    if (alpha == 0) {
        rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
        return;
    }
    if (alpha == 255) {
        rgba[0] = (uint8_t)(pixel >> 16);
        rgba[1] = (uint8_t)(pixel >> 8);
        rgba[2] = (uint8_t)pixel;
        rgba[3] = 255;
        return;
    }
    rgba[0] = (uint8_t)((((pixel >> 16) & 0xFF) * 255 + alpha / 2) / alpha);
    rgba[1] = (uint8_t)((((pixel >> 8) & 0xFF) * 255 + alpha / 2) / alpha);
    rgba[2] = (uint8_t)(((pixel & 0xFF) * 255 + alpha / 2) / alpha);
    rgba[3] = (uint8_t)alpha;
}

/// The bytes of one straight RGBA pixel packed as `red | green << 8 | blue << 16 | alpha << 24`.
static inline void unpack(uint32_t pixel, uint8_t *rgba) {
    rgba[0] = (uint8_t)pixel;
    rgba[1] = (uint8_t)(pixel >> 8);
    rgba[2] = (uint8_t)(pixel >> 16);
    rgba[3] = (uint8_t)(pixel >> 24);
}

/// One row as PNG bytes: its filter byte, then the first `bpp` bytes of each pixel's straight
/// RGBA (4, or 3 for RGB) from either pixel layout.
static void unpremultiply_row(const uint32_t *pixels, uint32_t width, shapeturns_png_layout layout, unsigned bpp, uint8_t *row) {
    row[0] = 0; // filter type None
    uint8_t rgba[4];
    for (uint32_t x = 0; x < width; x++) {
        if (layout == SHAPETURNS_PNG_STRAIGHT_RGBA) {
            unpack(pixels[x], rgba);
        } else {
            unpremultiply(pixels[x], rgba);
        }
        memcpy(row + 1 + bpp * (size_t)x, rgba, bpp);
    }
}

static void put_be32(uint8_t *at, uint32_t value) {
    at[0] = (uint8_t)(value >> 24);
    at[1] = (uint8_t)(value >> 16);
    at[2] = (uint8_t)(value >> 8);
    at[3] = (uint8_t)value;
}

size_t shapeturns_png_encode_bound(uint32_t width, uint32_t height) {
    size_t raw = ((size_t)width * 4 + 1) * height;
    // Every byte a 9-bit literal at worst, plus the containers.
    return raw + raw / 8 + 1024;
}

/// Ends a zlib stream: the end-of-block code, the last byte padded, then the Adler-32 of the
/// uncompressed bytes, high byte first. Returns the stream's size.
static size_t finish_stream(bit_writer *writer, uint32_t end_code, unsigned end_length, uint32_t adler) {
    put_bits(writer, end_code, end_length);
    flush_bits(writer);
    uint8_t trailer[4];
    put_be32(trailer, adler);
    for (unsigned byte = 0; byte < 4; byte++) {
        put_bits(writer, trailer[byte], 8);
    }
    flush_bits(writer);
    return writer->position;
}

/// The order in which a dynamic block gives its code-length code lengths (RFC 1951, 3.2.7).
static const uint8_t code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// Writes the header of a dynamic-Huffman block for these literal/length and distance lengths.
static void put_dynamic_header(bit_writer *writer, const uint8_t *litlen, unsigned litlen_count,
                               const uint8_t *distance, unsigned distance_count) {
    uint8_t all[288 + 32];
    memcpy(all, litlen, litlen_count);
    memcpy(all + litlen_count, distance, distance_count);
    unsigned total = litlen_count + distance_count;
    // Run-length code the lengths with symbols 16 (repeat the last 3-6 times), 17 (3-10 zeros)
    // and 18 (11-138 zeros).
    uint8_t symbol[320], extra[320];
    unsigned items = 0;
    for (unsigned i = 0; i < total;) {
        unsigned run = 1;
        while (i + run < total && all[i + run] == all[i]) {
            run++;
        }
        if (all[i] == 0 && run >= 3) {
            unsigned take = run > 138 ? 138 : run;
            symbol[items] = take >= 11 ? 18 : 17;
            extra[items++] = (uint8_t)(take - (take >= 11 ? 11 : 3));
            i += take;
        } else if (all[i] != 0 && run >= 4) {
            symbol[items] = all[i];
            extra[items++] = 0;
            unsigned take = run - 1 > 6 ? 6 : run - 1;
            symbol[items] = 16;
            extra[items++] = (uint8_t)(take - 3);
            i += 1 + take;
        } else {
            symbol[items] = all[i];
            extra[items++] = 0;
            i++;
        }
    }
    uint32_t counts[19] = {0};
    for (unsigned i = 0; i < items; i++) {
        counts[symbol[i]]++;
    }
    uint8_t lengths[19];
    uint32_t codes[19];
    huffman_lengths(counts, 19, 7, lengths);
    canonical_codes(lengths, 19, codes);
    unsigned code_length_count = 19;
    while (code_length_count > 4 && lengths[code_length_order[code_length_count - 1]] == 0) {
        code_length_count--;
    }
    put_bits(writer, 1, 1); // final block
    put_bits(writer, 2, 2); // dynamic Huffman codes
    put_bits(writer, litlen_count - 257, 5);
    put_bits(writer, distance_count - 1, 5);
    put_bits(writer, code_length_count - 4, 4);
    for (unsigned i = 0; i < code_length_count; i++) {
        put_bits(writer, lengths[code_length_order[i]], 3);
    }
    static const uint8_t extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
    for (unsigned i = 0; i < items; i++) {
        put_bits(writer, codes[symbol[i]], lengths[symbol[i]]);
        put_bits(writer, extra[i], extra_bits[symbol[i]]);
    }
}

/// The straight RGBA of one pixel of either layout, packed `red | green << 8 | blue << 16 |
/// alpha << 24`, unpremultiplied as unpremultiply does.
static inline uint32_t straight_pixel(uint32_t pixel, shapeturns_png_layout layout) {
    if (layout == SHAPETURNS_PNG_STRAIGHT_RGBA) {
        return pixel;
    }
    uint32_t alpha = pixel >> 24;
    if (alpha == 0) {
        return 0;
    }
    uint32_t red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF, blue = pixel & 0xFF;
    if (alpha != 255) {
        red = straight[alpha][red];
        green = straight[alpha][green];
        blue = straight[alpha][blue];
    }
    return red | green << 8 | blue << 16 | alpha << 24;
}

/// The byte-wise difference `x - y` of two packed pixels (PNG's Up filter on four bytes at once).
static inline uint32_t subtract_lanes(uint32_t x, uint32_t y) {
    const uint32_t high = 0x80808080u;
    return ((x | high) - (y & ~high)) ^ ((x ^ ~y) & high);
}

/// Where the pixels of a row, or the pairs (pixel, pixel above) when `above` is not NULL, change
/// from their left neighbour: fills `starts` with 0 and each such x; returns how many.
static size_t segment_starts_portable(const uint32_t *row, const uint32_t *above, uint32_t width, uint32_t *starts) {
    size_t count = 0;
    starts[count++] = 0;
    if (above == NULL) {
        for (uint32_t x = 1; x < width; x++) {
            if (row[x] != row[x - 1]) {
                starts[count++] = x;
            }
        }
    } else {
        for (uint32_t x = 1; x < width; x++) {
            if (row[x] != row[x - 1] || above[x] != above[x - 1]) {
                starts[count++] = x;
            }
        }
    }
    return count;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define SHAPETURNS_PNG_AVX2 1

/// Whether the processor has AVX2, BMI1 and BMI2 and the system saves the AVX registers.
static int machine_has_avx2(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) {
        return 0;
    }
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 6) != 6) {
        return 0;
    }
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
        return 0;
    }
    return (ebx & bit_AVX2) && (ebx & bit_BMI) && (ebx & bit_BMI2);
}

/// segment_starts_portable with AVX2, eight pixels a step: the same starts.
__attribute__((target("avx2,bmi"))) static size_t segment_starts_avx2(const uint32_t *row, const uint32_t *above, uint32_t width, uint32_t *starts) {
    size_t count = 0;
    starts[count++] = 0;
    uint32_t x = 1;
    for (; x + 8 <= width; x += 8) {
        __m256i here = _mm256_loadu_si256((const __m256i *)(row + x));
        __m256i left = _mm256_loadu_si256((const __m256i *)(row + x - 1));
        __m256i same = _mm256_cmpeq_epi32(here, left);
        if (above != NULL) {
            __m256i up = _mm256_loadu_si256((const __m256i *)(above + x));
            __m256i up_left = _mm256_loadu_si256((const __m256i *)(above + x - 1));
            same = _mm256_and_si256(same, _mm256_cmpeq_epi32(up, up_left));
        }
        unsigned changed = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(same)) & 0xFF;
        while (changed != 0) {
            starts[count++] = x + (uint32_t)_tzcnt_u32(changed);
            changed &= changed - 1;
        }
    }
    for (; x < width; x++) {
        if (row[x] != row[x - 1] || (above != NULL && above[x] != above[x - 1])) {
            starts[count++] = x;
        }
    }
    return count;
}
#endif

/// -1 until decided, then whether segment_starts uses AVX2 (atomic: any thread may decide).
static _Atomic int vector_instructions = -1;

void shapeturns_png_encode_use_vector_instructions(int enabled) {
#if SHAPETURNS_PNG_AVX2
    atomic_store_explicit(&vector_instructions, enabled && machine_has_avx2(), memory_order_relaxed);
#else
    (void)enabled;
    atomic_store_explicit(&vector_instructions, 0, memory_order_relaxed);
#endif
}

/// Whether segment_starts and the literal path use AVX2.
static int vector_enabled(void) {
#if SHAPETURNS_PNG_AVX2
    int use = atomic_load_explicit(&vector_instructions, memory_order_relaxed);
    if (use < 0) {
        shapeturns_png_encode_use_vector_instructions(1);
        use = atomic_load_explicit(&vector_instructions, memory_order_relaxed);
    }
    return use;
#else
    return 0;
#endif
}

static size_t segment_starts(const uint32_t *row, const uint32_t *above, uint32_t width, uint32_t *starts) {
#if SHAPETURNS_PNG_AVX2
    if (vector_enabled()) {
        return segment_starts_avx2(row, above, width, starts);
    }
#endif
    return segment_starts_portable(row, above, width, starts);
}

/// A row's straight RGBA bytes, red first.
static void straight_row_portable(const uint32_t *pixels, uint32_t width, shapeturns_png_layout layout, uint8_t *row) {
    for (uint32_t x = 0; x < width; x++) {
        unpack(straight_pixel(pixels[x], layout), row + 4 * (size_t)x);
    }
}

#if SHAPETURNS_PNG_AVX2
/// straight_row_portable eight pixels a step where all eight are opaque or all transparent.
__attribute__((target("avx2"))) static void straight_row_avx2(const uint32_t *pixels, uint32_t width, shapeturns_png_layout layout, uint8_t *row) {
    if (layout == SHAPETURNS_PNG_STRAIGHT_RGBA) {
        straight_row_portable(pixels, width, layout, row);
        return;
    }
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15,
                                           2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    uint32_t x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i argb = _mm256_loadu_si256((const __m256i *)(pixels + x));
        __m256i alphas = _mm256_and_si256(argb, alpha);
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(alphas, alpha)) == -1) {
            _mm256_storeu_si256((__m256i *)(row + 4 * (size_t)x), _mm256_shuffle_epi8(argb, order));
        } else if (_mm256_testz_si256(alphas, alphas)) {
            _mm256_storeu_si256((__m256i *)(row + 4 * (size_t)x), _mm256_setzero_si256());
        } else {
            straight_row_portable(pixels + x, 8, layout, row + 4 * (size_t)x);
        }
    }
    straight_row_portable(pixels + x, width - x, layout, row + 4 * (size_t)x);
}
#endif

/// A row's straight RGBA bytes, red first, eight pixels a step with AVX2 where it is on.
static void straight_row(const uint32_t *pixels, uint32_t width, shapeturns_png_layout layout, uint8_t *row) {
#if SHAPETURNS_PNG_AVX2
    if (vector_enabled()) {
        straight_row_avx2(pixels, width, layout, row);
        return;
    }
#endif
    straight_row_portable(pixels, width, layout, row);
}

/// Adler-32 (RFC 1950) kept as its two sums, fed whole runs of one pixel in closed form.
typedef struct {
    uint64_t a, b;
} adler_sums;

enum { ADLER_BASE = 65521 };

static inline void adler_reduce(adler_sums *sums) {
    sums->a %= ADLER_BASE;
    sums->b %= ADLER_BASE;
}

/// Feeds one byte. The sums are reduced lazily, by adler_run and at the end: a stays below
/// 2^32 and b below 2^64 for far more bytes than a row holds between two runs.
static inline void adler_byte(adler_sums *sums, unsigned byte) {
    sums->a += byte;
    sums->b += sums->a;
}

/// Feeds `count` copies of the first `bpp` bytes of `pixel` (red first): the sum grows by count ×
/// the bytes, and the running sum by bpp × count × a plus each byte i times
/// bpp × count × (count + 1) / 2 − i × count (the bytes after it, itself included, summed over
/// its copies).
static inline void adler_run(adler_sums *sums, uint32_t pixel, uint64_t count, unsigned bpp) {
    if (count == 1) {
        for (unsigned i = 0; i < bpp; i++) {
            adler_byte(sums, (pixel >> (8 * i)) & 0xFF);
        }
        if (sums->b >= ((uint64_t)1 << 62)) {
            adler_reduce(sums);
        }
        return;
    }
    adler_reduce(sums);
    // count × (count + 1) / 2 modulo the base, halving whichever factor is even first.
    uint64_t pairs = count % 2 == 0 ? (count / 2 % ADLER_BASE) * ((count + 1) % ADLER_BASE)
                                    : (count % ADLER_BASE) * ((count + 1) / 2 % ADLER_BASE);
    pairs %= ADLER_BASE;
    uint64_t weighted = 0, total = 0;
    for (unsigned i = 0; i < bpp; i++) {
        uint64_t byte = (pixel >> (8 * i)) & 0xFF;
        total += byte;
        uint64_t after = (bpp * pairs + ADLER_BASE - i * (count % ADLER_BASE) % ADLER_BASE) % ADLER_BASE;
        weighted += byte * after;
    }
    sums->b = (sums->b + (bpp * count % ADLER_BASE) * sums->a + weighted) % ADLER_BASE;
    sums->a = (sums->a + total * (count % ADLER_BASE)) % ADLER_BASE;
}

/// A row's runs: each the straight (or Up-filtered) value of its pixels and how many there are.
typedef struct {
    uint32_t *value;
    uint32_t *length;
    size_t count;
    /// A guess at the row's bits this way (see run_cost).
    uint64_t cost;
} run_list;

/// A guess at the bits of a run, in sixteenths of a bit: its four literals by `costs`, and 8 bits
/// for the matches.
static inline unsigned run_cost(const uint16_t *costs, uint32_t value) {
    return 128u + costs[value & 0xFF] + costs[(value >> 8) & 0xFF] + costs[(value >> 16) & 0xFF] + costs[value >> 24];
}

/// log2(value) in sixteenths, from integers alone (the same on every machine): the position of
/// the top bit, and the next four bits as the fraction (a slight underestimate).
static unsigned log2_sixteenths(uint32_t value) {
    unsigned top = 31 - (unsigned)__builtin_clz(value | 1);
    unsigned fraction = top >= 4 ? (value >> (top - 4)) & 15 : (value << (4 - top)) & 15;
    return 16 * top + fraction;
}

/// Literal costs from the counts so far: log2(total / count) bits each, in sixteenths.
static void update_costs(const uint32_t *counts, uint16_t *costs) {
    uint32_t total = 1;
    for (unsigned symbol = 0; symbol < 256; symbol++) {
        total += counts[symbol];
    }
    unsigned whole = log2_sixteenths(total);
    for (unsigned symbol = 0; symbol < 256; symbol++) {
        // log2(0 + 1) is 0.
        unsigned part = counts[symbol] == 0 ? 0 : log2_sixteenths(counts[symbol] + 1);
        costs[symbol] = (uint16_t)(whole > part ? whole - part : 0);
    }
}

/// Adds a row's symbols to `list` and its bytes to `sums`: the filter byte, then each run as
/// its first pixel's `bpp` bytes as literals and the rest as matches one pixel back.
/// The symbols are counted as they are added, the commonest (four zero bytes, a match of 258)
/// by one addition: increments of one counter in a row wait on each other.
static void add_row(symbol_list *list, adler_sums *sums, unsigned filter, const run_list *runs, unsigned bpp) {
    uint32_t *counts = list->counts;
    uint32_t longest = 0;
    add_symbol(list, filter);
    counts[filter]++;
    adler_byte(sums, filter);
    for (size_t i = 0; i < runs->count; i++) {
        uint32_t value = runs->value[i];
        unsigned bytes[4] = {value & 0xFF, (value >> 8) & 0xFF, (value >> 16) & 0xFF, value >> 24};
        for (unsigned byte = 0; byte < bpp; byte++) {
            add_symbol(list, bytes[byte]);
        }
        if (value == 0) {
            counts[0] += bpp;
        } else {
            for (unsigned byte = 0; byte < bpp; byte++) {
                counts[bytes[byte]]++;
            }
        }
        size_t matches = list->count;
        add_repeat(list, bpp * (size_t)(runs->length[i] - 1));
        for (; matches < list->count; matches++) {
            unsigned length = list->items[matches] - PIXEL_MATCH;
            if (length == 258) {
                longest++;
            } else {
                counts[257 + length_index[length]]++;
            }
        }
        adler_run(sums, value, runs->length[i], bpp);
    }
    counts[257 + length_index[258]] += longest;
}

/// Adds `length` pixels of `value` to a row's runs: to the last run when `same` says it has
/// this value, else as a new run.
static inline void extend_runs(run_list *runs, const uint16_t *costs, uint32_t value, uint32_t length, int same) {
    if (same) {
        runs->length[runs->count - 1] += length;
    } else {
        runs->value[runs->count] = value;
        runs->length[runs->count++] = length;
        runs->cost += run_cost(costs, value);
    }
}

/// Adds a row where most pixels differ from their left neighbour (a photograph's): every byte a
/// literal, with filter None or Up, whichever costs less by `costs`.
static void add_busy_row(symbol_list *list, adler_sums *sums, const uint16_t *costs, const uint32_t *row,
                         const uint32_t *above, uint32_t width, shapeturns_png_layout layout, unsigned bpp,
                         uint32_t *none_bytes, uint32_t *up_bytes) {
    uint64_t none_cost = 0, up_cost = 0;
    for (uint32_t x = 0; x < width; x++) {
        uint32_t pixel = straight_pixel(row[x], layout);
        uint32_t difference = above != NULL ? subtract_lanes(pixel, straight_pixel(above[x], layout)) : pixel;
        none_bytes[x] = pixel;
        up_bytes[x] = difference;
        none_cost += run_cost(costs, pixel);
        up_cost += run_cost(costs, difference);
    }
    unsigned filter = up_cost <= none_cost ? 2 : 0;
    const uint32_t *chosen = filter == 2 ? up_bytes : none_bytes;
    add_symbol(list, filter);
    list->counts[filter]++;
    adler_byte(sums, filter);
    uint16_t *restrict items = list->items + list->count;
    uint32_t *restrict counts = list->counts;
    uint8_t bytes[4096];
    for (uint32_t x = 0; x < width;) {
        uint32_t chunk = width - x < 1024 ? width - x : 1024;
        for (uint32_t i = 0; i < chunk; i++) {
            uint32_t value = chosen[x + i];
            for (unsigned byte = 0; byte < bpp; byte++) {
                bytes[bpp * i + byte] = (uint8_t)(value >> (8 * byte));
            }
        }
        for (uint32_t i = 0; i < bpp * chunk; i++) {
            items[i] = bytes[i];
        }
        for (uint32_t i = 0; i < bpp * chunk; i++) {
            counts[bytes[i]]++;
        }
        items += bpp * chunk;
        adler_reduce(sums);
        uint32_t adler = libdeflate_adler32((uint32_t)(sums->b << 16 | sums->a), bytes, bpp * (size_t)chunk);
        sums->a = adler & 0xFFFF;
        sums->b = adler >> 16;
        x += chunk;
    }
    list->count += bpp * (size_t)width;
}

/// Per-thread memory of the encoders: the fast encoding's, grown to the largest image seen,
/// and a libdeflate compressor per level (megabytes of tables each). Kept for the thread's life
/// (generate's workers last the whole run) and freed when it ends, so memory stays flat however
/// many images are made.
typedef struct {
    symbol_list symbols;
    uint32_t *starts;
    run_list none, up;
    /// A busy row's bytes with filter None and Up.
    uint32_t *none_bytes, *up_bytes;
    uint32_t width_capacity;
    /// The literal path's two rows of straight RGBA (see zlib_literals) and its filtered image.
    uint8_t *literal_rows;
    size_t literal_rows_capacity;
    uint8_t *filtered;
    size_t filtered_capacity;
    struct libdeflate_compressor *compressors[13];
} runs_workspace;

static pthread_key_t workspace_key;
static int workspace_key_made;
static pthread_once_t workspace_once = PTHREAD_ONCE_INIT;

static void free_workspace(void *pointer) {
    runs_workspace *space = pointer;
    free(space->symbols.items);
    free(space->starts);
    free(space->none.value);
    free(space->none.length);
    free(space->up.value);
    free(space->up.length);
    free(space->none_bytes);
    free(space->up_bytes);
    free(space->literal_rows);
    free(space->filtered);
    for (int level = 0; level < 13; level++) {
        if (space->compressors[level] != NULL) {
            libdeflate_free_compressor(space->compressors[level]);
        }
    }
    free(space);
}

static void make_workspace_key(void) {
    workspace_key_made = pthread_key_create(&workspace_key, free_workspace) == 0;
}

/// This thread's workspace, made on first use; NULL when memory ran out.
static runs_workspace *thread_workspace(void) {
    pthread_once(&workspace_once, make_workspace_key);
    if (!workspace_key_made) {
        return NULL;
    }
    runs_workspace *space = pthread_getspecific(workspace_key);
    if (space == NULL) {
        space = calloc(1, sizeof *space);
        if (space != NULL && pthread_setspecific(workspace_key, space) != 0) {
            free(space);
            space = NULL;
        }
    }
    return space;
}

static int workspace_fit(runs_workspace *space, uint32_t width) {
    if (space->width_capacity >= width) {
        return 1;
    }
    enum { BUFFERS = 7 };
    uint32_t *buffers[BUFFERS];
    int missing = 0;
    for (int i = 0; i < BUFFERS; i++) {
        buffers[i] = malloc((size_t)width * sizeof(uint32_t));
        missing |= buffers[i] == NULL;
    }
    if (missing) {
        for (int i = 0; i < BUFFERS; i++) {
            free(buffers[i]);
        }
        return 0;
    }
    free(space->none_bytes);
    free(space->up_bytes);
    space->none_bytes = buffers[5];
    space->up_bytes = buffers[6];
    free(space->starts);
    free(space->none.value);
    free(space->none.length);
    free(space->up.value);
    free(space->up.length);
    space->starts = buffers[0];
    space->none.value = buffers[1];
    space->none.length = buffers[2];
    space->up.value = buffers[3];
    space->up.length = buffers[4];
    space->width_capacity = width;
    return 1;
}

/// zlib_runs_previous's distance code: distance 4 (code 3) and one row back (`row_code`), with
/// unused codes given a count until two have one, so that the code is complete.
static unsigned build_previous_distance_code(uint32_t *distance_counts, unsigned row_code, uint8_t *lengths, uint32_t *codes) {
    for (unsigned code = 0, used = (distance_counts[3] > 0) + (distance_counts[row_code] > 0 && row_code != 3); used < 2; code++) {
        if (distance_counts[code] == 0) {
            distance_counts[code] = 1;
            used++;
        }
    }
    return build_code(distance_counts, 30, 1, lengths, codes);
}

/// The code zlib_runs_previous writes with, and the counts it was made from: previous_bits keeps
/// it, so that zlib_runs_previous need not make it again when it counts the same.
typedef struct {
    uint32_t litlen_counts[286], distance_counts[30];
    uint8_t litlen_lengths[286], distance_lengths[30];
    uint32_t litlen_codes[286], distance_codes[30];
    unsigned litlen_count, distance_count;
} previous_code;

/// Makes `code` from its counts.
static void make_previous_code(previous_code *code, unsigned row_code) {
    code->litlen_count = build_code(code->litlen_counts, 286, 257, code->litlen_lengths, code->litlen_codes);
    uint32_t distance_counts[30];
    memcpy(distance_counts, code->distance_counts, sizeof distance_counts);
    code->distance_count = build_previous_distance_code(distance_counts, row_code, code->distance_lengths, code->distance_codes);
}

/// The encoder before issue 22, kept so that no file is ever larger than it wrote: zlib_runs
/// hands an image to it when its sums (see previous_sizes) say it would write fewer bits.
/// Filter None; runs of one pixel as matches one pixel back; a row equal to the one above as
/// matches one row back when that is cheaper.
static size_t zlib_runs_previous(const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout,
                                 runs_workspace *workspace, const previous_code *known, uint8_t *out, size_t capacity) {
    pthread_once(&tables_once, fill_tables);
    size_t row_bytes = (size_t)width * 4 + 1;
    uint8_t *row = malloc(row_bytes);
    uint8_t *previous = malloc(row_bytes);
    symbol_list *list = &workspace->symbols;
    list->count = 0;
    if (row == NULL || previous == NULL) {
        free(row);
        free(previous);
        return 0;
    }
    // A row equal to the one above (a square's sides, empty canvas) is one match a row back,
    // where deflate's 32 KiB window reaches.
    int rows_reachable = row_bytes <= 32768;
    size_t row_matches = (row_bytes + 257) / 258;
    uint32_t adler = 1;
    // The row above's pixels and run count. `previous` holds its bytes; when a row's pixels equal
    // the row above's, workspace->starts still holds their runs' starts.
    const uint32_t *pixels_above = NULL;
    size_t starts_above = 0;
    for (uint32_t y = 0; y < height; y++) {
        if (!reserve(list, row_bytes)) {
            free(row);
            free(previous);
            return 0;
        }
        const uint32_t *pixels = (const uint32_t *)(data + (size_t)y * stride);
        int same_pixels = pixels_above != NULL && memcmp(pixels, pixels_above, (size_t)width * 4) == 0;
        size_t starts = starts_above;
        if (!same_pixels) {
            starts = segment_starts(pixels, NULL, width, workspace->starts);
            row[0] = 0; // filter type None
            straight_row(pixels, width, layout, row + 1);
        }
        const uint8_t *current = same_pixels ? previous : row;
        adler = libdeflate_adler32(adler, current, row_bytes);
        pixels_above = pixels;
        starts_above = starts;
        // A row repeated by a match a row back when that costs less than its runs' literals.
        if (y > 0 && rows_reachable && starts * 20 > row_matches * 14 && (same_pixels || memcmp(row, previous, row_bytes) == 0)) {
            add_repeat_kind(list, row_bytes, ROW_MATCH);
            continue;
        }
        if (!same_pixels) {
            uint8_t *swap = previous;
            previous = row;
            row = swap;
        }
        list->items[list->count++] = 0;
        for (size_t i = 0; i < starts; i++) {
            uint32_t x = workspace->starts[i];
            uint32_t run = (i + 1 < starts ? workspace->starts[i + 1] : width) - x;
            const uint8_t *rgba = previous + 1 + 4 * (size_t)x;
            for (unsigned byte = 0; byte < 4; byte++) {
                list->items[list->count++] = rgba[byte];
            }
            if (run > 1) {
                add_repeat_kind(list, 4 * (size_t)(run - 1), PIXEL_MATCH);
            }
        }
    }
    free(row);
    free(previous);
    unsigned row_code = distance_code(row_bytes);

    previous_code made;
    memset(made.litlen_counts, 0, sizeof made.litlen_counts);
    memset(made.distance_counts, 0, sizeof made.distance_counts);
    for (size_t i = 0; i < list->count; i++) {
        uint16_t item = list->items[i];
        if (item < PIXEL_MATCH) {
            made.litlen_counts[item]++;
        } else {
            int by_row = item >= ROW_MATCH;
            made.litlen_counts[257 + length_index[item - (by_row ? ROW_MATCH : PIXEL_MATCH)]]++;
            made.distance_counts[by_row ? row_code : 3]++;
        }
    }
    made.litlen_counts[256] = 1; // end of block
    const previous_code *code = known;
    if (code == NULL || memcmp(code->litlen_counts, made.litlen_counts, sizeof made.litlen_counts) != 0
        || memcmp(code->distance_counts, made.distance_counts, sizeof made.distance_counts) != 0) {
        make_previous_code(&made, row_code);
        code = &made;
    }
    const uint8_t *litlen_lengths = code->litlen_lengths, *distance_lengths = code->distance_lengths;
    const uint32_t *litlen_codes = code->litlen_codes, *distance_codes = code->distance_codes;
    unsigned litlen_count = code->litlen_count, distance_count = code->distance_count;

    bit_writer writer = {out, 0, capacity, 0, 0};
    put_bits(&writer, 0x78, 8);
    put_bits(&writer, 0x01, 8);
    put_dynamic_header(&writer, litlen_lengths, litlen_count, distance_lengths, distance_count);
    for (size_t i = 0; i < list->count; i++) {
        uint16_t item = list->items[i];
        if (item < PIXEL_MATCH) {
            put_bits(&writer, litlen_codes[item], litlen_lengths[item]);
        } else {
            int by_row = item >= ROW_MATCH;
            unsigned length = item - (by_row ? ROW_MATCH : PIXEL_MATCH);
            unsigned index = length_index[length];
            put_bits(&writer, litlen_codes[257 + index], litlen_lengths[257 + index]);
            put_bits(&writer, length - length_base[index], length_extra[index]);
            unsigned code = by_row ? row_code : 3;
            put_bits(&writer, distance_codes[code], distance_lengths[code]);
            if (by_row) {
                put_bits(&writer, row_bytes - distance_base[code], distance_extra[code]);
            }
        }
    }
    return finish_stream(&writer, litlen_codes[256], litlen_lengths[256], adler);
}

/// What zlib_runs_previous would count for the same image, gathered as zlib_runs goes: its
/// literal/length counts, and how many of its matches go one pixel back and one row back.
typedef struct {
    uint32_t counts[286];
    uint64_t pixel_matches, row_matches;
} previous_sums;

static void previous_repeat(previous_sums *sums, size_t length, int by_row) {
    while (length > 0) {
        size_t take = length > 258 ? 258 : length;
        if (length - take > 0 && length - take < 3) {
            take = length - 3;
        }
        sums->counts[257 + length_index[take]]++;
        if (by_row) {
            sums->row_matches++;
        } else {
            sums->pixel_matches++;
        }
        length -= take;
    }
}

/// Counts a row as zlib_runs_previous writes a row it does not repeat: filter None, then each
/// run of one pixel (`none`) as four literals and matches one pixel back.
static void previous_row(previous_sums *sums, const run_list *none) {
    sums->counts[0]++;
    for (size_t i = 0; i < none->count; i++) {
        uint32_t value = none->value[i];
        for (unsigned byte = 0; byte < 4; byte++) {
            sums->counts[(value >> (8 * byte)) & 0xFF]++;
        }
        previous_repeat(sums, 4 * (size_t)(none->length[i] - 1), 0);
    }
}

/// The bits of a dynamic block's header for these code lengths.
static uint64_t header_bits(const uint8_t *litlen, unsigned litlen_count, const uint8_t *distance, unsigned distance_count) {
    uint8_t nothing[1];
    bit_writer counter = {nothing, 0, 0, 0, 0};
    put_dynamic_header(&counter, litlen, litlen_count, distance, distance_count);
    return (uint64_t)counter.position * 8 + counter.count;
}

/// The bits of a block's symbols, given its literal/length counts and code lengths, and how
/// many matches it has at a distance whose code has `distance_bits` bits with its extra bits.
static uint64_t symbol_bits(const uint32_t *counts, const uint8_t *lengths) {
    uint64_t bits = 0;
    for (unsigned symbol = 0; symbol < 286; symbol++) {
        bits += (uint64_t)counts[symbol] * lengths[symbol];
    }
    for (unsigned index = 0; index < 29; index++) {
        bits += (uint64_t)counts[257 + index] * length_extra[index];
    }
    return bits;
}

/// The exact size in bits of the block zlib_runs_previous would write, with the code it would
/// write it with in `code`.
static uint64_t previous_bits(previous_sums *sums, size_t row_bytes, previous_code *code) {
    sums->counts[256] = 1;
    unsigned row_code = distance_code(row_bytes);
    memcpy(code->litlen_counts, sums->counts, sizeof code->litlen_counts);
    memset(code->distance_counts, 0, sizeof code->distance_counts);
    code->distance_counts[3] += (uint32_t)sums->pixel_matches;
    code->distance_counts[row_code] += (uint32_t)sums->row_matches;
    make_previous_code(code, row_code);
    return header_bits(code->litlen_lengths, code->litlen_count, code->distance_lengths, code->distance_count)
           + symbol_bits(sums->counts, code->litlen_lengths) + sums->pixel_matches * code->distance_lengths[3]
           + sums->row_matches * (code->distance_lengths[row_code] + distance_extra[row_code]);
}

/// Costs of filtered bytes in quarter bits, for choosing a row's filter in the literal path:
/// `low` for bytes 0-15, `high` for 240-255 (-16 to -1), `mid` for every other byte. Tables of
/// sixteen, so that AVX2 looks them up with a byte shuffle; the portable loop reads the same.
typedef struct {
    uint8_t low[16], high[16];
    uint8_t mid;
} byte_costs;

/// Costs before any row is counted: short codes near zero, longer ones away from it.
static const byte_costs first_byte_costs = {
    {8, 12, 16, 20, 20, 24, 24, 24, 28, 28, 28, 28, 32, 32, 32, 32},
    {32, 32, 32, 32, 32, 28, 28, 28, 28, 24, 24, 24, 20, 20, 16, 12},
    48,
};

static inline unsigned byte_cost(const byte_costs *costs, uint8_t byte) {
    return byte < 16 ? costs->low[byte] : byte >= 240 ? costs->high[byte - 240] : costs->mid;
}

/// Costs from the counts of the bytes written so far: log2(total / count) bits each, the bytes
/// from 16 to 239 at their mean count.
static void fit_byte_costs(const uint32_t *counts, byte_costs *costs) {
    uint64_t total = 256, middle = 0;
    for (unsigned byte = 0; byte < 256; byte++) {
        total += counts[byte];
        middle += byte >= 16 && byte < 240 ? counts[byte] : 0;
    }
    // log2_sixteenths takes 32 bits: scale every count alike for images of 2 GiB and more.
    unsigned shift = 0;
    while ((total >> shift) >= ((uint64_t)1 << 31)) {
        shift++;
    }
    unsigned whole = log2_sixteenths((uint32_t)(total >> shift));
    for (unsigned index = 0; index < 16; index++) {
        unsigned low = log2_sixteenths((counts[index] >> shift) + 1);
        unsigned high = log2_sixteenths((counts[240 + index] >> shift) + 1);
        costs->low[index] = (uint8_t)(whole > low ? (whole - low) / 4 : 0);
        costs->high[index] = (uint8_t)(whole > high ? (whole - high) / 4 : 0);
    }
    unsigned mid = log2_sixteenths((uint32_t)((middle >> shift) / 224) + 1);
    costs->mid = (uint8_t)(whole > mid ? (whole - mid) / 4 : 0);
}

static inline uint8_t paeth_predictor(uint8_t a, uint8_t b, uint8_t c) {
    int estimate = a + b - c;
    int to_a = abs(estimate - a), to_b = abs(estimate - b), to_c = abs(estimate - c);
    return to_a <= to_b && to_a <= to_c ? a : to_b <= to_c ? b : c;
}

/// PNG's filter `filter` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) on byte `x`, whose
/// neighbours are `a` (one pixel left), `b` (above) and `c` (above left).
static inline uint8_t filter_byte(unsigned filter, uint8_t x, uint8_t a, uint8_t b, uint8_t c) {
    switch (filter) {
    case 0:
        return x;
    case 1:
        return (uint8_t)(x - a);
    case 2:
        return (uint8_t)(x - b);
    case 3:
        return (uint8_t)(x - ((a + b) >> 1));
    default:
        return (uint8_t)(x - paeth_predictor(a, b, c));
    }
}

/// The costs of a row's `count` bytes under each of the five filters. `row` and `above` are
/// straight RGBA (or RGB), `bpp` bytes a pixel, with zero bytes before them (the pixel left of
/// the first).
static void filter_costs_portable(const uint8_t *row, const uint8_t *above, size_t count, unsigned bpp, const byte_costs *costs, uint64_t *totals) {
    uint64_t sums[5] = {0};
    const uint8_t *left = row - bpp, *above_left = above - bpp;
    for (size_t i = 0; i < count; i++) {
        uint8_t x = row[i], a = left[i], b = above[i], c = above_left[i];
        for (unsigned filter = 0; filter < 5; filter++) {
            sums[filter] += byte_cost(costs, filter_byte(filter, x, a, b, c));
        }
    }
    memcpy(totals, sums, sizeof sums);
}

static void filter_row_portable(unsigned filter, const uint8_t *row, const uint8_t *above, size_t count, unsigned bpp, uint8_t *out) {
    const uint8_t *left = row - bpp, *above_left = above - bpp;
    for (size_t i = 0; i < count; i++) {
        out[i] = filter_byte(filter, row[i], left[i], above[i], above_left[i]);
    }
}

#if SHAPETURNS_PNG_AVX2
/// 32 filtered bytes, as filter_byte gives them.
__attribute__((target("avx2"))) static inline __m256i filter_avx2(unsigned filter, __m256i x, __m256i a, __m256i b, __m256i c) {
    switch (filter) {
    case 0:
        return x;
    case 1:
        return _mm256_sub_epi8(x, a);
    case 2:
        return _mm256_sub_epi8(x, b);
    case 3:
        // (a + b) >> 1 without overflow: a + b less their rounded-up mean.
        return _mm256_sub_epi8(x, _mm256_sub_epi8(_mm256_add_epi8(a, b), _mm256_avg_epu8(a, b)));
    default: {
        // Paeth as fpnge computes it: the nearer of min(a, b) and max(a, b) to c's side, or c.
        __m256i least = _mm256_min_epu8(a, b), most = _mm256_max_epu8(a, b);
        __m256i to_least = _mm256_subs_epu8(most, c), to_most = _mm256_subs_epu8(c, least);
        __m256i nearer = _mm256_min_epu8(to_least, to_most);
        __m256i to_c = _mm256_sub_epi8(_mm256_max_epu8(to_least, to_most), nearer);
        __m256i best = _mm256_min_epu8(nearer, to_c);
        __m256i use_least = _mm256_cmpeq_epi8(best, to_least), use_most = _mm256_cmpeq_epi8(best, to_most);
        __m256i prediction = _mm256_blendv_epi8(_mm256_blendv_epi8(c, most, use_most), least, use_least);
        return _mm256_sub_epi8(x, prediction);
    }
    }
}

/// byte_cost of 32 bytes at once.
__attribute__((target("avx2"))) static inline __m256i cost_avx2(__m256i bytes, __m256i low, __m256i high, __m256i mid) {
    __m256i index = _mm256_and_si256(bytes, _mm256_set1_epi8(15));
    __m256i near = _mm256_blendv_epi8(_mm256_shuffle_epi8(low, index), _mm256_shuffle_epi8(high, index), bytes);
    // -16 <= byte <= 15 exactly when byte + 112 > 95 as signed bytes.
    __m256i in_tables = _mm256_cmpgt_epi8(_mm256_add_epi8(bytes, _mm256_set1_epi8(112)), _mm256_set1_epi8(95));
    return _mm256_blendv_epi8(mid, near, in_tables);
}

/// filter_costs_portable 32 bytes a step; reads up to 31 bytes past `count` and ignores them.
__attribute__((target("avx2"))) static void filter_costs_avx2(const uint8_t *row, const uint8_t *above, size_t count, unsigned bpp, const byte_costs *costs, uint64_t *totals) {
    static const uint8_t keep_bytes[64] = {
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    };
    __m256i low = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)costs->low));
    __m256i high = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)costs->high));
    __m256i mid = _mm256_set1_epi8((char)costs->mid), zero = _mm256_setzero_si256();
    __m256i sums[5] = {zero, zero, zero, zero, zero};
    for (size_t i = 0; i < count; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(row + i)), a = _mm256_loadu_si256((const __m256i *)(row + i - bpp));
        __m256i b = _mm256_loadu_si256((const __m256i *)(above + i)), c = _mm256_loadu_si256((const __m256i *)(above + i - bpp));
        __m256i keep = count - i >= 32 ? _mm256_set1_epi8(-1) : _mm256_loadu_si256((const __m256i *)(keep_bytes + 32 - (count - i)));
        for (unsigned filter = 0; filter < 5; filter++) {
            __m256i cost = _mm256_and_si256(cost_avx2(filter_avx2(filter, x, a, b, c), low, high, mid), keep);
            sums[filter] = _mm256_add_epi64(sums[filter], _mm256_sad_epu8(cost, zero));
        }
    }
    for (unsigned filter = 0; filter < 5; filter++) {
        uint64_t lanes[4];
        _mm256_storeu_si256((__m256i *)lanes, sums[filter]);
        totals[filter] = lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
}

/// filter_row_portable 32 bytes a step; writes up to 31 bytes past `count`.
__attribute__((target("avx2"))) static void filter_row_avx2(unsigned filter, const uint8_t *row, const uint8_t *above, size_t count, unsigned bpp, uint8_t *out) {
    for (size_t i = 0; i < count; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(row + i)), a = _mm256_loadu_si256((const __m256i *)(row + i - bpp));
        __m256i b = _mm256_loadu_si256((const __m256i *)(above + i)), c = _mm256_loadu_si256((const __m256i *)(above + i - bpp));
        _mm256_storeu_si256((__m256i *)(out + i), filter_avx2(filter, x, a, b, c));
    }
}

#endif

/// Counts `count` bytes into four tables of 256 (by position modulo 4, so that a run of one
/// byte does not wait on one counter).
static void count_bytes(const uint8_t *bytes, size_t count, uint32_t *counts) {
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        counts[bytes[i]]++;
        counts[256 + bytes[i + 1]]++;
        counts[512 + bytes[i + 2]]++;
        counts[768 + bytes[i + 3]]++;
    }
    for (; i < count; i++) {
        counts[bytes[i]]++;
    }
}

static inline void store_le64(uint8_t *at, uint64_t value) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(at, &value, 8);
#else
    for (unsigned byte = 0; byte < 8; byte++) {
        at[byte] = (uint8_t)(value >> (8 * byte));
    }
#endif
}

/// Writes the codes of `count` bytes (a multiple of 4) by `table` (code | length << 16, at most
/// 14 bits): four codes at a time into 64 bits, then every whole byte out at once. The writer
/// must hold fewer than 8 bits, and have room for 8 bytes past the last.
static inline __attribute__((always_inline)) void write_literals_inline(const uint32_t *table, const uint8_t *bytes, size_t count, bit_writer *writer) {
    uint8_t *at = writer->out + writer->position;
    uint64_t pending = writer->bits;
    unsigned held = writer->count;
    for (size_t i = 0; i < count; i += 4) {
        uint32_t first = table[bytes[i]], second = table[bytes[i + 1]];
        uint32_t third = table[bytes[i + 2]], fourth = table[bytes[i + 3]];
        pending |= (uint64_t)(first & 0xFFFF) << held;
        held += first >> 16;
        pending |= (uint64_t)(second & 0xFFFF) << held;
        held += second >> 16;
        pending |= (uint64_t)(third & 0xFFFF) << held;
        held += third >> 16;
        pending |= (uint64_t)(fourth & 0xFFFF) << held;
        held += fourth >> 16;
        store_le64(at, pending);
        at += held / 8;
        pending >>= held & ~7u;
        held &= 7;
    }
    writer->position = (size_t)(at - writer->out);
    writer->bits = pending;
    writer->count = held;
}

static void write_literals(const uint32_t *table, const uint8_t *bytes, size_t count, bit_writer *writer) {
    write_literals_inline(table, bytes, count, writer);
}

#if SHAPETURNS_PNG_AVX2
/// write_literals compiled for BMI2's flag-free shifts: the same code, so the same bytes.
__attribute__((target("bmi2"))) static void write_literals_bmi2(const uint32_t *table, const uint8_t *bytes, size_t count, bit_writer *writer) {
    write_literals_inline(table, bytes, count, writer);
}
#endif

/// `count` bytes as deflate stored blocks (RFC 1951, 3.2.4) in a zlib stream: for an image whose
/// literals would take more bytes than storing them (random bytes), or more than the room left.
static size_t zlib_stored(const uint8_t *bytes, size_t count, uint32_t adler, uint8_t *out, size_t capacity) {
    size_t blocks = count == 0 ? 1 : (count + 65534) / 65535;
    size_t size = 2 + count + 5 * blocks + 4;
    if (size > capacity) {
        return size;
    }
    uint8_t *at = out;
    *at++ = 0x78;
    *at++ = 0x01;
    for (size_t block = 0; block < blocks; block++) {
        size_t start = block * 65535, length = count - start < 65535 ? count - start : 65535;
        *at++ = block + 1 == blocks;
        *at++ = (uint8_t)length;
        *at++ = (uint8_t)(length >> 8);
        *at++ = (uint8_t)~length;
        *at++ = (uint8_t)(~length >> 8);
        memcpy(at, bytes + start, length);
        at += length;
    }
    put_be32(at, adler);
    return size;
}

/// The literal path, for images where runs do not pay (photographs): each row filtered with
/// whichever of PNG's five filters byte_costs guesses is cheapest (costs fit to the rows before,
/// every 16 rows), every byte then a literal of a Huffman code fit to the image's own counts.
/// Filtering and costing take 32 bytes a step with AVX2; the portable loops give the same
/// costs, so the same choices and bytes.
static size_t zlib_literals(const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout,
                            unsigned bpp, runs_workspace *workspace, uint8_t *out, size_t capacity) {
    const size_t count = (size_t)width * bpp, row_bytes = count + 1, total = row_bytes * height;
    // Each row: 32 zero bytes (the left of its first pixel), the row as RGBA (RGB is packed in
    // place from it), 32 bytes the vector loops may read.
    const size_t padded = 32 + (((size_t)width * 4 + 31) & ~(size_t)31) + 32;
    if (workspace->literal_rows_capacity < 2 * padded) {
        free(workspace->literal_rows);
        workspace->literal_rows = malloc(2 * padded);
        workspace->literal_rows_capacity = workspace->literal_rows != NULL ? 2 * padded : 0;
    }
    if (workspace->filtered_capacity < total + 32) {
        free(workspace->filtered);
        workspace->filtered = malloc(total + 32);
        workspace->filtered_capacity = workspace->filtered != NULL ? total + 32 : 0;
    }
    if (workspace->literal_rows == NULL || workspace->filtered == NULL) {
        return 0;
    }
    memset(workspace->literal_rows, 0, 2 * padded);
    uint8_t *filtered = workspace->filtered;
    const int vector = vector_enabled();
    byte_costs costs = first_byte_costs;
    uint32_t counts[4 * 256] = {0};
    size_t counted = 0;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = workspace->literal_rows + (y % 2) * padded + 32;
        const uint8_t *above = workspace->literal_rows + ((y + 1) % 2) * padded + 32;
        const uint32_t *pixels = (const uint32_t *)(data + (size_t)y * stride);
        uint64_t totals[5];
        uint8_t *target = filtered + (size_t)y * row_bytes;
        straight_row(pixels, width, layout, row);
        if (bpp == 3) {
            for (uint32_t x = 1; x < width; x++) {
                memmove(row + 3 * (size_t)x, row + 4 * (size_t)x, 3);
            }
        }
#if SHAPETURNS_PNG_AVX2
        if (vector) {
            filter_costs_avx2(row, above, count, bpp, &costs, totals);
        } else
#endif
        {
            filter_costs_portable(row, above, count, bpp, &costs, totals);
        }
        unsigned filter = 0;
        for (unsigned other = 1; other < 5; other++) {
            if (totals[other] < totals[filter]) {
                filter = other;
            }
        }
        target[0] = (uint8_t)filter;
#if SHAPETURNS_PNG_AVX2
        if (vector) {
            filter_row_avx2(filter, row, above, count, bpp, target + 1);
        } else
#endif
        {
            filter_row_portable(filter, row, above, count, bpp, target + 1);
        }
        if ((y + 1) % 16 == 0 || y + 1 == height) {
            size_t end = (size_t)(y + 1) * row_bytes;
            count_bytes(filtered + counted, end - counted, counts);
            counted = end;
            for (unsigned byte = 0; byte < 256; byte++) {
                counts[byte] += counts[256 + byte] + counts[512 + byte] + counts[768 + byte];
            }
            memset(counts + 256, 0, 3 * 256 * sizeof *counts);
            fit_byte_costs(counts, &costs);
        }
    }
    uint32_t adler = libdeflate_adler32(1, filtered, total);

    uint32_t litlen_counts[286] = {0};
    memcpy(litlen_counts, counts, 256 * sizeof *counts);
    litlen_counts[256] = 1; // end of block
    uint8_t litlen_lengths[286];
    uint32_t litlen_codes[286];
    // At most 14 bits a code, so that four codes and a partial byte fit in 64 bits.
    huffman_lengths(litlen_counts, 286, 14, litlen_lengths);
    canonical_codes(litlen_lengths, 286, litlen_codes);
    // No distances are used; two of one bit make a complete code.
    uint32_t distance_counts[2] = {1, 1};
    uint8_t distance_lengths[2];
    uint32_t distance_codes[2];
    unsigned distance_count = build_code(distance_counts, 2, 1, distance_lengths, distance_codes);
    uint64_t bits = header_bits(litlen_lengths, 257, distance_lengths, distance_count);
    for (unsigned symbol = 0; symbol < 257; symbol++) {
        bits += (uint64_t)litlen_counts[symbol] * litlen_lengths[symbol];
    }
    size_t size = 2 + (size_t)((bits + 7) / 8) + 4;
    if (size + 8 > capacity || size > total + 5 * (total / 65535 + 1) + 6) {
        return zlib_stored(filtered, total, adler, out, capacity);
    }

    bit_writer writer = {out, 0, capacity, 0, 0};
    put_bits(&writer, 0x78, 8);
    put_bits(&writer, 0x01, 8);
    put_dynamic_header(&writer, litlen_lengths, 257, distance_lengths, distance_count);
    while (writer.count >= 8) {
        out[writer.position++] = (uint8_t)writer.bits;
        writer.bits >>= 8;
        writer.count -= 8;
    }
    uint32_t table[256];
    for (unsigned byte = 0; byte < 256; byte++) {
        table[byte] = litlen_codes[byte] | (uint32_t)litlen_lengths[byte] << 16;
    }
    size_t whole = total & ~(size_t)3;
#if SHAPETURNS_PNG_AVX2
    if (vector) {
        write_literals_bmi2(table, filtered, whole, &writer);
    } else
#endif
    {
        write_literals(table, filtered, whole, &writer);
    }
    size_t i = whole;
    for (; i < total; i++) {
        put_bits(&writer, litlen_codes[filtered[i]], litlen_lengths[filtered[i]]);
    }
    return finish_stream(&writer, litlen_codes[256], litlen_lengths[256], adler);
}

/// Whether runs will not pay: at least 12 of 16 rows spread over the image (or three quarters of
/// all rows, when fewer) have a pixel different from its left neighbour at more than half their
/// pixels. Images narrower than 8 pixels keep the runs path.
static int runs_do_not_pay(const uint8_t *data, size_t stride, uint32_t width, uint32_t height, uint32_t *starts) {
    if (width < 8) {
        return 0;
    }
    unsigned samples = height < 16 ? height : 16, busy = 0;
    for (unsigned sample = 0; sample < samples; sample++) {
        uint32_t y = (uint32_t)((2 * (uint64_t)sample + 1) * height / (2 * samples));
        busy += segment_starts((const uint32_t *)(data + (size_t)y * stride), NULL, width, starts) > width / 2;
    }
    return 4 * busy >= 3 * samples;
}

/// Writes the zlib stream of the rows into `out`; returns its size (larger than `capacity` when
/// it did not fit), or 0 when memory ran out.
///
/// Each row is written with PNG's filter None or Up, whichever run_cost guesses is smaller: Up
/// turns a row equal to the one above into one run of zeros, a shape's sides into runs of one
/// difference and a photograph's pixels into small differences; None keeps a new row's runs of
/// one colour. Runs are found where the pixel (or
/// the pair of it and the pixel above) changes, eight pixels a step with AVX2 where the machine
/// has it; the runs, and so the bytes, are the same either way.
static size_t zlib_runs(const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout, unsigned bpp, uint8_t *out, size_t capacity) {
    pthread_once(&tables_once, fill_tables);
    runs_workspace *workspace = thread_workspace();
    if (workspace == NULL || !workspace_fit(workspace, width)) {
        return 0;
    }
    if (runs_do_not_pay(data, stride, width, height, workspace->starts)) {
        return zlib_literals(data, stride, width, height, layout, bpp, workspace, out, capacity);
    }
    symbol_list *list = &workspace->symbols;
    list->count = 0;
    memset(list->counts, 0, sizeof list->counts);
    const size_t row_bytes = (size_t)width * bpp + 1;
    adler_sums sums = {1, 0};
    previous_sums previous;
    memset(&previous, 0, sizeof previous);
    const int rows_reachable = row_bytes <= 32768;
    const size_t row_matches = (row_bytes + 257) / 258;
    const uint32_t *above = NULL;
    // The costs of literals guessed first by their size, then every 16 rows from the counts.
    uint16_t costs[256];
    for (unsigned byte = 0; byte < 256; byte++) {
        costs[byte] = (uint16_t)(16 * literal_cost[byte]);
    }
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        if (y % 16 == 0 && y > 0) {
            update_costs(list->counts, costs);
        }
        if (!reserve(list, row_bytes)) {
            return 0;
        }
        if (above != NULL && memcmp(row, above, (size_t)width * 4) == 0) {
            // Up leaves one run of zeros, as the general path below finds.
            workspace->up.value[0] = 0;
            workspace->up.length[0] = width;
            workspace->up.count = 1;
            add_row(list, &sums, 2, &workspace->up, bpp);
            // workspace->none still holds this row's runs: those of the row above.
            if (rows_reachable && workspace->none.count * 20 > row_matches * 14) {
                previous_repeat(&previous, row_bytes, 1);
            } else {
                previous_row(&previous, &workspace->none);
            }
            above = row;
            continue;
        }
        size_t starts = segment_starts(row, above, width, workspace->starts);
        if (starts > width / 2) {
            add_busy_row(list, &sums, costs, row, above, width, layout, bpp, workspace->none_bytes, workspace->up_bytes);
            run_list *none = &workspace->none;
            none->count = 0;
            for (uint32_t x = 0; x < width; x++) {
                extend_runs(none, costs, workspace->none_bytes[x], 1, x > 0 && workspace->none_bytes[x] == workspace->none_bytes[x - 1]);
            }
            previous_row(&previous, none);
            above = row;
            continue;
        }
        run_list *none = &workspace->none, *up = &workspace->up;
        none->count = 0;
        up->count = 0;
        none->cost = 0;
        up->cost = 0;
        uint32_t last_pixel = 0, last_difference = 0;
        for (size_t i = 0; i < starts; i++) {
            uint32_t x = workspace->starts[i];
            uint32_t length = (i + 1 < starts ? workspace->starts[i + 1] : width) - x;
            uint32_t pixel = straight_pixel(row[x], layout);
            uint32_t difference = above != NULL ? subtract_lanes(pixel, straight_pixel(above[x], layout)) : pixel;
            extend_runs(none, costs, pixel, length, i > 0 && pixel == last_pixel);
            extend_runs(up, costs, difference, length, i > 0 && difference == last_difference);
            last_pixel = pixel;
            last_difference = difference;
        }
        if (up->cost <= none->cost) {
            add_row(list, &sums, 2, up, bpp);
        } else {
            add_row(list, &sums, 0, none, bpp);
        }
        previous_row(&previous, none);
        above = row;
    }

    uint32_t *litlen_counts = list->counts;
    litlen_counts[256] = 1; // end of block
    uint8_t litlen_lengths[286];
    uint32_t litlen_codes[286];
    unsigned litlen_count = build_code(litlen_counts, 286, 257, litlen_lengths, litlen_codes);
    // One pixel back is distance 4 (code 3), or 3 (code 2) for RGB; give code 0 a count too, so
    // that the distance code is complete.
    const unsigned pixel_code = bpp - 1;
    uint32_t distance_counts[30] = {[0] = 1};
    distance_counts[pixel_code] = 1;
    uint8_t distance_lengths[30];
    uint32_t distance_codes[30];
    unsigned distance_count = build_code(distance_counts, 30, 1, distance_lengths, distance_codes);
    uint64_t matches = 0;
    for (unsigned index = 0; index < 29; index++) {
        matches += litlen_counts[257 + index];
    }
    uint64_t bits = header_bits(litlen_lengths, litlen_count, distance_lengths, distance_count)
                    + symbol_bits(litlen_counts, litlen_lengths) + matches * distance_lengths[pixel_code];
    previous_code code;
    // The encoder before issue 22 wrote RGBA only: an RGB file has no earlier size to keep to.
    if (bpp == 4 && (previous_bits(&previous, row_bytes, &code) + 7) / 8 < (bits + 7) / 8) {
        return zlib_runs_previous(data, stride, width, height, layout, workspace, &code, out, capacity);
    }

    // Each match's bits (length code, extra bits, distance code) as one value, by length.
    uint32_t match_bits[259];
    uint8_t match_count[259];
    for (unsigned length = 3; length <= 258; length++) {
        unsigned index = length_index[length];
        unsigned symbol = 257 + index;
        uint32_t bits = litlen_codes[symbol];
        unsigned count = litlen_lengths[symbol];
        bits |= (uint32_t)(length - length_base[index]) << count;
        count += length_extra[index];
        bits |= distance_codes[pixel_code] << count;
        count += distance_lengths[pixel_code];
        match_bits[length] = bits;
        match_count[length] = (uint8_t)count;
    }

    bit_writer writer = {out, 0, capacity, 0, 0};
    put_bits(&writer, 0x78, 8);
    put_bits(&writer, 0x01, 8);
    put_dynamic_header(&writer, litlen_lengths, litlen_count, distance_lengths, distance_count);
    const uint16_t *items = list->items;
    const size_t count = list->count;
    size_t i = 0;
    if (writer.position + 8 <= capacity) {
        // Each symbol (at most 35 bits) joins fewer than 8 bits held, every whole byte goes out
        // with one 8-byte store, and no branch depends on the bits: the same stream as put_bits
        // writes, in about half the time. The writer's state stays in registers.
        // Every symbol's bits with their count in the top byte, so that a symbol takes one load.
        uint64_t symbol_bits_of[PIXEL_MATCH + 259];
        for (unsigned item = 0; item < PIXEL_MATCH; item++) {
            symbol_bits_of[item] = litlen_codes[item] | (uint64_t)litlen_lengths[item] << 56;
        }
        for (unsigned length = 0; length < 3; length++) {
            symbol_bits_of[PIXEL_MATCH + length] = 0;
        }
        unsigned widest = 0;
        for (unsigned length = 3; length <= 258; length++) {
            symbol_bits_of[PIXEL_MATCH + length] = match_bits[length] | (uint64_t)match_count[length] << 56;
            widest = match_count[length] > widest ? match_count[length] : widest;
        }
        for (unsigned item = 0; item < PIXEL_MATCH; item++) {
            widest = litlen_lengths[item] > widest ? litlen_lengths[item] : widest;
        }
        uint8_t *at = out + writer.position, *const last = out + capacity - 8;
        uint64_t pending = writer.bits;
        unsigned held = writer.count;
        store_le64(at, pending);
        at += held / 8;
        pending >>= held & ~7u;
        held &= 7;
        // Two symbols a store while two of the widest fit beside what is held.
        for (; widest <= 28 && i + 1 < count && at <= last; i += 2) {
            uint64_t first = symbol_bits_of[items[i]], second = symbol_bits_of[items[i + 1]];
            pending |= (first & 0xFFFFFFFFFFFFu) << held;
            held += (unsigned)(first >> 56);
            pending |= (second & 0xFFFFFFFFFFFFu) << held;
            held += (unsigned)(second >> 56);
            store_le64(at, pending);
            at += held / 8;
            pending >>= held & ~7u;
            held &= 7;
        }
        for (; i < count && at <= last; i++) {
            uint64_t symbol = symbol_bits_of[items[i]];
            pending |= (symbol & 0xFFFFFFFFFFFFu) << held;
            held += (unsigned)(symbol >> 56);
            store_le64(at, pending);
            at += held / 8;
            pending >>= held & ~7u;
            held &= 7;
        }
        writer.position = (size_t)(at - out);
        writer.bits = pending;
        writer.count = held;
    }
    // The writer's state in locals, so that the loop keeps it in registers.
    bit_writer local = writer;
    for (; i < count; i++) {
        uint16_t item = items[i];
        if (item < PIXEL_MATCH) {
            put_bits(&local, litlen_codes[item], litlen_lengths[item]);
        } else {
            put_bits(&local, match_bits[item - PIXEL_MATCH], match_count[item - PIXEL_MATCH]);
        }
    }
    writer = local;
    adler_reduce(&sums);
    return finish_stream(&writer, litlen_codes[256], litlen_lengths[256], (uint32_t)(sums.b << 16 | sums.a));
}

static size_t zlib_libdeflate(const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout, unsigned bpp, int level, uint8_t *out, size_t capacity) {
    size_t row_bytes = (size_t)width * bpp + 1;
    uint8_t *raw = malloc(row_bytes * height);
    // A compressor holds megabytes of tables: keep one per thread and level instead of one per image.
    runs_workspace *workspace = thread_workspace();
    struct libdeflate_compressor *compressor = NULL;
    if (workspace != NULL) {
        if (workspace->compressors[level] == NULL) {
            workspace->compressors[level] = libdeflate_alloc_compressor(level);
        }
        compressor = workspace->compressors[level];
    }
    size_t written = 0;
    if (raw != NULL && compressor != NULL) {
        for (uint32_t y = 0; y < height; y++) {
            unpremultiply_row((const uint32_t *)(data + (size_t)y * stride), width, layout, bpp, raw + row_bytes * y);
        }
        written = libdeflate_zlib_compress(compressor, raw, row_bytes * height, out, capacity);
        if (written == 0) {
            written = capacity + 1;
        }
    }
    free(raw);
    return written;
}

static uint8_t *put_chunk_header(uint8_t *at, uint32_t length, const char *type) {
    put_be32(at, length);
    memcpy(at + 4, type, 4);
    return at + 8;
}

static uint8_t *put_chunk_crc(uint8_t *type_start, uint8_t *end) {
    put_be32(end, (uint32_t)libdeflate_crc32(0, type_start, (size_t)(end - type_start)));
    return end + 4;
}

shapeturns_png_encode_status shapeturns_png_encode(
    const uint8_t *data, size_t stride, uint32_t width, uint32_t height,
    shapeturns_png_compression compression, uint8_t *out, size_t capacity, size_t *written) {
    return shapeturns_png_encode_layout(data, stride, width, height, SHAPETURNS_PNG_CAIRO_ARGB32, compression, out, capacity, written);
}

shapeturns_png_encode_status shapeturns_png_encode_layout(
    const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout,
    shapeturns_png_compression compression, uint8_t *out, size_t capacity, size_t *written) {
    return shapeturns_png_encode_channels(data, stride, width, height, layout, compression, SHAPETURNS_PNG_RGBA, out, capacity, written);
}

/// Whether every pixel's alpha (the top byte in both layouts) is 255.
static int every_pixel_opaque(const uint8_t *data, size_t stride, uint32_t width, uint32_t height) {
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        uint32_t all = 0xFF000000u;
        for (uint32_t x = 0; x < width; x++) {
            all &= row[x];
        }
        if ((all & 0xFF000000u) != 0xFF000000u) {
            return 0;
        }
    }
    return 1;
}

shapeturns_png_encode_status shapeturns_png_encode_channels(
    const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout,
    shapeturns_png_compression compression, shapeturns_png_channels channels, uint8_t *out, size_t capacity,
    size_t *written) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (width == 0 || height == 0 || stride < (size_t)width * 4) {
        return SHAPETURNS_PNG_ENCODE_BAD_IMAGE;
    }
    const unsigned bpp = channels == SHAPETURNS_PNG_RGB ? 3 : 4;
    if (bpp == 3 && !every_pixel_opaque(data, stride, width, height)) {
        return SHAPETURNS_PNG_ENCODE_NOT_OPAQUE;
    }
    if (capacity < 8 + 25 + 12 + 12) {
        return SHAPETURNS_PNG_ENCODE_NO_ROOM;
    }
    pthread_once(&tables_once, fill_tables);
    uint8_t *at = out;
    memcpy(at, signature, 8);
    at += 8;
    uint8_t *type = at + 4;
    at = put_chunk_header(at, 13, "IHDR");
    put_be32(at, width);
    put_be32(at + 4, height);
    at[8] = 8;  // bit depth
    at[9] = bpp == 3 ? 2 : 6; // RGB or RGBA
    at[10] = 0; // deflate
    at[11] = 0; // adaptive filtering (each row says its filter)
    at[12] = 0; // not interlaced
    at = put_chunk_crc(type, at + 13);
    uint8_t *idat_type = at + 4;
    uint8_t *stream = put_chunk_header(at, 0, "IDAT");
    size_t room = capacity - (size_t)(stream - out) - 4 - 12;
    size_t length;
    switch (compression) {
    case SHAPETURNS_PNG_RUNS:
        length = zlib_runs(data, stride, width, height, layout, bpp, stream, room);
        break;
    case SHAPETURNS_PNG_DEFLATE_DEFAULT:
        length = zlib_libdeflate(data, stride, width, height, layout, bpp, 6, stream, room);
        break;
    case SHAPETURNS_PNG_DEFLATE_SMALL:
    default:
        length = zlib_libdeflate(data, stride, width, height, layout, bpp, 10, stream, room);
        break;
    }
    if (length == 0) {
        return SHAPETURNS_PNG_ENCODE_NO_MEMORY;
    }
    if (length > room) {
        return SHAPETURNS_PNG_ENCODE_NO_ROOM;
    }
    put_be32(idat_type - 4, (uint32_t)length);
    at = put_chunk_crc(idat_type, stream + length);
    uint8_t *iend_type = at + 4;
    at = put_chunk_header(at, 0, "IEND");
    at = put_chunk_crc(iend_type, at);
    *written = (size_t)(at - out);
    return SHAPETURNS_PNG_ENCODE_OK;
}
