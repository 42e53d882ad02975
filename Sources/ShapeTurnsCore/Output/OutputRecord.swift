import Foundation

/// `.shapeturns-files`: the files ShapeTurns wrote in one folder (worksheets and their pages,
/// diff images, ...), each with the size and CRC-32 it had when written. The output policy lets
/// a run replace a file only when this record names it and the file is still exactly what was
/// written; any other file of that name is the user's and is left alone.
///
/// One line per file: `size:crc32 name`, sorted by name, the name as the bytes it has on disk
/// (held here as `EscapedBytes`).
package struct OutputRecord {
    package static let fileName = ".shapeturns-files"
    /// Records are small (a worksheet of 10,000 pages is about 400 KB); anything larger is not one.
    package static let sizeLimit = 4 << 20

    package let folder: URL
    private(set) var entries: [String: FileChecksum] = [:]

    /// The folder's record; empty when there is none (or it is unreadable, which makes every
    /// existing file count as the user's).
    package init(folder: URL) {
        self.folder = folder
        let path = folder.appendingPathComponent(Self.fileName).path
        guard let bytes = try? BoundedFileReader.read(path, limit: Self.sizeLimit) else { return }
        for lineBytes in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let line = EscapedBytes.string(Array(lineBytes)), let space = line.firstIndex(of: " "),
                let checksum = FileChecksum(text: line[..<space])
            else {
                continue
            }
            let name = String(line[line.index(after: space)...])
            // A report records its image copies under `images/`; nothing may lead out of the folder.
            if !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") {
                entries[name] = checksum
            }
        }
    }

    /// Whether `name` is a file ShapeTurns wrote here and nobody has changed since.
    package func isUnchanged(_ name: String) -> Bool {
        guard let recorded = entries[name] else { return false }
        return FileChecksum.ofFile(at: folder.appendingPathComponent(name).path, expectedSize: recorded.size)
            == recorded
    }

    /// The recorded names, sorted.
    package var names: [String] { entries.keys.sorted() }

    package mutating func set(_ name: String, _ checksum: FileChecksum) {
        entries[name] = checksum
    }

    package mutating func remove(_ name: String) {
        entries[name] = nil
    }

    /// Writes the record (through a temporary file, fsynced, and a rename).
    package func save() throws(ShapeTurnsError) {
        let text = names.map { "\(entries[$0, default: FileChecksum()].text) \($0)\n" }.joined()
        try AtomicFileWriter.write(EscapedBytes.bytes(text), to: folder.appendingPathComponent(Self.fileName).path)
    }
}
