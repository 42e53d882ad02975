import ShapeGame

/// Renders one turn into a set folder: its images, then its answer key file, so a turn whose key
/// file is in place is complete. With `skipFinished`, a turn whose key file already holds exactly
/// what this run would write is left as it is (how `--resume` and shards pick up after a kill).
struct RenderTurnCommand: Sendable {
    /// What the invoker keeps of a rendered turn: its line of `answers.jsonl` and its answer.
    struct Record: Sendable {
        let line: [UInt8]
        let larger: ShapeLabel
    }

    let generator: SetGenerator
    let folder: SetFolder
    let skipFinished: Bool

    func execute(turn number: Int) throws(ShapeTurnsError) -> Record {
        let turn = try generator.turn(number: number)
        let answer = generator.answer(for: turn)
        let document = try AnswerKeyEncoding.document(answer)
        let keyFile = SetLayout.answerFile(ofTurn: number, turnCount: generator.options.turns)
        if !(skipFinished && folder.contents(keyFile) == document) {
            for image in try generator.images(for: turn) {
                try folder.write(image.bytes, to: image.path)
            }
            try folder.write(document, to: keyFile)
        }
        return Record(line: try AnswerKeyEncoding.line(answer), larger: answer.larger)
    }
}
