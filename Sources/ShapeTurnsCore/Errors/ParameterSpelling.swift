/// How a message writes the parameters it names: the library's way (``library``) or a front
/// end's, such as the command line's flags. A message is kept as ``Wording`` and spelled only
/// when it is shown, so one error reads right wherever it surfaces.
package struct ParameterSpelling: Sendable {
    /// Writes `parameter`, with `value` when the message names one (`--layout pair`).
    package let spell: @Sendable (_ parameter: Parameter, _ value: String?) -> String
    /// Writes a field of `GenerateOptions` by its path in the recorded options (`minimumRatio`,
    /// `style.lineWidth`), as a run's record names the options that differ.
    package let spellOptionField: @Sendable (_ path: String) -> String

    package init(
        spell: @escaping @Sendable (_ parameter: Parameter, _ value: String?) -> String,
        spellOptionField: @escaping @Sendable (_ path: String) -> String
    ) {
        self.spell = spell
        self.spellOptionField = spellOptionField
    }

    /// The library's spelling: the API's names, `name = value` for a value, a file's path alone.
    package static let library = ParameterSpelling(
        spell: { parameter, value in
            guard let value else { return parameter.libraryName }
            switch parameter.valueStyle {
            case .path: return value
            case .enumerationCase: return "\(parameter.libraryName) = .\(value)"
            case .literal: return "\(parameter.libraryName) = \(value)"
            }
        },
        spellOptionField: { $0 }
    )
}
