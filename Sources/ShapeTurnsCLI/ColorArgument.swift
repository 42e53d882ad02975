import Foundation
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// Reads a colour option written `R,G,B` (`255,0,0`), as pixelmatch takes its diff colours.
enum ColorArgument {
    /// The colour `text` names (nil when the option was not given), or `invalidOption` naming
    /// `option` and the accepted form.
    static func parse(_ text: String?, option: String) throws(ShapeTurnsError) -> RGBColor? {
        guard let text else { return nil }
        let channels = text.split(separator: ",", omittingEmptySubsequences: false).map {
            UInt8($0.trimmingCharacters(in: .whitespaces))
        }
        guard channels.count == 3, let red = channels[0], let green = channels[1], let blue = channels[2] else {
            throw .invalidOption(
                option,
                reason: "must be a colour R,G,B of three whole numbers from 0 to 255 (like 255,0,0), not '\(text)'")
        }
        return RGBColor(red: red, green: green, blue: blue)
    }
}
