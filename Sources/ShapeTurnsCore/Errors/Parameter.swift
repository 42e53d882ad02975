/// A parameter of the library that an error message names: an option's property
/// (`GenerateOptions.turns`), a function's argument (`diffPath`), an input or output file, or
/// an operation the message suggests (`merge`).
///
/// The library's messages spell it as its API does (``ParameterSpelling/library``: `turns`,
/// `layout = .pair`, or just the path of a file); the command line spells it with ``flag``
/// (`--turns`, `--layout pair`, `--out PATH`). Each module declares the parameters its own
/// messages name, beside its options (`Parameter+Sets.swift`, `Parameter+Compare.swift`, ...),
/// with both spellings in one place, so adding an option touches only its own module.
package struct Parameter: Sendable, Hashable, CustomStringConvertible {
    /// How the library writes a value of this parameter next to its name.
    package enum ValueStyle: Sendable, Hashable {
        /// A path: the library's messages show the path alone.
        case path
        /// An enumeration's case: `layout = .pair`.
        case enumerationCase
        /// A number, a Boolean or a text: `turnJSON = false`.
        case literal
    }

    /// The name the library's API gives this parameter (`turns`, `style.lineWidth`).
    package let libraryName: String
    /// The option or argument of the command line that sets it (`--turns`, `SCANS`).
    package let flag: String
    /// How the library writes its values.
    package let valueStyle: ValueStyle
    /// The path of its field in a recorded `GenerateOptions` (`style.showFill`), if it is one.
    package let optionField: String?

    package init(_ libraryName: String, flag: String, style: ValueStyle = .literal, optionField: String? = nil) {
        self.libraryName = libraryName
        self.flag = flag
        self.valueStyle = style
        self.optionField = optionField
    }

    package var description: String { libraryName }
}
