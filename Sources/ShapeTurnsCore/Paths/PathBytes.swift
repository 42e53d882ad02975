import Foundation

/// Paths as the bytes of their names. A walked name need not be UTF-8 (`\xff\xfe.png`, a
/// Latin-1 name), so the writers and walkers keep paths as bytes and hand the C library a
/// NUL-terminated copy; `DisplayName` words them for people.
package enum PathBytes {
    /// `bytes` as a NUL-terminated C string, for the C library's path parameters.
    package static func cString(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }

    /// `folder` (its bytes as `EscapedBytes` holds them) and a relative path joined, as bytes for `open`.
    package static func join(_ folder: String, _ relative: [UInt8]) -> [UInt8] {
        EscapedBytes.bytes(folder) + (folder.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) + relative
    }

    /// `folder` and a relative path joined with one `/`.
    package static func join(_ folder: String, _ path: String) -> String {
        folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// The bytes of a NUL-terminated C string: an argument, a path the C library returned.
    package static func bytes(ofCString pointer: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map(UInt8.init(bitPattern:))
    }

    /// The current folder's path as its bytes (getcwd(3)), UTF-8 or not; `nil` when it cannot be told.
    package static func currentFolder() -> [UInt8]? {
        guard let folder = getcwd(nil, 0) else { return nil }
        defer { free(folder) }
        return bytes(ofCString: folder)
    }
}
