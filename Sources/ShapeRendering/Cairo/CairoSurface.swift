import CCairo
import CPNG

/// A Cairo surface owned by Swift: an in-memory image, or an SVG or PDF document being written
/// to memory.
///
/// This folder is the only place that touches Cairo's C API; every call that can fail is
/// followed by a status check that turns failure into a `CairoError`.
public final class CairoSurface {
    /// The largest side of an image ShapeTurns makes (Cairo's own limit is 32767; a side of
    /// 8192 is already 256 MiB of pixels).
    package static let maximumSide = 8192

    /// The width in pixels; for a page document (`svgPage`, `pdf`), its width in points rounded up.
    package let width: Int
    /// The height in pixels; for a page document, its height in points rounded up.
    package let height: Int
    let pointer: OpaquePointer
    private let sink: CairoByteSink?

    private init(pointer: OpaquePointer, width: Int, height: Int, sink: CairoByteSink?) throws(CairoError) {
        self.pointer = pointer
        self.width = width
        self.height = height
        self.sink = sink
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .failed(operation: "create a \(width)x\(height) surface", status: describe(status))
        }
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// A Cairo image surface someone else made (a `cairo_surface_t *` from your own Cairo code),
    /// for example to snapshot it with `Snapshotting<CairoSurface, Data>.image`.
    ///
    /// Ownership: this takes a reference of its own (`cairo_surface_reference`) and releases it
    /// when the `CairoSurface` is freed; the caller keeps its reference and still destroys it as
    /// usual. The surface is flushed, so drawing done before the call is seen. Throws unless
    /// `pointer` is a healthy image surface of 1 to `maximumSide` pixels a side.
    package convenience init(retaining pointer: OpaquePointer) throws(CairoError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .failed(operation: "use the surface given", status: describe(status))
        }
        let format = cairo_image_surface_get_format(pointer)
        guard cairo_surface_get_type(pointer) == CAIRO_SURFACE_TYPE_IMAGE,
            format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24
        else {
            throw .failed(operation: "use the surface given", status: "it is not an ARGB32 or RGB24 image surface")
        }
        let width = Int(cairo_image_surface_get_width(pointer))
        let height = Int(cairo_image_surface_get_height(pointer))
        try Self.checkSize(width: width, height: height)
        cairo_surface_flush(pointer)
        try self.init(pointer: cairo_surface_reference(pointer), width: width, height: height, sink: nil)
    }

    /// A transparent ARGB32 image of the given size.
    package static func image(width: Int, height: Int) throws(CairoError) -> CairoSurface {
        try checkSize(width: width, height: height)
        guard let pointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .failed(operation: "create an image surface", status: "no surface returned")
        }
        return try CairoSurface(pointer: pointer, width: width, height: height, sink: nil)
    }

    /// An opaque RGB24 image of the given size, black until painted: a printed page, whose PNG
    /// needs no alpha channel (Cairo writes it as 8-bit RGB, a quarter smaller).
    package static func opaqueImage(width: Int, height: Int) throws(CairoError) -> CairoSurface {
        try checkSize(width: width, height: height)
        guard let pointer = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .failed(operation: "create an image surface", status: "no surface returned")
        }
        return try CairoSurface(pointer: pointer, width: width, height: height, sink: nil)
    }

    /// An ARGB32 image holding `pixels`: premultiplied ARGB, row by row, as `argbPixels()` returns.
    package static func image(width: Int, height: Int, argbPixels pixels: [UInt32]) throws(CairoError) -> CairoSurface {
        try checkSize(width: width, height: height)
        guard pixels.count == width * height else {
            throw .failed(operation: "fill a \(width)x\(height) image", status: "\(pixels.count) pixels given")
        }
        let surface = try image(width: width, height: height)
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw .failed(operation: "write pixels", status: "the surface has no pixel data")
        }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        for row in 0..<height {
            let rowStart = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                rowStart[column] = pixels[row * width + column]
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        try surface.checkStatus("write pixels")
        return surface
    }

    /// An SVG document whose user unit is one pixel, collected in memory; see `finishSVG()`.
    package static func svg(width: Int, height: Int) throws(CairoError) -> CairoSurface {
        try checkSize(width: width, height: height)
        let surface = try streamed(
            "an SVG surface", width: Double(width), height: Double(height), create: cairo_svg_surface_create_for_stream)
        cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PX)
        try surface.checkStatus("set the SVG document unit")
        return surface
    }

    /// An SVG page whose user unit is the point (1/72 inch), collected in memory, so it prints at
    /// its size in `widthPoints` × `heightPoints`; see `finishSVG()`.
    package static func svgPage(widthPoints: Double, heightPoints: Double) throws(CairoError) -> CairoSurface {
        try checkPageSize(width: widthPoints, height: heightPoints)
        let surface = try streamed(
            "an SVG surface", width: widthPoints, height: heightPoints, create: cairo_svg_surface_create_for_stream)
        cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PT)
        try surface.checkStatus("set the SVG document unit")
        return surface
    }

    /// A PDF document of pages `widthPoints` × `heightPoints`, collected in memory. End each page
    /// with `CairoContext.showPage()` and the document with `finishPDF()`.
    ///
    /// The document's creation and modification dates are `info.date`, not the time of the run,
    /// so the same drawing always gives the same bytes.
    package static func pdf(widthPoints: Double, heightPoints: Double, info: PDFDocumentInfo) throws(CairoError)
        -> CairoSurface
    {
        try checkPageSize(width: widthPoints, height: heightPoints)
        let surface = try streamed(
            "a PDF surface", width: widthPoints, height: heightPoints, create: cairo_pdf_surface_create_for_stream)
        var metadata: [(cairo_pdf_metadata_t, String, String)] = [
            (CAIRO_PDF_METADATA_TITLE, info.title, "title"),
            (CAIRO_PDF_METADATA_CREATOR, info.creator, "creator"),
            (CAIRO_PDF_METADATA_CREATE_DATE, info.date, "creation date"),
            (CAIRO_PDF_METADATA_MOD_DATE, info.date, "modification date"),
        ]
        if !info.subject.isEmpty {
            metadata.append((CAIRO_PDF_METADATA_SUBJECT, info.subject, "subject"))
        }
        if !info.keywords.isEmpty {
            metadata.append((CAIRO_PDF_METADATA_KEYWORDS, info.keywords, "keywords"))
        }
        for (field, value, name) in metadata {
            cairo_pdf_surface_set_metadata(surface.pointer, field, value)
            try surface.checkStatus("set the PDF's \(name)")
        }
        return surface
    }

    /// Decodes a PNG file.
    package static func readPNG(path: String) throws(CairoError) -> CairoSurface {
        guard let pointer = cairo_image_surface_create_from_png(path) else {
            throw .unreadablePNG(path: path, reason: "no surface returned")
        }
        return try adoptDecoded(pointer, source: path)
    }

    /// Decodes PNG bytes held in memory.
    package static func readPNG(bytes: [UInt8], source: String = "data") throws(CairoError) -> CairoSurface {
        let reader = CairoByteSource(bytes: bytes)
        let decoded = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(CairoByteSource.readFunction, reader.closure)
        }
        guard let pointer = decoded else {
            throw .unreadablePNG(path: source, reason: "no surface returned")
        }
        return try adoptDecoded(pointer, source: source)
    }

    /// Encodes the image as PNG with Cairo's writer.
    public func pngBytes() throws(CairoError) -> [UInt8] {
        let output = CairoByteSink()
        let status = withExtendedLifetime(output) {
            cairo_surface_write_to_png_stream(pointer, CairoByteSink.writeFunction, output.closure)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .failed(operation: "encode a PNG", status: describe(status))
        }
        return output.bytes
    }

    /// Encodes the image as PNG with `encoding`; every encoding decodes to the same pixels.
    /// With `opaque`, an RGB file (colour type 2) instead of RGBA, for an image whose every pixel
    /// is opaque; a pixel that is not throws rather than lose its alpha.
    package func pngBytes(_ encoding: PNGEncoding, opaque: Bool = false) throws(CairoError) -> [UInt8] {
        let compression: shapeturns_png_compression
        switch encoding {
        case .cairo: return opaque ? try opaqueCopy().pngBytes() : try pngBytes()
        case .fast: compression = SHAPETURNS_PNG_RUNS
        case .default: compression = SHAPETURNS_PNG_DEFLATE_DEFAULT
        case .small: compression = SHAPETURNS_PNG_DEFLATE_SMALL
        }
        cairo_surface_flush(pointer)
        try checkStatus("flush the image")
        guard cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32,
            let data = cairo_image_surface_get_data(pointer)
        else {
            throw .failed(operation: "encode a PNG", status: "only ARGB32 image surfaces can be encoded")
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let capacity = shapeturns_png_encode_bound(UInt32(width), UInt32(height))
        var written = 0
        var status = SHAPETURNS_PNG_ENCODE_OK
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            status = shapeturns_png_encode_channels(
                data, stride, UInt32(width), UInt32(height), SHAPETURNS_PNG_CAIRO_ARGB32, compression,
                opaque ? SHAPETURNS_PNG_RGB : SHAPETURNS_PNG_RGBA, buffer.baseAddress, capacity, &written)
            count = status == SHAPETURNS_PNG_ENCODE_OK ? written : 0
        }
        guard status != SHAPETURNS_PNG_ENCODE_NOT_OPAQUE else {
            throw .failed(operation: "encode an RGB PNG", status: "a pixel is not opaque")
        }
        guard status == SHAPETURNS_PNG_ENCODE_OK else {
            throw .failed(operation: "encode a PNG", status: "encoder status \(status.rawValue)")
        }
        // The bound is about 4 bytes a pixel and a file a few hundredths of it: keep only what
        // was written, so the images waiting for a set's writer hold no unused megabytes.
        return bytes.count < capacity / 2 ? Array(bytes) : bytes
    }

    /// The image copied onto an opaque RGB24 image, which Cairo's writer saves as 8-bit RGB.
    /// Throws if a pixel is not opaque, rather than lose its alpha.
    private func opaqueCopy() throws(CairoError) -> CairoSurface {
        guard try argbPixels().allSatisfy({ $0 >> 24 == 0xFF }) else {
            throw .failed(operation: "encode an RGB PNG", status: "a pixel is not opaque")
        }
        let copy = try CairoSurface.opaqueImage(width: width, height: height)
        let context = cairo_create(copy.pointer)
        defer { cairo_destroy(context) }
        cairo_set_source_surface(context, pointer, 0, 0)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_surface_flush(copy.pointer)
        try copy.checkStatus("copy the image onto an opaque one")
        return copy
    }

    /// Ends an SVG surface and returns the whole document. Drawing after this fails.
    package func finishSVG() throws(CairoError) -> [UInt8] {
        try finish("finish the SVG document")
    }

    /// Ends a PDF surface and returns the whole document. Drawing after this fails.
    package func finishPDF() throws(CairoError) -> [UInt8] {
        try finish("finish the PDF document")
    }

    /// The image's pixels as Cairo stores them: premultiplied ARGB, one `UInt32` each, row by row.
    /// Opaque formats read back with an alpha of 255.
    package func argbPixels() throws(CairoError) -> [UInt32] {
        cairo_surface_flush(pointer)
        try checkStatus("flush the image")
        let format = cairo_image_surface_get_format(pointer)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw .failed(operation: "read pixels", status: "unsupported pixel format \(format.rawValue)")
        }
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw .failed(operation: "read pixels", status: "the surface has no pixel data")
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let opaqueMask: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        var pixels = [UInt32]()
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let rowStart = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                pixels.append(rowStart[column] | opaqueMask)
            }
        }
        return pixels
    }

    func checkStatus(_ operation: String) throws(CairoError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .failed(operation: operation, status: describe(status))
        }
    }

    /// A vector surface `width` × `height` in the document's units, whose output Cairo streams
    /// into a sink in memory; the surface's integer `width` and `height` are those rounded up.
    private static func streamed(
        _ kind: String, width: Double, height: Double,
        create: (cairo_write_func_t, UnsafeMutableRawPointer, Double, Double) -> OpaquePointer?
    ) throws(CairoError) -> CairoSurface {
        let sink = CairoByteSink()
        guard let pointer = create(CairoByteSink.writeFunction, sink.closure, width, height) else {
            throw .failed(operation: "create \(kind)", status: "no surface returned")
        }
        return try CairoSurface(
            pointer: pointer, width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), sink: sink)
    }

    private func finish(_ operation: String) throws(CairoError) -> [UInt8] {
        cairo_surface_finish(pointer)
        try checkStatus(operation)
        return sink?.bytes ?? []
    }

    /// Pages are at most Cairo's own limit for vector surfaces, 32767 points (11.5 m) a side.
    private static func checkPageSize(width: Double, height: Double) throws(CairoError) {
        let limit = 32767.0
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= limit, height <= limit else {
            throw .failed(
                operation: "create a page of \(width)x\(height) points",
                status: "each side must be above 0 and at most \(Int(limit))")
        }
    }

    private static func checkSize(width: Int, height: Int) throws(CairoError) {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw .surfaceTooLarge(width: width, height: height, maximumSide: maximumSide)
        }
    }

    private static func adoptDecoded(_ pointer: OpaquePointer, source: String) throws(CairoError) -> CairoSurface {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw .unreadablePNG(path: source, reason: describe(status))
        }
        let width = Int(cairo_image_surface_get_width(pointer))
        let height = Int(cairo_image_surface_get_height(pointer))
        return try CairoSurface(pointer: pointer, width: width, height: height, sink: nil)
    }
}
