/// A shell-style pattern over an image's path relative to the compared folders (`/` between
/// components), as a rules file's `match` gives it: `*` stands for any characters but `/`, `**`
/// for any characters including `/` (`**/` also for none, so `**/x.png` matches `x.png`), `?` for
/// one character but `/`; everything else stands for itself. The whole path must match.
///
/// Matching runs the pattern as a set of states over the path, one character at a time: time
/// grows with the pattern's length times the path's, memory with the pattern's alone, and there
/// is no recursion, so no pattern a rules file can hold (at most ``maximumLength`` characters)
/// can exhaust a comparison thread's stack.
package struct PathGlob: Sendable, Equatable, CustomStringConvertible {
    /// The longest pattern a rules file may give.
    package static let maximumLength = 1024

    /// The pattern as written.
    package let pattern: String
    private let tokens: [Token]

    private enum Token: Equatable {
        case literal(Character)
        /// `?`
        case one
        /// `*`
        case star
        /// `**` not followed by `/`
        case anything
        /// `**/`: nothing, or any characters up to and including a `/`
        case folders
    }

    package init(_ pattern: String) {
        self.pattern = pattern
        var tokens: [Token] = []
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "*", index + 1 < characters.count, characters[index + 1] == "*" {
                if index + 2 < characters.count, characters[index + 2] == "/" {
                    tokens.append(.folders)
                    index += 3
                } else {
                    tokens.append(.anything)
                    index += 2
                }
                continue
            }
            tokens.append(character == "*" ? .star : character == "?" ? .one : .literal(character))
            index += 1
        }
        self.tokens = tokens
    }

    package var description: String { pattern }

    /// Whether `path` matches the whole pattern.
    package func matches(_ path: String) -> Bool {
        var states = closure(of: [State(token: 0, inFolders: false)])
        for character in path {
            var next = Set<State>()
            for state in states where state.token < tokens.count {
                let advance = State(token: state.token + 1, inFolders: false)
                switch tokens[state.token] {
                case .literal(let expected): if character == expected { next.insert(advance) }
                case .one: if character != "/" { next.insert(advance) }
                case .star: if character != "/" { next.insert(state) }
                case .anything: next.insert(state)
                case .folders:
                    // Once a character is taken, `**/` is left only at a `/`.
                    next.insert(State(token: state.token, inFolders: true))
                    if character == "/" { next.insert(advance) }
                }
            }
            states = closure(of: next)
            if states.isEmpty { return false }
        }
        return states.contains(State(token: tokens.count, inFolders: false))
    }

    /// A place in the pattern: before token `token`, or inside a `**/` that has taken characters.
    private struct State: Hashable {
        let token: Int
        let inFolders: Bool
    }

    /// `states` and every state reached from one of them by matching nothing: a `*` or `**` may
    /// stand for no characters, and a `**/` that has taken none yet.
    private func closure(of states: Set<State>) -> Set<State> {
        var reached = states
        var pending = Array(states)
        while let state = pending.popLast() {
            guard state.token < tokens.count, !state.inFolders else { continue }
            switch tokens[state.token] {
            case .star, .anything, .folders:
                let skipped = State(token: state.token + 1, inFolders: false)
                if reached.insert(skipped).inserted { pending.append(skipped) }
            case .literal, .one:
                break
            }
        }
        return reached
    }
}
