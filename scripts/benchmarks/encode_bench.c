// Times PNG encoders on the same pixels: ShapeTurns' encoder (Sources/CPNG), the encoder of an
// earlier commit when built in (BASELINE), and Google's fpnge when built in (FPNGE). Built and
// run by scripts/benchmark-encoder; see there.
//
//   encode_bench REPEATS FILE.png... [photo:WxH]
//
// With REPEATS 0 each encoder encodes each image three times, untimed, for counting its
// instructions under valgrind --tool=callgrind (scripts/benchmark-encoder with INSTRUCTIONS=1).
//
// Each PNG is read with Cairo (premultiplied ARGB32, what ShapeTurns encodes); fpnge is given
// the same pixels as straight RGBA, as the PNG holds them (its unpremultiplying is not timed).
// photo:WxH is a deterministic photo-like image: smooth colour fields with noise on every pixel,
// where runs do not help. Every file written is decoded with libpng and compared with the
// pixels; a mismatch stops the run. Prints one Markdown row per image and encoder.
#include <cairo.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "CPNG.h"

#ifdef BASELINE
shapeturns_png_encode_status baseline_png_encode(const uint8_t *, size_t, uint32_t, uint32_t, shapeturns_png_compression,
                                                 uint8_t *, size_t, size_t *);
size_t baseline_png_encode_bound(uint32_t, uint32_t);
#endif
#ifdef FPNGE
#include "fpnge.h"
#endif

typedef struct {
    const char *name;
    uint32_t width, height;
    uint32_t *argb;    // premultiplied, Cairo's layout
    uint8_t *rgba;     // straight, as the PNG holds it
} image;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void straight(uint32_t pixel, uint8_t *out) {
    uint32_t a = pixel >> 24;
    if (a == 0) { memset(out, 0, 4); return; }
    out[0] = (uint8_t)((((pixel >> 16) & 255) * 255 + a / 2) / a);
    out[1] = (uint8_t)((((pixel >> 8) & 255) * 255 + a / 2) / a);
    out[2] = (uint8_t)(((pixel & 255) * 255 + a / 2) / a);
    out[3] = (uint8_t)a;
}

static void fill_straight(image *im) {
    im->rgba = malloc((size_t)im->width * im->height * 4);
    for (size_t i = 0; i < (size_t)im->width * im->height; i++) straight(im->argb[i], im->rgba + 4 * i);
}

static int load(const char *path, image *im) {
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) return 0;
    cairo_surface_flush(s);
    im->width = (uint32_t)cairo_image_surface_get_width(s);
    im->height = (uint32_t)cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    im->argb = malloc((size_t)im->width * im->height * 4);
    for (uint32_t y = 0; y < im->height; y++)
        memcpy(im->argb + (size_t)y * im->width, cairo_image_surface_get_data(s) + (size_t)y * stride, (size_t)im->width * 4);
    cairo_surface_destroy(s);
    const char *slash = strrchr(path, '/');
    im->name = slash ? slash + 1 : path;
    fill_straight(im);
    return 1;
}

static void photo(uint32_t w, uint32_t h, image *im) {
    im->width = w;
    im->height = h;
    im->argb = malloc((size_t)w * h * 4);
    uint64_t state = 0x9E3779B97F4A7C15ULL;
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            int noise = (int)((state >> 33) % 17) - 8;
            int r = (int)(128 + 100 * __builtin_sin(x * 0.011 + y * 0.003)) + noise;
            int g = (int)(120 + 90 * __builtin_cos(y * 0.009 - x * 0.004)) + noise / 2;
            int b = (int)(110 + 80 * __builtin_sin((x + y) * 0.006)) - noise;
            r = r < 0 ? 0 : r > 255 ? 255 : r;
            g = g < 0 ? 0 : g > 255 ? 255 : g;
            b = b < 0 ? 0 : b > 255 ? 255 : b;
            im->argb[(size_t)y * w + x] = 0xFF000000u | (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
        }
    }
    static char name[64];
    snprintf(name, sizeof name, "photo-like %ux%u", w, h);
    im->name = name;
    fill_straight(im);
}

/// Decodes `png` with libpng and compares with the straight pixels; exits on any difference.
static void check(const image *im, const uint8_t *png, size_t size, const char *encoder) {
    png_image decoded;
    memset(&decoded, 0, sizeof decoded);
    decoded.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&decoded, png, size)) goto bad;
    decoded.format = PNG_FORMAT_RGBA;
    if (decoded.width != im->width || decoded.height != im->height) goto bad;
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(decoded));
    if (!png_image_finish_read(&decoded, NULL, pixels, 0, NULL)) goto bad;
    if (memcmp(pixels, im->rgba, (size_t)im->width * im->height * 4) != 0) goto bad;
    free(pixels);
    return;
bad:
    fprintf(stderr, "encode_bench: %s's file for %s does not decode to its pixels\n", encoder, im->name);
    exit(1);
}

typedef size_t (*encoder_fn)(const image *, uint8_t *, size_t);

static size_t ours(const image *im, uint8_t *out, size_t capacity) {
    size_t written = 0;
    if (shapeturns_png_encode((const uint8_t *)im->argb, (size_t)im->width * 4, im->width, im->height, SHAPETURNS_PNG_RUNS,
                              out, capacity, &written) != SHAPETURNS_PNG_ENCODE_OK) return 0;
    return written;
}
#ifdef BASELINE
static size_t baseline(const image *im, uint8_t *out, size_t capacity) {
    size_t written = 0;
    if (baseline_png_encode((const uint8_t *)im->argb, (size_t)im->width * 4, im->width, im->height, SHAPETURNS_PNG_RUNS,
                            out, capacity, &written) != SHAPETURNS_PNG_ENCODE_OK) return 0;
    return written;
}
#endif
#ifdef FPNGE
static size_t fpnge(const image *im, uint8_t *out, size_t capacity) {
    (void)capacity;
    struct FPNGEOptions options;
    FPNGEFillOptions(&options, FPNGE_COMPRESS_LEVEL_DEFAULT, FPNGE_CICP_NONE);
    return FPNGEEncode(1, 4, im->rgba, im->width, (size_t)im->width * 4, im->height, out, &options);
}
#endif

static int repeats = 15;

/// The fastest of `repeats` timings, each over enough encodes to take about 20 ms.
static void run(const image *im, const char *encoder, encoder_fn fn) {
    size_t capacity = 2 * ((size_t)im->width * 4 + 1) * im->height + 4096;
    uint8_t *out = malloc(capacity);
    size_t size = fn(im, out, capacity);
    if (size == 0) { fprintf(stderr, "encode_bench: %s failed on %s\n", encoder, im->name); exit(1); }
    check(im, out, size, encoder);
    if (repeats == 0) {
        // Three encodes in all and no timing: for counting instructions (valgrind --tool=callgrind).
        fn(im, out, capacity);
        fn(im, out, capacity);
        printf("| %s | %ux%u | %s | - | %zu |\n", im->name, im->width, im->height, encoder, size);
        free(out);
        return;
    }
    unsigned inner = 1;
    double start = now();
    fn(im, out, capacity);
    double once = now() - start;
    if (once < 0.02) inner = (unsigned)(0.02 / (once > 1e-7 ? once : 1e-7)) + 1;
    double best = 1e30;
    for (int r = 0; r < repeats; r++) {
        start = now();
        for (unsigned i = 0; i < inner; i++) fn(im, out, capacity);
        double each = (now() - start) / inner;
        if (each < best) best = each;
    }
    double megapixels = (double)im->width * im->height / 1e6;
    printf("| %s | %ux%u | %s | %.0f | %zu |\n", im->name, im->width, im->height, encoder, megapixels / best, size);
    fflush(stdout);
    free(out);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: encode_bench REPEATS FILE.png... [photo:WxH]\n");
        return 64;
    }
    repeats = atoi(argv[1]);
    printf("| image | size | encoder | MP/s (min of %d) | bytes |\n|---|---|---|---|---|\n", repeats);
    for (int i = 2; i < argc; i++) {
        image im;
        unsigned w, h;
        if (sscanf(argv[i], "photo:%ux%u", &w, &h) == 2) {
            photo(w, h, &im);
        } else if (!load(argv[i], &im)) {
            fprintf(stderr, "encode_bench: cannot read %s\n", argv[i]);
            return 66;
        }
        run(&im, "shapeturns fast", ours);
#ifdef BASELINE
        run(&im, "shapeturns fast (" BASELINE ")", baseline);
#endif
#ifdef FPNGE
        run(&im, "fpnge default (4)", fpnge);
#endif
        free(im.argb);
        free(im.rgba);
    }
    return 0;
}
