import ShapeRendering

/// Everything that can stop a ShapeTurns command, worded for the person who typed it.
///
/// Each case maps to a sysexits(3) status, so scripts can tell bad input from a full disk.
public enum ShapeTurnsError: Error, Equatable, CustomStringConvertible {
    /// An option's value is out of range or inconsistent with another option.
    case invalidOption(String, reason: String)
    /// The output folder already holds files and replacing it was not asked for.
    case outputNotEmpty(path: String)
    /// A killed run left an unfinished set and neither resuming nor starting over was asked for.
    case unfinishedRun(path: String)
    /// `--resume` or a shard found a run started with other options; `difference` names them.
    case runMismatch(path: String, difference: String)
    /// Another ShapeTurns run holds the lock on this output.
    case busy(path: String)
    /// `merge` found shards missing or unfinished.
    case shardsIncomplete(path: String, reason: String)
    /// The output folder (or a folder above it) cannot be created.
    case cannotCreateOutput(path: String, reason: String)
    /// An output file (or a folder above it) cannot be created.
    case cannotCreateFile(path: String, reason: String)
    /// A file could not be written, moved or removed.
    case ioFailure(path: String, reason: String)
    /// Cairo failed while drawing or encoding.
    case rendering(String)
    /// An input file or folder does not exist or cannot be opened.
    case missingInput(String, reason: String)
    /// An input file is malformed; `location` names the file and, where known, the line.
    case badData(location: String, reason: String)

    public var description: String {
        switch self {
        case .invalidOption(let option, let reason):
            "\(option): \(reason)"
        case .outputNotEmpty(let path):
            "--out \(path) already holds files; choose an empty or new folder, or pass --force to replace it"
        case .unfinishedRun(let path):
            "an unfinished run of \(path) is waiting; pass --resume to finish it or --force to start over"
        case .runMismatch(let path, let difference):
            "\(path) was started with other options or another ShapeTurns version (\(difference)); pass the same options, or --force to start over"
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

    /// The sysexits(3) status for this error: 64 usage, 65 bad data, 66 no input, 70 software,
    /// 73 cannot create, 74 I/O.
    public var exitCode: Int32 {
        switch self {
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
