/// Decides whether a turn's larger shape is `a` or `b`, so that answering always `a` (or always
/// `b`) earns nothing special.
///
/// Turns are taken in blocks of 10 (1–10, 11–20, ...). Each block holds five `a` and five `b`
/// answers, in an order shuffled (Fisher–Yates) by the block's own random stream:
/// `RandomStream(seed: seed, turn: -1 - block)`; turn streams use turns 1 and up, so the two never
/// meet. A set whose size is a multiple of 10 is exactly balanced; a last, partial block of r
/// turns is the start of a balanced block, so the set is off by at most min(r, 10 − r). The
/// placement of a turn depends only on the seed and its number, never on the set's size.
package struct AnswerBalance: Sendable {
    package static let blockSize = 10

    package let seed: UInt64

    package init(seed: UInt64) {
        self.seed = seed
    }

    package func largerLabel(forTurn number: Int) -> ShapeLabel {
        let block = (number - 1) / Self.blockSize
        var random = RandomStream(seed: seed, turn: -1 - block)
        var labels = (0..<Self.blockSize).map { $0 < Self.blockSize / 2 ? ShapeLabel.a : .b }
        for index in stride(from: Self.blockSize - 1, to: 0, by: -1) {
            labels.swapAt(index, random.nextIndex(below: index + 1))
        }
        return labels[(number - 1) % Self.blockSize]
    }
}
