/// An opaque 8-bit colour, as pixelmatch takes its diff colours (`[255, 0, 0]`).
public struct RGBColor: Sendable, Equatable, Hashable {
    /// Red, 0 to 255.
    public var red: UInt8
    /// Green, 0 to 255.
    public var green: UInt8
    /// Blue, 0 to 255.
    public var blue: UInt8

    /// A colour from its three channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour as an opaque `RGBAImage` pixel.
    package var packed: UInt32 {
        RGBAImage.pack(red: red, green: green, blue: blue, alpha: 255)
    }
}
