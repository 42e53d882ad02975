import CCairo

/// Bytes Cairo writes through a stream callback (PNG and SVG output go to memory first, so files
/// can be written atomically).
final class CairoByteSink {
    private(set) var bytes: [UInt8] = []

    var closure: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// The C callback Cairo calls with each chunk; `closure` must be a live sink.
    static let writeFunction: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<CairoByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}

/// Bytes Cairo reads through a stream callback (PNG decoding from memory).
final class CairoByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var closure: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    static let readFunction: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<CairoByteSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        source.bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress {
                data.update(from: base + source.offset, count: count)
            }
        }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}

/// Cairo's description of a status, for error messages.
func describe(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else { return "status \(status.rawValue)" }
    return String(cString: text)
}
