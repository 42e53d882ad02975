import PixelDiff

extension RGBAImage {
    /// The straight RGBA of a Cairo image surface, unpremultiplied the way Cairo's PNG writer
    /// does it, so a surface compares like the PNG it would write.
    package init(surface: CairoSurface) throws(CairoError) {
        let argb = try surface.argbPixels()
        do {
            try self.init(premultipliedARGB: argb, width: surface.width, height: surface.height)
        } catch {
            throw .failed(operation: "read the surface's pixels", status: error.description)
        }
    }

    /// The image as a Cairo surface (premultiplied the way Cairo's PNG reader does it), for
    /// drawing on.
    package func cairoSurface() throws(CairoError) -> CairoSurface {
        try CairoSurface.image(width: width, height: height, argbPixels: premultipliedARGB())
    }
}
