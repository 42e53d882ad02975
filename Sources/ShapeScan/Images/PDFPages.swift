import CPopplerGlib

/// A PDF's pages through poppler-glib: a page that is one embedded image covering it (as a
/// copier writes) is taken at the image's own resolution; any other page is rendered at
/// `renderDPI`. The one place poppler's and GLib's objects are touched.
package enum PDFPages {
    /// The resolution pages without one whole-page image are rendered at.
    package static let renderDPI = 200.0
    /// The largest side of a page image taken.
    package static let maximumSide = 10_000

    /// The pages of the PDF in `bytes`, refused with `tooManyPages` above `maximumPages` before
    /// any is drawn. A page that cannot be drawn is `nil` in the list.
    package static func pages(of bytes: [UInt8], maximumPages: Int) throws(ScanFile.PageFailure) -> [GrayImage?] {
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(data, nil, &error) else {
            g_clear_error(&error)
            throw .unopenable
        }
        defer { g_object_unref(UnsafeMutableRawPointer(document)) }
        let count = Int(poppler_document_get_n_pages(document))
        guard count <= maximumPages else { throw .tooManyPages(count) }
        return (0..<count).map { index in
            guard let page = poppler_document_get_page(document, Int32(index)) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            return embeddedImage(of: page) ?? rendered(page)
        }
    }

    /// The page's one image, when it covers at least 90% of the page.
    private static func embeddedImage(of page: OpaquePointer) -> GrayImage? {
        var width = 0.0
        var height = 0.0
        poppler_page_get_size(page, &width, &height)
        guard let mapping = poppler_page_get_image_mapping(page) else { return nil }
        defer { poppler_page_free_image_mapping(mapping) }
        guard g_list_length(mapping) == 1, let entry = mapping.pointee.data else { return nil }
        let image = entry.assumingMemoryBound(to: PopplerImageMapping.self).pointee
        let area = (image.area.x2 - image.area.x1) * (image.area.y2 - image.area.y1)
        guard width > 0, height > 0, abs(area) >= 0.9 * width * height,
            let surface = poppler_page_get_image(page, image.image_id)
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        return gray(of: surface)
    }

    private static func rendered(_ page: OpaquePointer) -> GrayImage? {
        var width = 0.0
        var height = 0.0
        poppler_page_get_size(page, &width, &height)
        let scale = renderDPI / 72
        let pixelWidth = Int((width * scale).rounded())
        let pixelHeight = Int((height * scale).rounded())
        guard (1...maximumSide).contains(pixelWidth), (1...maximumSide).contains(pixelHeight),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight))
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return nil }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        poppler_page_render_for_printing(page, context)
        cairo_destroy(context)
        return gray(of: surface)
    }

    /// The grey of a Cairo image surface in ARGB32, RGB24 or A8; `nil` for other formats.
    private static func gray(of surface: OpaquePointer) -> GrayImage? {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide,
            let data = cairo_image_surface_get_data(surface)
        else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                switch format {
                case CAIRO_FORMAT_A8:
                    pixels[y * width + x] = 255 - row[x]
                case CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24:
                    let pixel = UnsafeRawPointer(row + 4 * x).loadUnaligned(as: UInt32.self)
                    let alpha = format == CAIRO_FORMAT_ARGB32 ? Int(pixel >> 24) : 255
                    // Premultiplied: composite on white.
                    let luma =
                        (299 * Int(pixel >> 16 & 0xFF) + 587 * Int(pixel >> 8 & 0xFF) + 114 * Int(pixel & 0xFF)) / 1000
                    pixels[y * width + x] = UInt8(min(255, luma + 255 - alpha))
                default:
                    return nil
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
