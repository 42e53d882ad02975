/// Why a colour could not be read from text.
public enum ColorParseError: Error, Equatable, CustomStringConvertible {
    case unknown(String)

    public var description: String {
        switch self {
        case .unknown(let text):
            "'\(text)' is not a colour: use a CSS or UIKit name (brown, orange, steelblue) or #RRGGBB / #RRGGBBAA"
        }
    }
}
