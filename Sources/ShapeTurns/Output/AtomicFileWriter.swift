import Foundation

/// Writes one file so that readers see the old file or the whole new one, never a part:
/// the bytes go to a hidden temporary file in the same folder, which is then renamed.
enum AtomicFileWriter {
    /// Writes `bytes` to `path`, replacing a file already there. Fails with `cannotCreateFile`
    /// (status 73) when the folder is missing or unwritable; nothing is left behind then.
    static func write(_ bytes: [UInt8], to path: String) throws(ShapeTurnsError) {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).shapeturns-tmp")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotCreateFile(path: path, reason: StagedOutputFolder.reason(error))
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotCreateFile(path: path, reason: reason)
        }
    }
}
