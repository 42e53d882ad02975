/// Why a colour could not be read from text.
public struct ColorParseError: Error, Equatable, CustomStringConvertible {
    /// What went wrong. Internal, so that new reasons can be added without breaking a client's
    /// `switch`: clients compare with the static values below or read `description`.
    package enum Code: Equatable, Sendable {
        case unknown(String)
    }

    /// What went wrong.
    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }

    /// Text that is not a colour name, `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
    public static func unknown(_ text: String) -> ColorParseError {
        ColorParseError(.unknown(text))
    }

    public var description: String {
        switch code {
        case .unknown(let text):
            "'\(text)' is not a colour: use a CSS or UIKit name (brown, orange, steelblue) or #RRGGBB / #RRGGBBAA"
        }
    }
}
