/// The paper a worksheet is printed on, with its size in PostScript points (1/72 inch).
public enum PaperSize: String, Sendable, Equatable, Codable, CaseIterable {
    /// ISO A4, 210 × 297 mm: the paper of most of the world.
    case a4
    /// US Letter, 8.5 × 11 in: the paper of the USA and Canada.
    case letter

    /// The width in points (portrait).
    package var width: Double {
        switch self {
        case .a4: 595.28
        case .letter: 612
        }
    }

    /// The height in points (portrait).
    package var height: Double {
        switch self {
        case .a4: 841.89
        case .letter: 792
        }
    }
}
