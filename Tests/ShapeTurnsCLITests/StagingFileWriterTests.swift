import Foundation
import ShapeTurns
import Testing

@testable import ShapeTurnsClassroom
@testable import ShapeTurnsCompare
@testable import ShapeTurnsCore
@testable import ShapeTurnsSets

/// A report's images are written into its staging folder without an fsync each (the folder is
/// flushed once, then renamed into place): every file must still be whole, in its folder, and
/// recorded with the size and CRC-32 it has on disk, whichever thread wrote it.
@Suite struct StagingFileWriterTests {
    /// `count` files of different sizes under nested folders, written by `jobs` threads at once.
    @Test(arguments: [(jobs: 1, count: 40), (jobs: 4, count: 300)])
    func everyFileIsWholeAndRecordedAsItIsOnDisk(jobs: Int, count: Int) throws {
        let folder = try TemporaryFolder()
        let writer = StagingFileWriter(root: folder.url.path)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            for index in stride(from: job, to: count, by: jobs) {
                let bytes = (0..<(index * 37 % 5_000)).map { UInt8(truncatingIfNeeded: $0 &* (index + 1)) }
                do {
                    try writer.write(bytes, to: "images/\(index % 3)/sub \(index % 7)/file \(index).png")
                } catch {
                    failures.add("\(index): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        let written = writer.written
        #expect(written.count == count)
        let files = try TemporaryFolder.files(in: folder.url)
        #expect(Set(files.keys) == Set(written.keys))
        for (name, checksum) in written {
            let onDisk = try #require(files[name], "\(name)")
            #expect(FileChecksum([UInt8](onDisk)) == checksum, "\(name)")
            let index = try #require(Int(name.split(separator: " ").last?.dropLast(4) ?? ""))
            #expect(onDisk.count == index * 37 % 5_000, "\(name)")
        }
    }

    /// A name is written once: a file already there is refused (73) and left as it was.
    @Test func aFileAlreadyThereIsRefusedAndKept() throws {
        let folder = try TemporaryFolder()
        let writer = StagingFileWriter(root: folder.url.path)
        try writer.write(Array("first".utf8), to: "images/diff/a.png")
        #expect {
            try writer.write(Array("second".utf8), to: "images/diff/a.png")
        } throws: { error in
            (error as? ShapeTurnsError)?.exitCode == 73
        }
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("images/diff/a.png")) == Data("first".utf8))
        #expect(writer.written["images/diff/a.png"] == FileChecksum(Array("first".utf8)))
    }

    /// `compare --report` records every image it copied with its checksum on disk, so a later
    /// run knows them as its own (and replaces them).
    @Test func aReportRecordsEveryImageAsWritten() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let report = folders.folder.path("report")
        let result = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--report", report])
        #expect(result.status == 1)
        let record = OutputRecord(folder: URL(fileURLWithPath: report))
        let images = try SnapshotFolders.contents(of: report).keys.filter { $0.hasPrefix("images/") }.sorted()
        #expect(!images.isEmpty)
        #expect(record.names.filter { $0.hasPrefix("images/") } == images)
        for name in images {
            #expect(record.isUnchanged(name), "\(name)")
        }
    }
}

/// Errors met by worker threads, collected under a lock.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return messages
    }
}
