import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// A file written in pieces under a hidden temporary name (`.NAME.tmp`) and renamed into place by
/// `commit()`, so that readers only ever see it whole. Appends are buffered.
package final class StreamingFile {
    package let relativePath: String
    private let folder: SetFolder
    private let temporary: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    package static let bufferLimit = 1 << 16

    package init(_ relativePath: String, in folder: SetFolder) throws(ShapeTurnsError) {
        self.relativePath = relativePath
        self.folder = folder
        let target = folder.url(relativePath)
        temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp").path
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .ioFailure(path: folder.displayPath(relativePath), reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        if !closed {
            close(descriptor)
            unlink(temporary)
        }
    }

    package func append(_ bytes: [UInt8]) throws(ShapeTurnsError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit {
            try flush()
        }
    }

    package func append(_ text: String) throws(ShapeTurnsError) {
        try append(Array(text.utf8))
    }

    /// Writes what is buffered, closes the file and gives it its name.
    package func commit() throws(ShapeTurnsError) {
        try flush()
        closed = true
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .ioFailure(path: folder.displayPath(relativePath), reason: reason)
        }
        guard rename(temporary, folder.url(relativePath).path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .ioFailure(path: folder.displayPath(relativePath), reason: reason)
        }
    }

    private func flush() throws(ShapeTurnsError) {
        let failure = FileDescriptorWriter.writeAll(buffer, to: descriptor)
        buffer.removeAll(keepingCapacity: true)
        if let failure {
            throw .ioFailure(path: folder.displayPath(relativePath), reason: String(cString: strerror(failure)))
        }
    }
}
