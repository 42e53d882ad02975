import CMemoryTuning
import Glibc
import Testing

/// `shapeturns_image_memory`: a mapping of its own on a 2 MiB boundary, at least as long as
/// asked, zeroed and writable, and advised for huge pages from 256 KiB on. One test at a time,
/// so that no two of its mappings sit side by side and merge into one.
@Suite(.serialized) struct ImageMemoryTests {
    static let hugePage = 2 << 20

    @Test(arguments: [1, 4096, 1 << 20, (2 << 20) + 1, 5_000_000])
    func memoryStartsOnAHugePageBoundaryAndHoldsWhatWasAsked(bytes: Int) throws {
        var mapped = 0
        let start = try #require(shapeturns_image_memory(bytes, &mapped))
        defer { shapeturns_release_image_memory(start, mapped) }
        #expect(Int(bitPattern: start) % Self.hugePage == 0)
        #expect(mapped >= bytes && mapped % Self.hugePage == 0 && mapped - bytes < Self.hugePage)
        let words = start.bindMemory(to: UInt32.self, capacity: mapped / 4)
        #expect((0..<(mapped / 4)).allSatisfy { words[$0] == 0 })
        for index in stride(from: 0, to: mapped / 4, by: 1024) { words[index] = UInt32(truncatingIfNeeded: index) }
        #expect(words[1024] == 1024)
    }

    /// The kernel lists the mapping with the huge-page advice ("hg" in `VmFlags`) from 256 KiB
    /// on.
    @Test(
        .enabled(if: ImageMemoryTests.hugePagesOffered, "the kernel offers no transparent huge pages"),
        arguments: [(3 << 20, true), (256 << 10, true), ((256 << 10) - 1, false)])
    func theMappingIsAdvisedForHugePagesWhenLarge(bytes: Int, advised: Bool) throws {
        var mapped = 0
        let start = try #require(shapeturns_image_memory(bytes, &mapped))
        defer { shapeturns_release_image_memory(start, mapped) }
        let listed = try #require(Self.smapsEntry(holding: UInt(bitPattern: start)))
        #expect(listed.contains(" hg") == advised)
    }

    /// Nothing for nothing; nothing for a size that would overflow (`size_t` is `Int` here, so
    /// -1 is SIZE_MAX) or that no system maps.
    @Test func nothingIsMappedForNothingOrTooMuch() {
        var mapped = 0
        #expect(shapeturns_image_memory(0, &mapped) == nil)
        #expect(shapeturns_image_memory(-1, &mapped) == nil)
        #expect(shapeturns_image_memory(Int.max, &mapped) == nil)
    }

    /// Whether the kernel gives huge pages on request (`madvise` or `always` in
    /// /sys/kernel/mm/transparent_hugepage/enabled) and lists `VmFlags` to see the advice by.
    static let hugePagesOffered: Bool = {
        guard let setting = firstLine("/sys/kernel/mm/transparent_hugepage/enabled"), !setting.contains("[never]"),
            let smaps = fopen("/proc/self/smaps", "r")
        else { return false }
        defer { fclose(smaps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, smaps) > 0, let line {
            if String(cString: line).hasPrefix("VmFlags:") { return true }
        }
        return false
    }()

    static func firstLine(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        guard getline(&line, &capacity, file) > 0, let line else { return nil }
        return String(cString: line)
    }

    /// The `/proc/self/smaps` entry of the mapping that holds `address`, its `VmFlags` line
    /// included; nil when there is none.
    static func smapsEntry(holding address: UInt) -> String? {
        guard let file = fopen("/proc/self/smaps", "r") else { return nil }
        defer { fclose(file) }
        var entry: String?
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            let range = text.prefix { $0 != " " }.split(separator: "-").compactMap { UInt($0, radix: 16) }
            if entry == nil, range.count == 2, range[0] <= address, address < range[1] {
                entry = text
            } else if entry != nil {
                entry? += text
                if text.hasPrefix("VmFlags:") { return entry }
            }
        }
        return entry
    }
}
