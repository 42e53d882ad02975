import ShapeRendering

/// Everything that can stop a ShapeTurns command, worded for the person who typed it.
///
/// Each case maps to a sysexits(3) status, so scripts can tell bad input from a full disk.
public struct ShapeTurnsError: Error, Equatable, CustomStringConvertible {
    /// What went wrong. Internal, so that new reasons can be added without breaking a client's
    /// `switch`: clients compare with the static values below or read `description`.
    package enum Code: Equatable, Sendable {
        case invalidOption(String, reason: String)
        case outputNotEmpty(path: String)
        case unfinishedRun(path: String)
        case runMismatch(path: String)
        case shardsIncomplete(path: String, reason: String)
        case cannotCreateOutput(path: String, reason: String)
        case cannotCreateFile(path: String, reason: String)
        case ioFailure(path: String, reason: String)
        case rendering(String)
        case missingInput(String, reason: String)
        case badData(location: String, reason: String)
    }

    /// What went wrong.
    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }

    /// An option's value is out of range or inconsistent with another option.
    public static func invalidOption(_ option: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.invalidOption(option, reason: reason))
    }

    /// The output folder already holds files and replacing it was not asked for.
    public static func outputNotEmpty(path: String) -> ShapeTurnsError {
        ShapeTurnsError(.outputNotEmpty(path: path))
    }

    /// A killed run left an unfinished set and neither resuming nor starting over was asked for.
    public static func unfinishedRun(path: String) -> ShapeTurnsError {
        ShapeTurnsError(.unfinishedRun(path: path))
    }

    /// `--resume` or a shard found a run started with other options.
    public static func runMismatch(path: String) -> ShapeTurnsError {
        ShapeTurnsError(.runMismatch(path: path))
    }

    /// `merge` found shards missing or unfinished.
    public static func shardsIncomplete(path: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.shardsIncomplete(path: path, reason: reason))
    }

    /// The output folder (or a folder above it) cannot be created.
    public static func cannotCreateOutput(path: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.cannotCreateOutput(path: path, reason: reason))
    }

    /// An output file (or a folder above it) cannot be created.
    public static func cannotCreateFile(path: String, reason: String) -> ShapeTurnsError {
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
        ShapeTurnsError(.missingInput(input, reason: reason))
    }

    /// An input file is malformed; `location` names the file and, where known, the line.
    public static func badData(location: String, reason: String) -> ShapeTurnsError {
        ShapeTurnsError(.badData(location: location, reason: reason))
    }

    public var description: String {
        switch code {
        case .invalidOption(let option, let reason):
            "\(option): \(reason)"
        case .outputNotEmpty(let path):
            "--out \(path) already holds files; choose an empty or new folder, or pass --force to replace it"
        case .unfinishedRun(let path):
            "an unfinished run of \(path) is waiting; pass --resume to finish it or --force to start over"
        case .runMismatch(let path):
            "\(path) was started with other options or another ShapeTurns version; pass the same options, or --force to start over"
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

    /// The sysexits(3) status for this error: 64 usage, 65 bad data, 66 no input, 70 software,
    /// 73 cannot create, 74 I/O.
    package var exitCode: Int32 {
        switch code {
        case .invalidOption: 64
        case .badData: 65
        case .missingInput: 66
        case .outputNotEmpty, .cannotCreateOutput, .cannotCreateFile, .unfinishedRun: 73
        case .runMismatch: 64
        case .shardsIncomplete: 66
        case .ioFailure: 74
        case .rendering: 70
        }
    }
}
