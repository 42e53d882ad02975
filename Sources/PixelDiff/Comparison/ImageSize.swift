/// The size of an image in pixels, as comparisons report it.
public struct ImageSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width × height`.
    package var pixelCount: Int { width * height }

    /// `WIDTHxHEIGHT`, as people write image sizes.
    public var description: String { "\(width)x\(height)" }
}
