import PixelDiff

/// One libFuzzer input: any bytes as a PNG. Decoding must return or throw; an image it decodes
/// must survive the lossless encoder unchanged and compare equal to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecoder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    guard let image = try? RGBAImage(pngBytes: bytes, maximumSide: 1024) else { return 0 }
    guard let encoded = try? image.pngBytes(), let again = try? RGBAImage(pngBytes: encoded) else {
        fatalError("a decoded \(image.width)x\(image.height) image could not be encoded and decoded again")
    }
    precondition(again == image, "the lossless encoder changed the pixels")
    if let comparison = try? ImageComparison() {
        precondition(comparison.compare(image, image).differentPixels == 0, "an image differs from itself")
    }
    return 0
}
