import Foundation

/// One file a command will write, reserved under the output policy before any work is done and
/// written at the end: the path is checked when the reservation is made (so a refused run has
/// changed nothing), the bytes go to a hidden temporary file, and the file takes its name only
/// when whole and on disk, after the path is checked again. A writer never opens the path
/// itself; it holds this capability, which the policy alone hands out.
package final class OutputFile {
    /// The file as given.
    package let url: URL
    private let files: StagedOutputFiles

    /// Reserves `path` (as typed) for writing under `policy`: an empty path is a usage error
    /// (64); a device, FIFO, socket, link, folder, input of the run or file ShapeTurns did not
    /// write fails with `cannotCreateFile` (73). With `createsFolders`, missing folders above it
    /// are created (and removed again by `discard()` when empty); without, a missing folder is 73.
    package init(_ path: String, policy: OutputPolicy, createsFolders: Bool = true) throws(ShapeTurnsError) {
        url = try policy.destination(path).standardizedFileURL
        files = try StagedOutputFiles(
            folder: url.deletingLastPathComponent(), names: [url.lastPathComponent], policy: policy,
            createsFolders: createsFolders, reportedAs: url.path)
    }

    /// Writes `bytes` as the whole file, replacing a file ShapeTurns wrote there before; on
    /// failure nothing is left behind and an earlier file is unchanged.
    package func write(_ bytes: [UInt8]) throws(ShapeTurnsError) {
        do {
            try files.stage(bytes, as: url.lastPathComponent)
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
    }

    /// Gives up the reservation (after a failure elsewhere): removes the folders it created.
    package func discard() {
        files.discard()
    }
}
