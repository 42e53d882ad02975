#ifndef SHAPETURNS_CPANGOTEXT_H
#define SHAPETURNS_CPANGOTEXT_H

// The few Pango calls ShapeRendering makes, behind a header that names no glib type: Pango's
// own headers bring glib's structs (GList, GError) into any Swift module that imports them,
// where they collide with the same structs from the scanner's poppler-glib. PangoTextLayout is
// the one Swift wrapper of these.

#include <cairo.h>

/// A Pango layout on a Cairo context, set up for reproducible pages: grey antialiasing, no
/// hinting, unhinted metrics, unrounded glyph positions, a left-to-right paragraph of one line.
typedef struct shapeturns_text shapeturns_text;

/// Where the text set last lies, in user units: its ink box relative to the layout's top-left
/// corner, its logical width, and its first baseline's distance from the top.
typedef struct {
    double ink_x, ink_y, ink_width, ink_height;
    double logical_width;
    double baseline;
} shapeturns_text_extents;

/// A layout for `cr`; NULL when Pango could not make one.
shapeturns_text *shapeturns_text_create(cairo_t *cr);

void shapeturns_text_destroy(shapeturns_text *text);

/// Sets `utf8` in `family` (bold or not) at `size` user units, its Han characters in
/// `language` (a BCP 47 tag); with `ellipsized_width` above 0, text wider than that is cut at
/// its end with an ellipsis. Follows `cr`'s current transformation.
void shapeturns_text_set(
    shapeturns_text *text, cairo_t *cr, const char *utf8, const char *language, const char *family, int bold,
    double size, double ellipsized_width);

shapeturns_text_extents shapeturns_text_get_extents(shapeturns_text *text);

/// How many characters of the text set last no installed font has (each prints as a box).
int shapeturns_text_missing_glyphs(shapeturns_text *text);

/// Draws the text set last in `cr`'s source with its first baseline's left end at (x, y).
void shapeturns_text_show(shapeturns_text *text, cairo_t *cr, double x, double y);

#endif
