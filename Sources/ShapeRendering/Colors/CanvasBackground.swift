/// What lies under a shape on its canvas: nothing (transparent) or a colour.
public enum CanvasBackground: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Nothing under the shape: transparent pixels.
    case transparent
    /// The colour painted under the shape.
    case color(RGBAColor)

    /// Reads `transparent` or any colour `RGBAColor(parsing:)` accepts.
    public init(parsing text: String) throws(ColorParseError) {
        if text.trimmingWhitespace().lowercased() == "transparent" {
            self = .transparent
        } else {
            self = .color(try RGBAColor(parsing: text))
        }
    }

    /// `transparent` or `#RRGGBB[AA]`.
    public var description: String {
        switch self {
        case .transparent: "transparent"
        case .color(let color): color.hexString
        }
    }

    /// Decodes `"transparent"`, a colour as text, or a colour's four components.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            self = .color(try container.decode(RGBAColor.self))
            return
        }
        do {
            self = try CanvasBackground(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes `"transparent"`, or the colour in `RGBAColor`'s one form, `#RRGGBB[AA]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .transparent: try container.encode("transparent")
        case .color(let color): try container.encode(color)
        }
    }
}
