import ShapeGame

/// Renders one turn into a set folder: its images, then its answer key file, and returns the
/// size and CRC-32 of what it wrote for the run's journal. With `kept` (a resumed run or shard),
/// a turn whose key file holds exactly what this run would write and whose files all still
/// match the journal's size and checksum is left as it is; any other is rendered again, so an
/// emptied or corrupted image never survives into the finished set.
struct RenderTurnCommand: Sendable {
    /// What the invoker keeps of a rendered turn: its line of `answers.jsonl`, its answer, and
    /// the checksum of its files.
    struct Record: Sendable {
        let number: Int
        let line: [UInt8]
        let larger: ShapeLabel
        let checksum: FileChecksum
    }

    let generator: SetGenerator
    let folder: SetFolder
    let kept: KeptTurns?

    func execute(turn number: Int) throws(ShapeTurnsError) -> Record {
        let turn = try generator.turn(number: number)
        let answer = generator.answer(for: turn)
        let document = try AnswerKeyEncoding.document(answer)
        let keyFile = SetLayout.answerFile(ofTurn: number, turnCount: generator.options.turns)
        let line = try AnswerKeyEncoding.line(answer)
        if let recorded = kept?[number], folder.contents(keyFile, limit: document.count) == document,
           folder.checksum(of: files(ofTurn: number), limit: recorded.size) == recorded {
            return Record(number: number, line: line, larger: answer.larger, checksum: recorded)
        }
        var checksum = FileChecksum()
        for image in try generator.images(for: turn) {
            try folder.write(image.bytes, to: image.path)
            checksum.add(image.bytes)
        }
        try folder.write(document, to: keyFile)
        checksum.add(document)
        return Record(number: number, line: line, larger: answer.larger, checksum: checksum)
    }

    /// The turn's files in the order the journal's checksum covers them: the images (labels,
    /// then formats), then the key file.
    func files(ofTurn number: Int) -> [String] {
        ShapeLabel.allCases.flatMap { label in
            generator.formats.map { SetLayout.imageFile(ofTurn: number, turnCount: generator.options.turns, label: label, format: $0) }
        } + [SetLayout.answerFile(ofTurn: number, turnCount: generator.options.turns)]
    }
}
