/// One turn ready to be written: its answer key and its images by path within the set.
public struct RenderedTurn: Sendable {
    public let answer: TurnAnswer
    public let images: [String: [UInt8]]
}
