import Foundation
import ShapeTurns

/// The command line's two streams, written with `write(2)` rather than `print` or
/// `FileHandle.standardError`: Foundation's `FileHandle.write` traps (SIGILL) when the write
/// fails, and `print` drops a failure silently. So a diagnostic that cannot be written is lost
/// without ending the run, and main output that cannot be written is an error of its own (74).
enum StandardStreams {
    /// Writes `text` to standard error; a failure (stderr full or closed) is ignored, since there
    /// is nowhere left to say it.
    static func diagnose(_ text: String) {
        _ = FileDescriptorWriter.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes `text` to standard output whole; fails with `ioFailure` (74) naming the system's
    /// reason when the output is full, closed or otherwise unwritable.
    static func output(_ text: String) throws(ShapeTurnsError) {
        if let failure = FileDescriptorWriter.writeAll(Array(text.utf8), to: STDOUT_FILENO) {
            throw .ioFailure(path: "standard output", reason: String(cString: strerror(failure)))
        }
    }

    /// `output` with a line break after `line`.
    static func outputLine(_ line: String) throws(ShapeTurnsError) {
        try output(line + "\n")
    }
}
