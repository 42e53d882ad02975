import CPNG

/// One libFuzzer input: any bytes as an image for the fast encoder. The first byte gives the
/// width (1 to 64 pixels, its low six bits), RGB (bit 6: every pixel made opaque and written
/// without alpha) and the layout (its top bit: Cairo's premultiplied ARGB32, or straight
/// RGBA); every following four bytes are a pixel, as many rows as fill. The file must be the same
/// with and without AVX2, and libpng and the libdeflate decoder must both read back the pixels
/// (for Cairo's layout, unpremultiplied with Cairo's rounding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFastPNGEncoder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    guard let first = bytes.first else { return 0 }
    let width = Int(first & 63) + 1
    let channels = first & 64 == 0 ? SHAPETURNS_PNG_RGBA : SHAPETURNS_PNG_RGB
    let layout = first & 128 == 0 ? SHAPETURNS_PNG_CAIRO_ARGB32 : SHAPETURNS_PNG_STRAIGHT_RGBA
    let height = (bytes.count - 1) / (4 * width)
    guard height > 0 else { return 0 }
    var pixels = [UInt32](repeating: 0, count: width * height)
    for index in pixels.indices {
        let at = 1 + 4 * index
        pixels[index] =
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        if channels == SHAPETURNS_PNG_RGB {
            pixels[index] |= 0xFF00_0000
        }
    }
    let expected = pixels.map { layout == SHAPETURNS_PNG_STRAIGHT_RGBA ? $0 : straight($0) }
    let vector = encode(pixels, width: width, height: height, layout: layout, channels: channels, vector: true)
    let portable = encode(pixels, width: width, height: height, layout: layout, channels: channels, vector: false)
    precondition(vector == portable, "AVX2 and the portable loops wrote different files")
    for decode in [shapeturns_png_decode_libpng, shapeturns_png_decode] {
        var decoded = [UInt32](repeating: 0, count: width * height + height)
        var info = shapeturns_png_info()
        let status = vector.withUnsafeBufferPointer { file in
            decoded.withUnsafeMutableBufferPointer { out in
                decode(file.baseAddress, file.count, 1 << 16, out.baseAddress, out.count, &info)
            }
        }
        precondition(status == SHAPETURNS_PNG_OK, "a fast file did not decode")
        precondition(Array(decoded.prefix(width * height)) == expected, "the fast encoder changed the pixels")
    }
    return 0
}

private func encode(
    _ pixels: [UInt32], width: Int, height: Int, layout: shapeturns_png_layout, channels: shapeturns_png_channels,
    vector: Bool
) -> [UInt8] {
    shapeturns_png_encode_use_vector_instructions(vector ? 1 : 0)
    let capacity = shapeturns_png_encode_bound(UInt32(width), UInt32(height))
    var out = [UInt8](repeating: 0, count: capacity)
    var written = 0
    let status = pixels.withUnsafeBytes { data in
        out.withUnsafeMutableBufferPointer { buffer in
            shapeturns_png_encode_channels(
                data.baseAddress?.assumingMemoryBound(to: UInt8.self), 4 * width, UInt32(width), UInt32(height), layout,
                SHAPETURNS_PNG_RUNS, channels, buffer.baseAddress, capacity, &written)
        }
    }
    precondition(status == SHAPETURNS_PNG_ENCODE_OK, "the fast encoder refused an image")
    return Array(out.prefix(written))
}

/// Cairo's unpremultiplying of one ARGB32 pixel, packed as the decoders give it.
private func straight(_ pixel: UInt32) -> UInt32 {
    let alpha = pixel >> 24
    guard alpha != 0 else { return 0 }
    let channel = { (shift: UInt32) -> UInt32 in ((pixel >> shift & 0xFF) * 255 + alpha / 2) / alpha & 0xFF }
    return channel(16) | channel(8) << 8 | channel(0) << 16 | alpha << 24
}
