// PNG encoding of Cairo's premultiplied ARGB32 pixels, for generate's speed.
//
// Pixels are unpremultiplied exactly as Cairo's own PNG writer does, so a decoder reads the same
// straight RGBA from these files as from Cairo's. Rows are written with PNG filter type 0.
//
// SHAPETURNS_PNG_RUNS (fast) needs no match search at all: shapes are flat colours, so each row
// is a few runs of one repeated pixel (transparent, fill, outline) between anti-aliased edges.
// Each row becomes the filter byte and the first pixel of every run as literals, and the rest of
// the run as deflate matches at distance 4 (one pixel back). The symbols are then coded in one
// deflate block with Huffman codes built for this image (RFC 1951, 3.2.7). The output is a valid
// zlib stream any inflater reads, and depends on nothing but the pixels: no library version can
// change its bytes.
//
// The other levels hand the whole filtered image to libdeflate.

#include "CPNG.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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
    while (writer->count >= 8) {
        if (writer->position < writer->capacity) {
            writer->out[writer->position] = (uint8_t)writer->bits;
        }
        writer->position++;
        writer->bits >>= 8;
        writer->count -= 8;
    }
}

static uint32_t reversed(uint32_t code, unsigned length) {
    uint32_t result = 0;
    for (unsigned index = 0; index < length; index++) {
        result = (result << 1) | ((code >> index) & 1);
    }
    return result;
}

// Deflate's length symbols 257..285: the first length of each and how many extra bits follow.
static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static uint8_t length_index[259];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void) {
    for (unsigned length = 3; length <= 258; length++) {
        unsigned index = 28;
        while (length_base[index] > length) {
            index--;
        }
        length_index[length] = (uint8_t)index;
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
        // Leaves sorted by weight; internal nodes are made in rising weight order, so two
        // queues (leaves, then nodes) always yield the two lightest (the two-queue method).
        for (unsigned i = 1; i < leaves; i++) {
            uint16_t symbol = leaf[i];
            unsigned j = i;
            while (j > 0 && scaled[leaf[j - 1]] > scaled[symbol]) {
                leaf[j] = leaf[j - 1];
                j--;
            }
            leaf[j] = symbol;
        }
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
        unsigned deepest = 0;
        for (unsigned i = 0; i < leaves; i++) {
            unsigned depth = 0;
            for (int node = parent[i]; node >= 0; node = parent[node]) {
                depth++;
            }
            lengths[leaf[i]] = (uint8_t)depth;
            if (depth > deepest) {
                deepest = depth;
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

/// The image's symbols: a literal byte (0-255), `PIXEL_MATCH` + the length of a match one pixel
/// back (distance 4), or `ROW_MATCH` + the length of a match one row back.
enum { PIXEL_MATCH = 256, ROW_MATCH = 600 };

typedef struct {
    uint16_t *items;
    size_t count;
} symbol_list;

/// Adds matches of `length` bytes in all, at most 258 and at least 3 each.
static inline void add_repeat(symbol_list *list, size_t length, unsigned kind) {
    while (length > 0) {
        size_t take = length > 258 ? 258 : length;
        if (length - take > 0 && length - take < 3) {
            take = length - 3;
        }
        list->items[list->count++] = (uint16_t)(kind + take);
        length -= take;
    }
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

/// One row as PNG bytes: its filter byte, then RGBA from either pixel layout.
static void unpremultiply_row(const uint32_t *pixels, uint32_t width, shapeturns_png_layout layout, uint8_t *row) {
    row[0] = 0; // filter type None
    if (layout == SHAPETURNS_PNG_STRAIGHT_RGBA) {
        for (uint32_t x = 0; x < width; x++) {
            unpack(pixels[x], row + 1 + 4 * (size_t)x);
        }
        return;
    }
    for (uint32_t x = 0; x < width; x++) {
        unpremultiply(pixels[x], row + 1 + 4 * (size_t)x);
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

/// Whether a row equal to the one above costs fewer bits as matches a row back (each carrying a
/// row-distance's 10 or so extra bits) than as its runs (four literals each): true for rows of
/// many runs, such as a square's, false for an empty row.
static int repeats_cheaper_by_row(const uint32_t *pixels, uint32_t width, size_t row_bytes) {
    unsigned runs = 1;
    for (uint32_t x = 1; x < width; x++) {
        runs += pixels[x] != pixels[x - 1];
    }
    size_t matches = (row_bytes + 257) / 258;
    return runs * 20 > matches * 14;
}

/// Writes the zlib stream of the rows into `out`; returns its size (larger than `capacity` when
/// it did not fit), or 0 when memory ran out.
static size_t zlib_runs(const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout, uint8_t *out, size_t capacity) {
    pthread_once(&tables_once, fill_tables);
    size_t row_bytes = (size_t)width * 4 + 1;
    uint8_t *row = malloc(row_bytes);
    uint8_t *previous = malloc(row_bytes);
    symbol_list list = {malloc(row_bytes * height * sizeof(uint16_t)), 0};
    if (row == NULL || previous == NULL || list.items == NULL) {
        free(row);
        free(previous);
        free(list.items);
        return 0;
    }
    // A row equal to the one above (a square's sides, empty canvas) is one match a row back,
    // where deflate's 32 KiB window reaches.
    int rows_reachable = row_bytes <= 32768;
    uint32_t adler = 1;
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *pixels = (const uint32_t *)(data + (size_t)y * stride);
        unpremultiply_row(pixels, width, layout, row);
        adler = libdeflate_adler32(adler, row, row_bytes);
        if (y > 0 && rows_reachable && repeats_cheaper_by_row(pixels, width, row_bytes) && memcmp(row, previous, row_bytes) == 0) {
            add_repeat(&list, row_bytes, ROW_MATCH);
            continue;
        }
        uint8_t *swap = previous;
        previous = row;
        row = swap;
        const uint8_t *current = previous;
        list.items[list.count++] = 0;
        uint32_t x = 0;
        while (x < width) {
            uint32_t run = 1;
            while (x + run < width && pixels[x + run] == pixels[x]) {
                run++;
            }
            const uint8_t *rgba = current + 1 + 4 * (size_t)x;
            for (unsigned byte = 0; byte < 4; byte++) {
                list.items[list.count++] = rgba[byte];
            }
            if (run > 1) {
                add_repeat(&list, 4 * (size_t)(run - 1), PIXEL_MATCH);
            }
            x += run;
        }
    }
    free(row);
    free(previous);
    unsigned row_code = distance_code(row_bytes);

    uint32_t litlen_counts[286] = {0};
    uint32_t distance_counts[30] = {0};
    for (size_t i = 0; i < list.count; i++) {
        uint16_t item = list.items[i];
        if (item < PIXEL_MATCH) {
            litlen_counts[item]++;
        } else {
            int by_row = item >= ROW_MATCH;
            litlen_counts[257 + length_index[item - (by_row ? ROW_MATCH : PIXEL_MATCH)]]++;
            distance_counts[by_row ? row_code : 3]++;
        }
    }
    litlen_counts[256] = 1; // end of block
    uint8_t litlen_lengths[286];
    uint32_t litlen_codes[286];
    unsigned litlen_count = build_code(litlen_counts, 286, 257, litlen_lengths, litlen_codes);
    // Give unused codes a count until two have one, so the distance code is complete.
    for (unsigned code = 0, used = (distance_counts[3] > 0) + (distance_counts[row_code] > 0 && row_code != 3); used < 2; code++) {
        if (distance_counts[code] == 0) {
            distance_counts[code] = 1;
            used++;
        }
    }
    uint8_t distance_lengths[30];
    uint32_t distance_codes[30];
    unsigned distance_count = build_code(distance_counts, 30, 1, distance_lengths, distance_codes);

    bit_writer writer = {out, 0, capacity, 0, 0};
    put_bits(&writer, 0x78, 8);
    put_bits(&writer, 0x01, 8);
    put_dynamic_header(&writer, litlen_lengths, litlen_count, distance_lengths, distance_count);
    for (size_t i = 0; i < list.count; i++) {
        uint16_t item = list.items[i];
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
    free(list.items);
    put_bits(&writer, litlen_codes[256], litlen_lengths[256]);
    if (writer.count > 0) {
        put_bits(&writer, 0, 8 - writer.count);
    }
    uint8_t trailer[4];
    put_be32(trailer, adler);
    for (unsigned byte = 0; byte < 4; byte++) {
        put_bits(&writer, trailer[byte], 8);
    }
    return writer.position;
}

static size_t zlib_libdeflate(const uint8_t *data, size_t stride, uint32_t width, uint32_t height, shapeturns_png_layout layout, int level, uint8_t *out, size_t capacity) {
    size_t row_bytes = (size_t)width * 4 + 1;
    uint8_t *raw = malloc(row_bytes * height);
    // A compressor holds megabytes of tables: keep one per thread and level instead of one per image.
    static __thread struct libdeflate_compressor *compressors[13];
    if (compressors[level] == NULL) {
        compressors[level] = libdeflate_alloc_compressor(level);
    }
    struct libdeflate_compressor *compressor = compressors[level];
    size_t written = 0;
    if (raw != NULL && compressor != NULL) {
        for (uint32_t y = 0; y < height; y++) {
            unpremultiply_row((const uint32_t *)(data + (size_t)y * stride), width, layout, raw + row_bytes * y);
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
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (width == 0 || height == 0 || stride < (size_t)width * 4) {
        return SHAPETURNS_PNG_ENCODE_BAD_IMAGE;
    }
    if (capacity < 8 + 25 + 12 + 12) {
        return SHAPETURNS_PNG_ENCODE_NO_ROOM;
    }
    uint8_t *at = out;
    memcpy(at, signature, 8);
    at += 8;
    uint8_t *type = at + 4;
    at = put_chunk_header(at, 13, "IHDR");
    put_be32(at, width);
    put_be32(at + 4, height);
    at[8] = 8;  // bit depth
    at[9] = 6;  // RGBA
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
        length = zlib_runs(data, stride, width, height, layout, stream, room);
        break;
    case SHAPETURNS_PNG_DEFLATE_DEFAULT:
        length = zlib_libdeflate(data, stride, width, height, layout, 6, stream, room);
        break;
    case SHAPETURNS_PNG_DEFLATE_SMALL:
    default:
        length = zlib_libdeflate(data, stride, width, height, layout, 10, stream, room);
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
