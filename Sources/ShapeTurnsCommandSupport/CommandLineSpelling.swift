import ShapeTurnsCore
import ShapeTurnsSets

/// The command line's words for the library's parameters: the flag a user types for each
/// (`--turns`, `--layout pair`, `--out PATH`), which each module declares beside the parameter
/// (`Parameter.flag`). The library's errors name parameters the library's way; the commands
/// show them spelled this way.
extension ParameterSpelling {
    package static let commandLine = ParameterSpelling(
        spell: { parameter, value in
            value.map { "\(parameter.flag) \($0)" } ?? parameter.flag
        },
        spellOptionField: { path in
            Parameter(optionField: path)?.flag ?? path
        }
    )
}

extension ShapeTurnsError {
    /// The error as the command line shows it: the library's message with its flags.
    package var commandLineMessage: String {
        message.spelled(.commandLine)
    }
}
