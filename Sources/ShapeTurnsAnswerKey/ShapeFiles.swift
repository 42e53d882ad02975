import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The image files of one shape, relative to the set folder; a format not written is absent.
public struct ShapeFiles: Sendable, Equatable, Codable {
    /// The PNG's path relative to the set's folder, when PNGs were written.
    public var png: String?
    /// The SVG's path relative to the set's folder, when SVGs were written.
    public var svg: String?

    package init(png: String? = nil, svg: String? = nil) {
        self.png = png
        self.svg = svg
    }

    package init(paths: [ImageFormat: String]) {
        self.init(png: paths[.png], svg: paths[.svg])
    }

    /// The path of the image in `format`, when written.
    public subscript(format: ImageFormat) -> String? {
        switch format {
        case .png: png
        case .svg: svg
        }
    }
}

extension ShapeFiles {
    /// Writes these paths as `AnswerKeyEncoding` would encode them (keys sorted).
    package func writeJSON(to writer: inout JSONKeyWriter) {
        writer.object { writer in
            writer.member("png", png)
            writer.member("svg", svg)
        }
    }
}
