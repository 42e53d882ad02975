import ShapeGame

/// Renders one turn into a set folder: its images, then its answer key file, so a turn whose key
/// file is in place is complete. With `skipFinished`, a turn whose key file already holds exactly
/// what this run would write is left as it is (how `--resume` and shards pick up after a kill).
/// With `--turn-json false` there are no key files, and every turn's images are written.
struct RenderTurnCommand: Sendable {
    /// What the invoker keeps of a rendered turn: its answer and its line of `answers.jsonl`.
    struct Record: Sendable {
        let answer: TurnAnswer
        let line: [UInt8]
    }

    let generator: SetGenerator
    let folder: SetFolder
    let skipFinished: Bool

    func execute(turn number: Int) throws(ShapeTurnsError) -> Record {
        let turn = generator.controller.turn(number: number)
        let answer = generator.answer(for: turn)
        let line = try AnswerKeyEncoding.line(answer)
        guard generator.options.writesTurnJSON else {
            try writeImages(of: turn, answer: answer)
            return Record(answer: answer, line: line)
        }
        let document = try AnswerKeyEncoding.document(answer)
        let keyFile = SetLayout.prefix(ofSplit: answer.split) + SetLayout.answerFile(ofTurn: number)
        if !(skipFinished && folder.contents(keyFile) == document) {
            try writeImages(of: turn, answer: answer)
            try folder.write(document, to: keyFile)
        }
        return Record(answer: answer, line: line)
    }

    /// Without per-turn key files (`--turn-json false`) nothing marks a turn as finished, so a
    /// resumed run writes every image again.
    private func writeImages(of turn: Turn, answer: TurnAnswer) throws(ShapeTurnsError) {
        for image in try generator.images(for: turn, answer: answer) {
            try folder.write(image.bytes, to: image.path)
        }
    }
}
