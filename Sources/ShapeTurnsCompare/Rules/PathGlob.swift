/// A shell-style pattern over an image's path relative to the compared folders (`/` between
/// components), as a rules file's `match` gives it: `*` stands for any characters but `/`, `**`
/// for any characters including `/` (`**/` also for none, so `**/x.png` matches `x.png`), `?` for
/// one character but `/`; everything else stands for itself. The whole path must match.
package struct PathGlob: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    package let pattern: String
    private let characters: [Character]

    package init(_ pattern: String) {
        self.pattern = pattern
        self.characters = Array(pattern)
    }

    package var description: String { pattern }

    /// Whether `path` matches the whole pattern.
    package func matches(_ path: String) -> Bool {
        let path = Array(path)
        // Memoised on (pattern index, path index): `**` and `*` backtrack.
        var known = [Bool?](repeating: nil, count: (characters.count + 1) * (path.count + 1))
        func match(_ patternIndex: Int, _ pathIndex: Int) -> Bool {
            let key = patternIndex * (path.count + 1) + pathIndex
            if let answer = known[key] { return answer }
            let answer: Bool
            if patternIndex == characters.count {
                answer = pathIndex == path.count
            } else if characters[patternIndex] == "*" {
                let double = patternIndex + 1 < characters.count && characters[patternIndex + 1] == "*"
                if double {
                    let rest = patternIndex + 2
                    // `**/` may stand for no folder at all.
                    let skipsSlash = rest < characters.count && characters[rest] == "/" && match(rest + 1, pathIndex)
                    answer = skipsSlash || (pathIndex...path.count).contains { match(rest, $0) }
                } else {
                    var end = pathIndex
                    var found = match(patternIndex + 1, end)
                    while !found, end < path.count, path[end] != "/" {
                        end += 1
                        found = match(patternIndex + 1, end)
                    }
                    answer = found
                }
            } else if pathIndex < path.count,
                characters[patternIndex] == "?" ? path[pathIndex] != "/" : characters[patternIndex] == path[pathIndex]
            {
                answer = match(patternIndex + 1, pathIndex + 1)
            } else {
                answer = false
            }
            known[key] = answer
            return answer
        }
        return match(0, 0)
    }
}
