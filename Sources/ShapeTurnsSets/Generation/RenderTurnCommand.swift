import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// Renders one turn of a set folder on a worker thread: its images, then its answer key file
/// (unless `--turn-json false`), with the size and CRC-32 of those files for the run's journal;
/// `write(_:)` then puts them in the folder on the set's one writer thread, in turn order, before
/// the journal names the turn. So the renderers keep drawing while the kernel creates the files.
/// With `kept` (a resumed run or shard), a turn whose key file holds exactly what this run would
/// write and whose files all still match the journal's size and checksum is left as it is; any
/// other is rendered again, so an emptied or corrupted image never survives into the finished set.
package struct RenderTurnCommand: Sendable {
    /// What the invoker keeps of a rendered turn: the turn with the files still to write (none
    /// for a kept turn), its line of `answers.jsonl`, and the checksum of its files.
    package struct Record: Sendable {
        let turn: RenderedTurn
        let line: [UInt8]
        let checksum: FileChecksum

        var answer: TurnAnswer { turn.answer }
        var number: Int { turn.answer.turn }
    }

    package let generator: SetGenerator
    package let folder: SetFolder
    package let kept: KeptTurns?

    package func execute(turn number: Int) throws(ShapeTurnsError) -> Record {
        let turn = try generator.turn(number: number)
        let varied = generator.varied(turn)
        let answer = generator.answer(for: turn, varied: varied)
        let line = AnswerKeyEncoding.line(turn: answer)
        let document = generator.options.writesTurnJSON ? AnswerKeyEncoding.document(turn: answer) : nil
        let keyFile = keyFile(of: answer)
        if let recorded = kept?[number],
            document.map({ folder.contents(keyFile, limit: $0.count) == $0 }) ?? true,
            folder.checksum(of: files(of: answer), limit: recorded.size) == recorded
        {
            return Record(turn: RenderedTurn(answer: answer, images: []), line: line, checksum: recorded)
        }
        var files = try generator.images(for: turn, answer: answer, varied: varied)
        if let document {
            files.append(RenderedImage(path: keyFile, bytes: document))
        }
        var checksum = FileChecksum()
        for file in files {
            checksum.add(file.bytes)
        }
        return Record(turn: RenderedTurn(answer: answer, images: files), line: line, checksum: checksum)
    }

    /// Writes the files `execute(turn:)` rendered, in the order the checksum covers them.
    package func write(_ record: Record) throws(ShapeTurnsError) {
        for file in record.turn.images {
            try folder.write(file.bytes, to: file.path)
        }
    }

    /// The turn's key file (written unless `--turn-json false`).
    package func keyFile(of answer: TurnAnswer) -> String {
        SetLayout.prefix(ofSplit: answer.split)
            + SetLayout.answerFile(ofTurn: answer.turn, turnCount: generator.options.turns)
    }

    /// The turn's files in the order the journal's checksum covers them: the images as they are
    /// written (labels, then formats; one per format in the pair layout), then the key file.
    package func files(of answer: TurnAnswer) -> [String] {
        var paths: [String] = []
        for shape in answer.shapes {
            for format in generator.formats {
                if let path = shape.files[format], !paths.contains(path) {
                    paths.append(path)
                }
            }
        }
        return generator.options.writesTurnJSON ? paths + [keyFile(of: answer)] : paths
    }
}
