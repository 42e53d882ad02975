/// The size of an image in pixels, as comparisons report it.
public struct ImageSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width × height`.
    public var pixelCount: Int { width * height }

    /// `WIDTHxHEIGHT`, as people write image sizes.
    public var description: String { "\(width)x\(height)" }
}
