/// The words of a message, with the parameters it names kept apart from the text so that each
/// front end can spell them (``ParameterSpelling``). Written as a string literal in which
/// `\(.turns)` or `\(.layout, "pair")` names a parameter:
///
///     let reason: Wording = "draws A and B under the shapes of a pair image; add \(.layout, "pair")"
///
/// Two wordings are equal when the library spells them alike.
package struct Wording: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A run of text, or a parameter named in it.
    package enum Piece: Sendable, Hashable {
        case text(String)
        case parameter(Parameter, value: String?)
        /// A field of the recorded `GenerateOptions`, by its dotted path.
        case optionField(String)
    }

    package private(set) var pieces: [Piece]

    package init(_ text: String) {
        pieces = text.isEmpty ? [] : [.text(text)]
    }

    /// A field of the recorded `GenerateOptions`, by its dotted path (`style.lineWidth`).
    package init(optionField path: String) {
        pieces = [.optionField(path)]
    }

    package init(stringLiteral text: String) {
        self.init(text)
    }

    package init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// The message as `spelling` writes its parameters.
    package func spelled(_ spelling: ParameterSpelling) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .parameter(let parameter, let value): spelling.spell(parameter, value)
            case .optionField(let path): spelling.spellOptionField(path)
            }
        }.joined()
    }

    /// The message in the library's words.
    package var description: String {
        spelled(.library)
    }

    package static func == (lhs: Wording, rhs: Wording) -> Bool {
        lhs.description == rhs.description
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }

    /// These words followed by `other`'s.
    package static func + (lhs: Wording, rhs: Wording) -> Wording {
        var joined = lhs
        for piece in rhs.pieces {
            joined.append(piece)
        }
        return joined
    }

    private mutating func append(_ piece: Piece) {
        if case .text(let text) = piece, case .text(let last)? = pieces.last {
            pieces[pieces.count - 1] = .text(last + text)
        } else if piece != .text("") {
            pieces.append(piece)
        }
    }

    /// Builds a wording from a string literal's text and interpolations.
    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var wording = Wording("")
        fileprivate var pieces: [Piece] { wording.pieces }

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) {
            wording.append(.text(literal))
        }

        /// Names `parameter`.
        package mutating func appendInterpolation(_ parameter: Parameter) {
            wording.append(.parameter(parameter, value: nil))
        }

        /// Names `parameter` with a value, as the command line would take it (`"pair"`, `"false"`).
        package mutating func appendInterpolation(_ parameter: Parameter, _ value: String) {
            wording.append(.parameter(parameter, value: value))
        }

        /// Another wording, its parameters kept.
        package mutating func appendInterpolation(_ wording: Wording) {
            for piece in wording.pieces {
                self.wording.append(piece)
            }
        }

        /// Any other value, as text.
        package mutating func appendInterpolation<Value>(_ value: Value) {
            wording.append(.text(String(describing: value)))
        }
    }
}
