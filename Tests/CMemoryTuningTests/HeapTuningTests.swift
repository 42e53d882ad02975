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

    /// Below the 16 MiB threshold glibc never maps a request; above it, it maps one only when
    /// no free heap memory holds it, which other tests in this process decide, so only the
    /// first half is checked.
    @Test func aFourMegabyteBufferComesFromTheHeap() throws {
        #expect(shapeturns_keep_large_allocations_on_heap() == 1)
        let image = try #require(malloc(4 << 20))
        defer { free(image) }
        #expect(!Self.isMapped(image))
    }
}
