import CMemoryTuning
import Glibc
import Testing

/// The executables' one `mallopt` call: every setting takes, and an image-sized buffer then comes
/// from the heap rather than a fresh mmap.
@Suite struct HeapTuningTests {
    /// glibc marks a chunk it got by mmap with bit 1 (IS_MMAPPED) of the size word just before the
    /// pointer it hands out.
    static func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
        (pointer - MemoryLayout<Int>.size).load(as: Int.self) & 2 != 0
    }

    @Test func aFourMegabyteBufferComesFromTheHeapAndAThirtyTwoMegabyteOneIsMapped() throws {
        #expect(shapeturns_keep_large_allocations_on_heap() == 1)
        let image = try #require(malloc(4 << 20))
        defer { free(image) }
        #expect(!Self.isMapped(image))
        let huge = try #require(malloc(32 << 20))
        defer { free(huge) }
        #expect(Self.isMapped(huge))
    }
}
