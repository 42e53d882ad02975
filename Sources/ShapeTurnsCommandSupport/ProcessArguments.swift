import Foundation
import ShapeTurnsCore

/// The process's arguments as the bytes the shell passed (`CommandLine.unsafeArgv`), not as
/// `CommandLine.arguments` gives them: that repairs a byte that is not UTF-8 into U+FFFD, so a
/// scan named `page\xff\xfe.png` was looked for as `page\u{FFFD}\u{FFFD}.png` (66, though it
/// exists) and `--csv $'g\xff.csv'` wrote `g\xEF\xBF\xBD.csv`, a file of another name.
///
/// Every command's paths are Swift strings, which hold only UTF-8, so an argument that is not
/// UTF-8 is refused (64) with its bytes shown (`DisplayName`), before anything is read or written;
/// no file is ever read or written under a name other than the one typed.
package enum ProcessArguments {
    /// The arguments after the executable's name, each exactly as passed.
    package static var bytes: [[UInt8]] {
        guard CommandLine.argc > 1 else { return [] }
        return (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map(UInt8.init(bitPattern:))
        }
    }

    /// `arguments` as strings, or why one cannot be taken: the first that is not UTF-8.
    package static func strings(_ arguments: [[UInt8]]) -> Result<[String], ShapeTurnsError> {
        var strings: [String] = []
        for (index, argument) in arguments.enumerated() {
            guard let text = String(validating: argument, as: UTF8.self) else {
                return .failure(
                    .invalidOption(
                        "argument \(index + 1) ('\(DisplayName.escaped(argument))')",
                        because:
                            "not UTF-8, and ShapeTurns names files only in UTF-8 (it would read or write another name); rename the file in UTF-8 (convmv -f latin1 -t utf8 --notest NAME) or pass another name"
                    ))
            }
            strings.append(text)
        }
        return .success(strings)
    }

    /// The process's arguments as strings; exits with 64 and one line when one is not UTF-8.
    package static func checked() -> [String] {
        switch strings(bytes) {
        case .success(let strings): return strings
        case .failure(let error): CommandLineMain.fail(error.commandLineMessage, status: error.exitCode)
        }
    }
}
