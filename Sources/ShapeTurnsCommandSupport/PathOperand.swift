import ArgumentParser
import ShapeTurnsCore

/// A path argument whose name is kept as the bytes passed, UTF-8 or not (`page\xff\xfe.png`, a
/// copier's Latin-1 name): its `path` holds them as `EscapedBytes`, for a command that opens or
/// writes it through them (`scan`'s scans and outputs, `score --class` and its `--csv`: the
/// teacher's loop). Every other argument must be UTF-8 (`ProcessArguments`).
package struct PathOperand: ExpressibleByArgument, Sendable, Equatable {
    /// The path, its bytes that are not UTF-8 held as `EscapedBytes`.
    package let path: String

    package init(argument: String) {
        path = argument
    }
}
