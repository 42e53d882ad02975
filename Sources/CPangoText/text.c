#include "CPangoText.h"

#include <pango/pangocairo.h>

struct shapeturns_text {
    PangoLayout *layout;
};

shapeturns_text *shapeturns_text_create(cairo_t *cr) {
    PangoLayout *layout = pango_cairo_create_layout(cr);
    if (layout == NULL) return NULL;
    shapeturns_text *text = g_try_new0(shapeturns_text, 1);
    if (text == NULL) {
        g_object_unref(layout);
        return NULL;
    }
    text->layout = layout;
    PangoContext *context = pango_layout_get_context(layout);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_base_dir(context, PANGO_DIRECTION_LTR);
    pango_layout_set_auto_dir(layout, FALSE);
    pango_layout_set_single_paragraph_mode(layout, TRUE);
    pango_layout_context_changed(layout);
    return text;
}

void shapeturns_text_destroy(shapeturns_text *text) {
    if (text == NULL) return;
    g_object_unref(text->layout);
    g_free(text);
}

void shapeturns_text_set(
    shapeturns_text *text, cairo_t *cr, const char *utf8, const char *language, const char *family, int bold,
    double size, double ellipsized_width) {
    pango_cairo_update_layout(cr, text->layout);
    PangoContext *context = pango_layout_get_context(text->layout);
    PangoLanguage *wanted = pango_language_from_string(language);
    if (pango_context_get_language(context) != wanted) {
        pango_context_set_language(context, wanted);
        pango_layout_context_changed(text->layout);
    }
    if (g_strcmp0(pango_layout_get_text(text->layout), utf8) != 0) pango_layout_set_text(text->layout, utf8, -1);
    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family(description, family);
    pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
    const PangoFontDescription *current = pango_layout_get_font_description(text->layout);
    if (current == NULL || !pango_font_description_equal(current, description))
        pango_layout_set_font_description(text->layout, description);
    pango_font_description_free(description);
    if (ellipsized_width > 0) {
        pango_layout_set_width(text->layout, (int)(ellipsized_width * PANGO_SCALE));
        pango_layout_set_ellipsize(text->layout, PANGO_ELLIPSIZE_END);
    } else {
        pango_layout_set_width(text->layout, -1);
        pango_layout_set_ellipsize(text->layout, PANGO_ELLIPSIZE_NONE);
    }
}

shapeturns_text_extents shapeturns_text_get_extents(shapeturns_text *text) {
    PangoRectangle ink, logical;
    pango_layout_get_extents(text->layout, &ink, &logical);
    shapeturns_text_extents extents = {
        .ink_x = (double)ink.x / PANGO_SCALE,
        .ink_y = (double)ink.y / PANGO_SCALE,
        .ink_width = (double)ink.width / PANGO_SCALE,
        .ink_height = (double)ink.height / PANGO_SCALE,
        .logical_width = (double)logical.width / PANGO_SCALE,
        .baseline = (double)pango_layout_get_baseline(text->layout) / PANGO_SCALE,
    };
    return extents;
}

int shapeturns_text_missing_glyphs(shapeturns_text *text) {
    return pango_layout_get_unknown_glyphs_count(text->layout);
}

void shapeturns_text_show(shapeturns_text *text, cairo_t *cr, double x, double y) {
    double top = y - (double)pango_layout_get_baseline(text->layout) / PANGO_SCALE;
    cairo_new_path(cr);
    cairo_move_to(cr, x, top);
    pango_cairo_show_layout(cr, text->layout);
}
