import CMemoryTuning
import PixelDiff

/// The memory a pair's two images are decoded into: one mapping of its own, on a 2 MiB boundary
/// and advised for huge pages (`shapeturns_image_memory`), so that where the kernel gives them
/// the two decoded images of a 512x512 pair (2 MiB and 1 KiB of working room) take two huge
/// pages instead of 513 small ones. Faulting in 4 KiB pages had been a sixth of that pair's
/// run. The mapping is released with the value.
final class PairMemory {
    /// The expected image's words, then the actual image's, each `RGBAImage.decodingCapacity`
    /// of its declared size.
    let expected: UnsafeMutableBufferPointer<UInt32>
    let actual: UnsafeMutableBufferPointer<UInt32>
    private let start: UnsafeMutableRawPointer
    private let mapped: Int

    /// Memory for images of `expectedSize` and `actualSize`; nil when the system refuses it.
    init?(_ expectedSize: ImageSize, _ actualSize: ImageSize) {
        let expectedWords = RGBAImage.decodingCapacity(expectedSize)
        let actualWords = RGBAImage.decodingCapacity(actualSize)
        var mapped = 0
        guard let start = shapeturns_image_memory((expectedWords + actualWords) * MemoryLayout<UInt32>.stride, &mapped)
        else { return nil }
        let words = start.bindMemory(to: UInt32.self, capacity: expectedWords + actualWords)
        self.start = start
        self.mapped = mapped
        expected = UnsafeMutableBufferPointer(start: words, count: expectedWords)
        actual = UnsafeMutableBufferPointer(start: words + expectedWords, count: actualWords)
    }

    deinit {
        shapeturns_release_image_memory(start, mapped)
    }
}
