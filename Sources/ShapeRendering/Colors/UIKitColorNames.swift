extension RGBAColor {
    /// The named colours of UIKit's `UIColor` that the tutorial used, with UIKit's values.
    ///
    /// Where a name is also a CSS colour (brown, orange, gray, green, darkgray, lightgray, ...),
    /// the UIKit value wins: the tutorial's game is drawn in these colours. CSS's values for
    /// those names remain reachable as hex codes. Keys are lowercase.
    static let uiKitNamedColors: [String: RGBAColor] = [
        "black": RGBAColor(white: 0),
        "blue": RGBAColor(red: 0, green: 0, blue: 1),
        "brown": RGBAColor(red: 0.6, green: 0.4, blue: 0.2),
        "clear": RGBAColor(white: 0, alpha: 0),
        "cyan": RGBAColor(red: 0, green: 1, blue: 1),
        "darkgray": RGBAColor(white: 1.0 / 3.0),
        "gray": RGBAColor(white: 0.5),
        "green": RGBAColor(red: 0, green: 1, blue: 0),
        "lightgray": RGBAColor(white: 2.0 / 3.0),
        "magenta": RGBAColor(red: 1, green: 0, blue: 1),
        "orange": RGBAColor(red: 1, green: 0.5, blue: 0),
        "purple": RGBAColor(red: 0.5, green: 0, blue: 0.5),
        "red": RGBAColor(red: 1, green: 0, blue: 0),
        "white": RGBAColor(white: 1),
        "yellow": RGBAColor(red: 1, green: 1, blue: 0),
    ]
}
