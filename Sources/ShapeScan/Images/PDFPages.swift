import CPopplerGlib
import Foundation
import ShapeTurnsCore

/// A PDF's pages through poppler-glib, decoded one at a time: a page that is one embedded image
/// covering it (as a copier writes) is taken at the image's own resolution; any other page is
/// rendered at `renderDPI`, its size in pixels checked against the budget before a pixel is drawn.
/// The one place poppler's and GLib's objects are touched.
package final class PDFPages {
    /// The resolution pages without one whole-page image are rendered at.
    package static let renderDPI = 200.0

    private let document: OpaquePointer
    /// How many pages the document says it has.
    package let count: Int

    /// Opens the PDF at `path` (read as poppler needs it, not whole); fails with `unopenable`.
    package init(path: String) throws(ScanFile.PageFailure) {
        var error: UnsafeMutablePointer<GError>?
        // A file URI names an absolute path, its bytes as they are (`EscapedBytes`), escaped by GLib.
        guard let uri = g_filename_to_uri(PathBytes.cString(Self.absolute(EscapedBytes.bytes(path))), nil, &error)
        else {
            g_clear_error(&error)
            throw .unopenable
        }
        defer { g_free(uri) }
        guard let document = poppler_document_new_from_file(uri, nil, &error) else {
            g_clear_error(&error)
            throw .unopenable
        }
        self.document = document
        count = Int(poppler_document_get_n_pages(document))
    }

    /// `path` joined to the current folder, unless it starts at the root.
    private static func absolute(_ path: [UInt8]) -> [UInt8] {
        guard path.first != UInt8(ascii: "/"), let folder = PathBytes.currentFolder() else { return path }
        return folder + [UInt8(ascii: "/")] + path
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
    }

    /// Page `index` (0-based) in grey, or why it was not decoded.
    package func page(at index: Int) -> Result<GrayImage, PageRefusal> {
        guard let page = poppler_document_get_page(document, Int32(index)) else {
            return .failure(.undecodable(by: "poppler"))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return Self.embeddedImage(of: page) ?? Self.rendered(page)
    }

    /// The page's one image, when it covers at least 90% of the page.
    private static func embeddedImage(of page: OpaquePointer) -> Result<GrayImage, PageRefusal>? {
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
        return gray(of: surface, what: "an image")
    }

    private static func rendered(_ page: OpaquePointer) -> Result<GrayImage, PageRefusal> {
        var width = 0.0
        var height = 0.0
        poppler_page_get_size(page, &width, &height)
        let scale = renderDPI / 72
        guard width.isFinite, height.isFinite, width * scale < 1e9, height * scale < 1e9 else {
            return .failure(.undecodable(by: "poppler"))
        }
        let pixelWidth = Int((width * scale).rounded())
        let pixelHeight = Int((height * scale).rounded())
        if let refusal = PageRefusal.size(
            width: pixelWidth, height: pixelHeight, what: "a page at \(Int(renderDPI)) dpi")
        {
            return .failure(refusal)
        }
        guard pixelWidth > 0, pixelHeight > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight))
        else { return .failure(.undecodable(by: "poppler")) }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return .failure(.undecodable(by: "poppler")) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        poppler_page_render_for_printing(page, context)
        cairo_destroy(context)
        return gray(of: surface, what: "a page") ?? .failure(.undecodable(by: "poppler"))
    }

    /// The grey of a Cairo image surface in ARGB32, RGB24 or A8, refused when larger than the
    /// budget; `nil` for a surface in error or in another format.
    private static func gray(of surface: OpaquePointer, what: String) -> Result<GrayImage, PageRefusal>? {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        if let refusal = PageRefusal.size(width: width, height: height, what: what) { return .failure(refusal) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, width > 0, height > 0,
            [CAIRO_FORMAT_A8, CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24].contains(format),
            let data = cairo_image_surface_get_data(surface)
        else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                if format == CAIRO_FORMAT_A8 {
                    pixels[y * width + x] = 255 - row[x]
                } else {
                    let pixel = UnsafeRawPointer(row + 4 * x).loadUnaligned(as: UInt32.self)
                    let alpha = format == CAIRO_FORMAT_ARGB32 ? Int(pixel >> 24) : 255
                    // Premultiplied: composite on white.
                    let luma =
                        (299 * Int(pixel >> 16 & 0xFF) + 587 * Int(pixel >> 8 & 0xFF) + 114 * Int(pixel & 0xFF)) / 1000
                    pixels[y * width + x] = UInt8(min(255, luma + 255 - alpha))
                }
            }
        }
        return .success(GrayImage(width: width, height: height, pixels: pixels))
    }
}
