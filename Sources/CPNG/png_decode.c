// Straight-RGBA PNG decoding: the common well-formed files through png_fast.c (libdeflate), all
// others with libpng's classic API. libpng reports errors by longjmp, which Swift cannot
// survive, so this small C file keeps every setjmp on the C side.
#include "CPNG.h"
#include "png_fast.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const uint8_t *bytes;
    size_t count;
    size_t offset;
    shapeturns_png_info *info;
} reader;

static void on_error(png_structp png, png_const_charp text) {
    reader *state = (reader *)png_get_error_ptr(png);
    snprintf(state->info->message, sizeof state->info->message, "%s", text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void read_bytes(png_structp png, png_bytep out, size_t length) {
    reader *state = (reader *)png_get_io_ptr(png);
    if (length > state->count - state->offset) {
        png_error(png, "the file ends too early (truncated)");
    }
    memcpy(out, state->bytes + state->offset, length);
    state->offset += length;
}

static int is_little_endian(void) {
    const uint32_t probe = 1;
    uint8_t first;
    memcpy(&first, &probe, 1);
    return first == 1;
}

static shapeturns_png_status decode(
    const uint8_t *bytes, size_t count, uint32_t max_side,
    uint32_t *pixels, size_t pixel_capacity, shapeturns_png_info *info, int allow_fast_path) {
    info->width = 0;
    info->height = 0;
    info->message[0] = '\0';
    if (count < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        snprintf(info->message, sizeof info->message, "not a PNG file (no PNG signature)");
        return SHAPETURNS_PNG_NOT_PNG;
    }
    if (pixels != NULL) {
        shapeturns_png_prepare_buffer(pixels, pixel_capacity * sizeof *pixels);
    }
    if (pixels != NULL && allow_fast_path && shapeturns_png_decode_fast(bytes, count, max_side, pixels, pixel_capacity)) {
        info->width = (uint32_t)bytes[16] << 24 | (uint32_t)bytes[17] << 16 | (uint32_t)bytes[18] << 8 | bytes[19];
        info->height = (uint32_t)bytes[20] << 24 | (uint32_t)bytes[21] << 16 | (uint32_t)bytes[22] << 8 | bytes[23];
        return SHAPETURNS_PNG_OK;
    }

    reader state = {bytes, count, 0, info};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (png == NULL) {
        snprintf(info->message, sizeof info->message, "libpng could not start");
        return SHAPETURNS_PNG_CORRUPT;
    }
    png_infop header = png_create_info_struct(png);
    if (header == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(info->message, sizeof info->message, "libpng could not start");
        return SHAPETURNS_PNG_CORRUPT;
    }
    // Nothing below changes a local variable that is read after a longjmp, so none is volatile.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &header, NULL);
        return SHAPETURNS_PNG_CORRUPT;
    }

    png_set_read_fn(png, &state, read_bytes);
#if defined(PNG_IGNORE_ADLER32) && defined(PNG_SET_OPTION_SUPPORTED)
    // Every chunk's CRC is still checked, and it covers the compressed data too; zlib's own
    // Adler-32 over the inflated pixels is a second checksum that costs ~7% of decoding.
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, header);
    png_uint_32 width = 0;
    png_uint_32 height = 0;
    int bit_depth = 0;
    int color_type = 0;
    png_get_IHDR(png, header, &width, &height, &bit_depth, &color_type, NULL, NULL, NULL);
    info->width = width;
    info->height = height;
    if (width > max_side || height > max_side) {
        png_destroy_read_struct(&png, &header, NULL);
        return SHAPETURNS_PNG_TOO_LARGE;
    }
    if (pixels == NULL) {
        png_destroy_read_struct(&png, &header, NULL);
        return SHAPETURNS_PNG_OK;
    }
    if ((size_t)width * (size_t)height > pixel_capacity) {
        png_destroy_read_struct(&png, &header, NULL);
        return SHAPETURNS_PNG_BUFFER_TOO_SMALL;
    }

    const int has_trns = png_get_valid(png, header, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (has_trns) {
        png_set_tRNS_to_alpha(png);
    }
    if (bit_depth == 16) {
        png_set_scale_16(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, header);
    if (png_get_rowbytes(png, header) != (size_t)width * 4) {
        png_error(png, "unexpected row layout after conversion to RGBA");
    }

    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 row = 0; row < height; row++) {
            png_read_row(png, (png_bytep)(pixels + (size_t)row * width), NULL);
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &header, NULL);

    if (!is_little_endian()) {
        // Rows hold R, G, B, A bytes; pack them into the documented order.
        const size_t total = (size_t)width * height;
        for (size_t index = 0; index < total; index++) {
            const uint8_t *rgba = (const uint8_t *)(pixels + index);
            pixels[index] = (uint32_t)rgba[0] | (uint32_t)rgba[1] << 8 | (uint32_t)rgba[2] << 16 | (uint32_t)rgba[3] << 24;
        }
    }
    return SHAPETURNS_PNG_OK;
}

shapeturns_png_status shapeturns_png_decode(
    const uint8_t *bytes, size_t count, uint32_t max_side,
    uint32_t *pixels, size_t pixel_capacity, shapeturns_png_info *info) {
    return decode(bytes, count, max_side, pixels, pixel_capacity, info, 1);
}

shapeturns_png_status shapeturns_png_decode_libpng(
    const uint8_t *bytes, size_t count, uint32_t max_side,
    uint32_t *pixels, size_t pixel_capacity, shapeturns_png_info *info) {
    return decode(bytes, count, max_side, pixels, pixel_capacity, info, 0);
}
