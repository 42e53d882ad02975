import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The colours shapes are painted from with `--palette`: each shape's fill and outline are two
/// different colours of the palette, drawn per turn and shape from the seed.
package struct Palette: Sendable, Equatable, Codable {
    /// The built-in palette's name, or `nil` for a list given by the user.
    package var name: String?
    /// The colours, two or more, all opaque.
    package var colors: [RGBAColor]

    /// The built-in palettes: distinct, colour-blind-aware and quiet choices.
    package static let builtIn: [(name: String, colors: [String])] = [
        ("bright", ["#E6194B", "#3CB44B", "#FFE119", "#4363D8", "#F58231", "#911EB4", "#42D4F4", "#F032E6"]),
        ("pastel", ["#FBB4AE", "#B3CDE3", "#CCEBC5", "#DECBE4", "#FED9A6", "#FFFFCC"]),
        ("earth", ["#8C510A", "#BF812D", "#DFC27D", "#80CDC1", "#35978F", "#01665E"]),
        ("gray", ["#222222", "#555555", "#888888", "#BBBBBB"]),
    ]

    /// A built-in name, or two or more colours separated by commas, each as `--fill` takes them.
    package init(parsing text: String) throws(ShapeTurnsError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let builtIn = Self.builtIn.first(where: { $0.name == trimmed }) {
            name = builtIn.name
            colors = builtIn.colors.compactMap { try? RGBAColor(parsing: $0) }
            return
        }
        var colors: [RGBAColor] = []
        for word in text.split(separator: ",") {
            do {
                colors.append(try RGBAColor(parsing: word.trimmingCharacters(in: .whitespaces)))
            } catch {
                throw .invalidOption(
                    .palette,
                    reason:
                        "'\(word)' is not a palette (\(Self.builtIn.map(\.name).joined(separator: ", "))) or a colour: \(error.description)"
                )
            }
        }
        guard colors.count >= 2 else {
            throw .invalidOption(
                .palette,
                reason:
                    "name a palette (\(Self.builtIn.map(\.name).joined(separator: ", "))) or list two or more colours (got '\(text)')"
            )
        }
        guard colors.allSatisfy({ $0.alpha >= 1 }) else {
            throw .invalidOption(
                .palette, reason: "colours must be opaque, so each shape's pixels add up to its area (got '\(text)')"
            )
        }
        name = nil
        self.colors = colors
    }
}
