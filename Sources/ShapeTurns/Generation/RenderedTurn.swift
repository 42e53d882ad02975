/// One turn ready to be written: its answer key and its images, in label then format order.
public struct RenderedTurn: Sendable {
    public let answer: TurnAnswer
    public let images: [RenderedImage]
}

/// One image of a rendered turn and where it belongs within the set.
public struct RenderedImage: Sendable {
    public let path: String
    public let bytes: [UInt8]
}
