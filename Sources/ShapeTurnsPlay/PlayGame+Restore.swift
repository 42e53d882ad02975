import Foundation
import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCore

/// Sessions that outlive the server: at start, every record this game wrote in `--out`
/// (`session-ID.jsonl`, the first line with the same game options) becomes its session again,
/// with the same id, name and place on the class list, its answers replayed through a fresh
/// controller (so an adaptive procedure is where the record left it) and checked against the
/// recorded scores; the player goes on at the turn after the record's last line, in the same
/// file. A torn last line (the server killed mid-write, never acknowledged) is left out, and
/// cut off when the next answer is appended.
extension PlayGame {
    /// What `restoreSessions()` found.
    package struct Restored: Sendable, Equatable {
        /// Sessions back in play or finished.
        package var sessions = 0
        /// Record files of another game, another version or changed by hand: left as they are.
        package var skipped = 0
    }

    /// Rebuilds the sessions of the records in the output folder (none when it is missing).
    /// Call once, before serving.
    package func restoreSessions() -> Restored {
        var restored = Restored()
        let folder = options.output
        guard
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return restored }
        var found: [(modified: Date, session: PlaySession)] = []
        for name in names.sorted() {
            guard let id = Self.sessionID(fromFileName: name), sessions[id] == nil else { continue }
            let path = folder.appendingPathComponent(name).path
            guard let session = try? rebuild(id: id, path: path) else {
                restored.skipped += 1
                continue
            }
            let modified =
                (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
            found.append((modified, session))
        }
        for (_, session) in found.sorted(by: { $0.modified < $1.modified }) {
            var session = session
            joinedCount += 1
            session.number = joinedCount
            sessions[session.id] = session
            restored.sessions += 1
        }
        return restored
    }

    /// The id in a record file's name `session-ID.jsonl`, or nil for any other file.
    static func sessionID(fromFileName name: String) -> String? {
        guard name.hasPrefix("session-"), name.hasSuffix(".jsonl") else { return nil }
        let id = String(name.dropFirst("session-".count).dropLast(".jsonl".count))
        return SessionID.isWellFormed(id) ? id : nil
    }

    /// Whether a record's game is this server's: compared as the record writes them (options
    /// that a record does not carry, such as output paths, do not count).
    static func sameGame(_ one: PlayedGame, _ other: PlayedGame) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let first = try? encoder.encode(one), let second = try? encoder.encode(other) else { return false }
        return first == second
    }

    private func rebuild(id: String, path: String) throws -> PlaySession {
        let bytes = try BoundedFileReader.read(path, limit: PlayRecord.sizeLimit)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        // The part after the last newline: empty, or a line torn mid-write.
        lines.removeLast()
        lines = lines.filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw PlayError(409, "an empty record") }
        let record = try PlayRecord(lines: lines, source: path)
        guard let first = record.lines.first, first.session == id, let game = record.game,
            Self.sameGame(game, playedGame)
        else {
            throw PlayError(409, "a record of another game")
        }
        var controller = startingController
        for line in record.lines {
            let turn = try controller.turn(number: line.turn)
            // A timed-out turn (no choice) was played as the smaller shape.
            let scored = controller.endTurn(turn, tapping: line.choice ?? turn.larger.other)
            guard scored.larger == line.larger, scored.score == line.score, scored.matched == line.correct else {
                throw PlayError(409, "a record that does not replay")
            }
        }
        var session = PlaySession(
            id: id, name: first.player, controller: controller, lastSeen: clock.now, metadata: first.metadata)
        session.records = record.lines
        session.dealt = try nextTurn(after: record.lines.last?.turn ?? 0, in: session)
        return session
    }
}
