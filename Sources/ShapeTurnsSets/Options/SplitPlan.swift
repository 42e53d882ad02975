import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// How turns are divided between named splits (`train=0.8,validation=0.1,test=0.1`).
///
/// Turn `t` of a set with seed `s` lands in a split by its own draw: `u` is the first unit
/// double of `RandomStream(seed: s ^ splitSalt, turn: t)`, and the turn goes to the first split
/// whose running total of fractions exceeds `u`. So a turn's split depends on the seed and the
/// turn alone, never on the size of the set or on the other turns.
package struct SplitPlan: Sendable, Equatable, Codable {
    /// One named part of the set and its expected share of the turns.
    package struct Part: Sendable, Equatable, Codable {
        /// The split's name: its folder and its `split` in the answer key.
        package var name: String
        /// Its expected share of the turns, above 0.
        package var fraction: Double
    }

    /// Kept apart from the turns' own streams, so that a turn's split and its shapes are independent.
    package static let splitSalt: UInt64 = 0x5350_4C49_545F_5631

    /// The splits in the order given; their fractions add up to 1.
    package var parts: [Part]

    /// Parses `NAME=FRACTION,...`: names of letters, digits, `-` and `_`, each once; fractions
    /// above 0 that add up to 1 (within 0.001).
    package init(parsing text: String) throws(ShapeTurnsError) {
        var parts: [Part] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = item.split(separator: "=", omittingEmptySubsequences: false)
            guard pieces.count == 2, let fraction = Double(pieces[1].trimmingWhitespace), fraction > 0, fraction <= 1
            else {
                throw .invalidOption(
                    .split,
                    reason:
                        "must be NAME=FRACTION pairs with fractions above 0 adding up to 1, like train=0.8,validation=0.1,test=0.1 (got '\(text)')"
                )
            }
            let name = pieces[0].trimmingWhitespace
            guard !name.isEmpty, name.count <= 40, name.utf8.allSatisfy(Self.isNameByte) else {
                throw .invalidOption(
                    .split, reason: "split names are 1 to 40 letters, digits, '-' or '_' (got '\(name)')")
            }
            guard !parts.contains(where: { $0.name == name }) else {
                throw .invalidOption(.split, reason: "'\(name)' is named twice in '\(text)'")
            }
            guard !Self.reservedNames.contains(name) else {
                throw .invalidOption(.split, reason: "'\(name)' is a name the set's own files use; choose another")
            }
            parts.append(Part(name: name, fraction: fraction))
        }
        let total = parts.reduce(0) { $0 + $1.fraction }
        guard abs(total - 1) <= 0.001 else {
            throw .invalidOption(.split, reason: "the fractions must add up to 1 (got \(total) from '\(text)')")
        }
        self.parts = parts
    }

    /// The names in the order given.
    package var names: [String] { parts.map(\.name) }

    /// The split turn `turn` of a set with `seed` belongs to.
    package func split(ofTurn turn: Int, seed: UInt64) -> String {
        var stream = RandomStream(seed: seed ^ Self.splitSalt, turn: turn)
        let draw = stream.nextUnit()
        var total = 0.0
        for part in parts {
            total += part.fraction
            if draw < total {
                return part.name
            }
        }
        return parts.last?.name ?? ""
    }

    /// Folder names a split may not take, because the set's own files live there.
    package static let reservedNames: Set<String> = [SetLayout.turnsFolder, SetLayout.shardsFolder]

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x5F
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
