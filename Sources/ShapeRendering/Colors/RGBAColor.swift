/// A colour with straight (not premultiplied) alpha, each component from 0 to 1.
public struct RGBAColor: Sendable, Equatable, Hashable {
    /// Red, 0 to 1.
    public var red: Double
    /// Green, 0 to 1.
    public var green: Double
    /// Blue, 0 to 1.
    public var blue: Double
    /// Opacity, 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// A colour from channels in 0...1, opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(
            red: Double(red8) / 255, green: Double(green8) / 255,
            blue: Double(blue8) / 255, alpha: Double(alpha8) / 255
        )
    }

    init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque: the form answer keys and manifests record.
    /// Components are clamped to 0...1 (NaN counts as 0).
    package var hexString: String {
        let components = alpha < 1 ? [red, green, blue, alpha] : [red, green, blue]
        return "#"
            + components.map { component in
                let byte = component.isNaN ? 0 : Int((min(max(component, 0), 1) * 255).rounded())
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }
}

/// Encoded always as `#RRGGBB`, or `#RRGGBBAA` when not opaque (`hexString`): the one form of
/// every colour of a manifest, the form the answer keys write, so a key's colours and the
/// manifest's read alike. Decoding reads any text `init(parsing:)` accepts (`"#996633"`,
/// `"brown"`), and the four components (`{"red": 1, "green": 0.5, "blue": 0, "alpha": 1}`) that
/// development builds after 0.1.0 wrote.
extension RGBAColor: Codable {
    private enum CodingKeys: String, CodingKey {
        case red, green, blue, alpha
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let text = try? container.decode(String.self) {
            do {
                self = try RGBAColor(parsing: text)
            } catch {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            red: try container.decode(Double.self, forKey: .red),
            green: try container.decode(Double.self, forKey: .green),
            blue: try container.decode(Double.self, forKey: .blue),
            alpha: try container.decode(Double.self, forKey: .alpha)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}
