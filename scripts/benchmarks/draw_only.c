// Draws what a default `shapeturns generate` turn draws, and nothing else: two SIZE×SIZE
// transparent images, each one square or circle (fill 0.6/0.4/0.2, outline 1/0.5/0, line 6 px at
// 512, proportions 0.3 to 0.8), on one ARGB32 surface cleared and reused, with Cairo. No
// encoding, no files, no keys: the floor a turn's cost is measured against
// (scripts/benchmark-turns).
//
//   draw_only TURNS [SIZE] [THREADS]
//
// Prints the turns per second over all threads (each thread draws TURNS / THREADS turns).
#include <cairo.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int size = 512;

typedef struct {
    long turns;
    unsigned seed;
    unsigned checksum;
} job;

static void *draw(void *argument) {
    job *work = argument;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size, size);
    cairo_t *cr = cairo_create(surface);
    unsigned long state = work->seed;
    double line = size >= 512 ? 6.0 * size / 512 : fmax(2.0, 6.0 * size / 512);
    for (long turn = 0; turn < work->turns; turn++) {
        for (int image = 0; image < 2; image++) {
            state = state * 6364136223846793005UL + 1442695040888963407UL;
            double proportion = 0.3 + 0.5 * (double)(state >> 40) / (double)(1UL << 24);
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
            cairo_paint(cr);
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
            double side = size * proportion, centre = size / 2.0;
            if ((state >> 20) & 1) {
                cairo_rectangle(cr, centre - side / 2, centre - side / 2, side, side);
            } else {
                cairo_arc(cr, centre, centre, side / 2, 0, 2 * M_PI);
            }
            cairo_set_source_rgb(cr, 0.6, 0.4, 0.2);
            cairo_fill_preserve(cr);
            cairo_set_source_rgb(cr, 1, 0.5, 0);
            cairo_set_line_width(cr, line);
            cairo_stroke(cr);
            cairo_surface_flush(surface);
            work->checksum += cairo_image_surface_get_data(surface)[(size / 2) * cairo_image_surface_get_stride(surface)];
        }
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: draw_only TURNS [SIZE] [THREADS]\n");
        return 64;
    }
    long turns = atol(argv[1]);
    if (argc > 2) size = atoi(argv[2]);
    int threads = argc > 3 ? atoi(argv[3]) : 1;
    if (turns < 1 || size < 16 || threads < 1 || threads > 256) {
        fprintf(stderr, "draw_only: TURNS >= 1, SIZE >= 16, 1 <= THREADS <= 256\n");
        return 64;
    }
    pthread_t ids[256];
    job jobs[256];
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job){turns / threads + (t < turns % threads), (unsigned)t + 1, 0};
        pthread_create(&ids[t], NULL, draw, &jobs[t]);
    }
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9;
    printf("%.0f\n", turns / seconds);
    return 0;
}
