/// Everything that can stop a ShapeTurns operation, worded for the person who asked for it.
///
/// `description` names the library's parameters (`turns`, `force`, `layout = .pair`); the
/// command line shows the same error with its flags (`--turns`, `--force`, `--layout pair`).
/// Each reason maps to a sysexits(3) status, so scripts can tell bad input from a full disk.
public struct ShapeTurnsError: Error, Equatable, CustomStringConvertible {
    // The public factories take text. The package's own take a `Wording`, which keeps the
    // parameters it names apart; where a text factory has the same name, the `Wording` one
    // says `because:`, since Swift reads a literal given to either as a `String`.

    /// What went wrong. Internal, so that new reasons can be added without breaking a client's
    /// `switch`: clients compare with the static values below or read `description`.
    package enum Code: Equatable, Sendable {
        case invalidOption(Wording, reason: Wording)
        case outputNotEmpty(path: String)
        case unfinishedRun(path: String)
        case runMismatch(path: String, difference: Wording)
        case busy(path: String)
        case shardsIncomplete(path: String, reason: Wording)
        case cannotCreateOutput(path: String, reason: Wording)
        case cannotCreateFile(path: String, reason: Wording)
        case ioFailure(path: String, reason: String)
        case rendering(String)
        case missingInput(Wording, reason: Wording)
        case badData(location: Wording, reason: Wording)
    }

    /// What went wrong.
    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }

    /// A parameter's value is out of range or inconsistent with another parameter; `option`
    /// names it.
    public static func invalidOption(_ option: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.invalidOption(Wording(option), reason: Wording(reason)))
    }

    /// `parameter`'s value is out of range or inconsistent with another parameter.
    package static func invalidOption(_ parameter: Parameter, reason: Wording) -> ShapeTurnsError {
        ShapeTurnsError(.invalidOption("\(parameter)", reason: reason))
    }

    /// The parameters `subject` names do not go together, or one of them has a value `reason`
    /// explains.
    package static func invalidOption(_ subject: Wording, because reason: Wording) -> ShapeTurnsError {
        ShapeTurnsError(.invalidOption(subject, reason: reason))
    }

    /// The output folder already holds files and replacing it was not asked for.
    public static func outputNotEmpty(path: String) -> ShapeTurnsError {
        ShapeTurnsError(.outputNotEmpty(path: path))
    }

    /// A killed run left an unfinished set and neither resuming nor starting over was asked for.
    public static func unfinishedRun(path: String) -> ShapeTurnsError {
        ShapeTurnsError(.unfinishedRun(path: path))
    }

    /// Resuming, or a shard, found a run started with other options; `difference` names them.
    public static func runMismatch(path: String, difference: String) -> ShapeTurnsError {
        ShapeTurnsError(.runMismatch(path: path, difference: Wording(difference)))
    }

    /// Resuming, or a shard, found a run started with other options; `difference` names them.
    package static func runMismatch(path: String, difference: Wording) -> ShapeTurnsError {
        ShapeTurnsError(.runMismatch(path: path, difference: difference))
    }

    /// Another ShapeTurns run holds the lock on this output.
    public static func busy(path: String) -> ShapeTurnsError {
        ShapeTurnsError(.busy(path: path))
    }

    /// Merging found shards missing or unfinished.
    public static func shardsIncomplete(path: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.shardsIncomplete(path: path, reason: Wording(reason)))
    }

    /// Merging found shards missing or unfinished.
    package static func shardsIncomplete(path: String, because reason: Wording) -> ShapeTurnsError {
        ShapeTurnsError(.shardsIncomplete(path: path, reason: reason))
    }

    /// The output folder (or a folder above it) cannot be created.
    public static func cannotCreateOutput(path: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.cannotCreateOutput(path: path, reason: Wording(reason)))
    }

    /// The output folder (or a folder above it) cannot be created.
    package static func cannotCreateOutput(path: String, because reason: Wording) -> ShapeTurnsError {
        ShapeTurnsError(.cannotCreateOutput(path: path, reason: reason))
    }

    /// An output file (or a folder above it) cannot be created.
    public static func cannotCreateFile(path: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.cannotCreateFile(path: path, reason: Wording(reason)))
    }

    /// An output file (or a folder above it) cannot be created.
    package static func cannotCreateFile(path: String, because reason: Wording) -> ShapeTurnsError {
        ShapeTurnsError(.cannotCreateFile(path: path, reason: reason))
    }

    /// A file could not be written, moved or removed.
    public static func ioFailure(path: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.ioFailure(path: path, reason: reason))
    }

    /// Cairo failed while drawing or encoding.
    public static func rendering(_ reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.rendering(reason))
    }

    /// An input file or folder does not exist or cannot be opened.
    public static func missingInput(_ input: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.missingInput(Wording(input), reason: Wording(reason)))
    }

    /// An input file or folder does not exist or cannot be opened; `input` may name the
    /// parameter that gave it.
    package static func missingInput(_ input: Wording, because reason: Wording) -> ShapeTurnsError {
        ShapeTurnsError(.missingInput(input, reason: reason))
    }

    /// An input file is malformed; `location` names the file and, where known, the line.
    public static func badData(location: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.badData(location: Wording(location), reason: Wording(reason)))
    }

    /// An input file is malformed; `location` names the file (and the parameter that gave it)
    /// and, where known, the line.
    package static func badData(location: Wording, because reason: Wording) -> ShapeTurnsError {
        ShapeTurnsError(.badData(location: location, reason: reason))
    }

    /// What went wrong, in the library's terms.
    public var description: String {
        message.spelled(.library)
    }

    /// What went wrong, with the parameters left for a front end to spell.
    package var message: Wording {
        switch code {
        case .invalidOption(let option, let reason):
            "\(option): \(reason)"
        case .outputNotEmpty(let path):
            "\(.destination, path) already holds files; choose an empty or new folder, or pass \(.force) to replace it"
        case .unfinishedRun(let path):
            "an unfinished run of \(path) is waiting; pass \(.resume) to finish it or \(.force) to start over"
        case .runMismatch(let path, let difference):
            "\(path) was started with other options or another ShapeTurns version (\(difference)); pass the same options, or \(.force) to start over"
        case .busy(let path):
            "another shapeturns run is writing \(path); wait for it to finish (or stop it) and try again"
        case .shardsIncomplete(let path, let reason):
            "cannot merge \(path): \(reason)"
        case .cannotCreateOutput(let path, let reason):
            "cannot create output folder \(path): \(reason)"
        case .cannotCreateFile(let path, let reason):
            "cannot create \(path): \(reason)"
        case .ioFailure(let path, let reason):
            "cannot write \(path): \(reason)"
        case .rendering(let reason):
            "rendering failed: \(reason)"
        case .missingInput(let input, let reason):
            "\(input): \(reason)"
        case .badData(let location, let reason):
            "\(location): \(reason)"
        }
    }

    /// The same error with `note` added to its reason, for a caller that knows more of what
    /// the failure left (`...; nothing was approved`). Reasons without a path keep their text.
    package func adding(note: Wording) -> ShapeTurnsError {
        switch code {
        case .cannotCreateFile(let path, let reason): .cannotCreateFile(path: path, because: "\(reason); \(note)")
        case .cannotCreateOutput(let path, let reason): .cannotCreateOutput(path: path, because: "\(reason); \(note)")
        case .ioFailure(let path, let reason):
            ShapeTurnsError(.ioFailure(path: path, reason: "\(reason); \(note.spelled(.library))"))
        case .badData(let location, let reason):
            ShapeTurnsError(.badData(location: location, reason: "\(reason); \(note)"))
        default: self
        }
    }

    /// The sysexits(3) status for this error: 64 usage, 65 bad data, 66 no input, 70 software,
    /// 73 cannot create, 74 I/O.
    package var exitCode: Int32 {
        switch code {
        case .invalidOption: 64
        case .badData: 65
        case .missingInput: 66
        case .outputNotEmpty, .cannotCreateOutput, .cannotCreateFile, .unfinishedRun, .busy: 73
        case .runMismatch: 64
        case .shardsIncomplete: 66
        case .ioFailure: 74
        case .rendering: 70
        }
    }
}
