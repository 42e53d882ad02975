import CLibDeflate

/// The CRC-32 (the checksum of zlib, gzip and PNG, computed by libdeflate) and size of a file's
/// bytes, recorded when ShapeTurns writes a file so that a later run can tell the file is still
/// exactly what it wrote. `python3 -c 'import zlib; print(hex(zlib.crc32(open(F,"rb").read())))'`
/// gives the same value.
package struct FileChecksum: Equatable, Sendable {
    package var size: Int
    package var crc32: UInt32

    /// The checksum of no bytes; `adding` extends it.
    package init() {
        size = 0
        crc32 = 0
    }

    package init(_ bytes: [UInt8]) {
        self.init()
        add(bytes)
    }

    package init(size: Int, crc32: UInt32) {
        self.size = size
        self.crc32 = crc32
    }

    /// Extends the checksum with `bytes`, as if they followed the bytes already counted.
    package mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            crc32 = libdeflate_crc32(crc32, buffer.baseAddress, buffer.count)
        }
        size += bytes.count
    }

    /// `size:crc32` with the CRC in eight hexadecimal digits, as record files hold it.
    package var text: String {
        let hex = String(crc32, radix: 16)
        return "\(size):\(String(repeating: "0", count: 8 - hex.count))\(hex)"
    }

    /// Reads `size:crc32` back; `nil` for anything else.
    package init?(text: Substring) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let size = Int(parts[0]), size >= 0, parts[1].count == 8,
            let crc = UInt32(parts[1], radix: 16)
        else { return nil }
        self.init(size: size, crc32: crc)
    }

    /// The checksum of the file at `path`, reading at most `expectedSize + 1` bytes; `nil` when
    /// it is missing, not a regular file, or longer than expected.
    package static func ofFile(at path: String, expectedSize: Int) -> FileChecksum? {
        guard let bytes = try? BoundedFileReader.read(path, limit: expectedSize) else { return nil }
        return FileChecksum(bytes)
    }
}
