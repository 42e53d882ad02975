import Foundation
import ShapeTurnsCore

/// The process's arguments as the bytes the shell passed (`CommandLine.unsafeArgv`), not as
/// `CommandLine.arguments` gives them: that repairs a byte that is not UTF-8 into U+FFFD, so a
/// scan named `page\xff\xfe.png` was looked for as `page\u{FFFD}\u{FFFD}.png` (66, though it
/// exists) and `--csv $'g\xff.csv'` wrote `g\xEF\xBF\xBD.csv`, a file of another name.
///
/// An argument's bytes that are not UTF-8 are kept (`EscapedBytes`). Only a `PathOperand` (the
/// files of the teacher's loop) may hold them: once the command is parsed, any other argument
/// that does is refused (64) with its bytes shown (`refuseBytes(outside:)`), before anything is
/// read or written, so no file is ever read or written under a name other than the one typed.
package enum ProcessArguments {
    /// The arguments after the executable's name, each exactly as passed.
    package static var bytes: [[UInt8]] {
        guard CommandLine.argc > 1 else { return [] }
        return (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return PathBytes.bytes(ofCString: argument)
        }
    }

    /// `arguments` as strings, bytes that are not UTF-8 held as `EscapedBytes`, or why one
    /// cannot be taken: the first whose UTF-8 holds one of the escaping characters itself.
    package static func strings(_ arguments: [[UInt8]]) -> Result<[String], ShapeTurnsError> {
        var strings: [String] = []
        for (index, argument) in arguments.enumerated() {
            guard let text = EscapedBytes.string(argument) else {
                return .failure(
                    .invalidOption(
                        "argument \(index + 1) ('\(DisplayName.escaped(argument))')",
                        because:
                            "holds a character of U+10FF80...U+10FFFF, which ShapeTurns keeps for bytes that are not UTF-8; pass another name or value"
                    ))
            }
            strings.append(text)
        }
        return .success(strings)
    }

    /// The process's arguments as strings; exits with 64 and one line when one cannot be taken.
    package static func checked() -> [String] {
        switch strings(bytes) {
        case .success(let strings): return strings
        case .failure(let error): CommandLineMain.fail(error.commandLineMessage, status: error.exitCode)
        }
    }

    /// Refuses (64) the first argument of the parsed `command` that holds bytes that are not
    /// UTF-8 outside a `PathOperand`: an option's value or operand that the command would open,
    /// write or print as a string of other bytes.
    package static func refuseBytes(outside command: Any) throws(ShapeTurnsError) {
        guard let text = firstBytes(in: command, depth: 0) else { return }
        throw .invalidOption(
            "'\(DisplayName.escaped(text))'",
            because:
                "not UTF-8, and only the scans and outputs of scan and score --class keep such names (here it would read or write another name); rename the file in UTF-8 (convmv -f latin1 -t utf8 --notest NAME) or pass another name"
        )
    }

    /// Refuses (64) a run from a folder whose path is not UTF-8, or holds a character that
    /// `EscapedBytes` keeps for a byte: Foundation makes a relative name absolute with the current
    /// folder's path as a string (repaired into U+FFFD, or turned into that byte when written), so
    /// `--csv a.csv` would be written into a new folder of another name beside it, and a relative
    /// input said missing.
    package static func refuseCurrentFolderInBytes() throws(ShapeTurnsError) {
        guard let bytes = PathBytes.currentFolder() else { return }
        if let text = String(validating: bytes, as: UTF8.self), !EscapedBytes.holdsBytes(text) { return }
        throw .invalidOption(
            "the current folder (\(DisplayName.escaped(bytes)))",
            because:
                "is not named in UTF-8 (or holds a character of U+10FF80...U+10FFFF), so a relative name would be read or written in a folder of another name; run ShapeTurns from a folder named in UTF-8"
        )
    }

    /// The first string in `value` (its stored properties, elements and payloads, through the
    /// argument parser's wrappers) that holds bytes, not looking into a `PathOperand`.
    private static func firstBytes(in value: Any, depth: Int) -> String? {
        if value is PathOperand { return nil }
        if let text = value as? String { return EscapedBytes.holdsBytes(text) ? text : nil }
        guard depth < 16 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let text = firstBytes(in: child.value, depth: depth + 1) { return text }
        }
        return nil
    }
}
