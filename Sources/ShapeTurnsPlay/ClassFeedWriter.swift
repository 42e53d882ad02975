import Foundation
import Hummingbird
import ServiceLifecycle

/// Writes a class feed as server-sent events: an `event: class` per list, and a comment line
/// every `heartbeat` between them, so that a page that went away is noticed (the write fails)
/// within a heartbeat and its slot freed, not only at the class's next change.
enum ClassFeedWriter {
    static let heartbeat: Duration = .seconds(1)
    /// How long a new page waits for a slot when all are taken.
    static let slotWait: Duration = .seconds(3)

    private enum Item: Sendable {
        case list(PlayPayloads.ClassSnapshot)
        case beat
    }

    static func write(
        _ feed: AsyncStream<PlayPayloads.ClassSnapshot>, to writer: inout any ResponseBodyWriter
    ) async throws {
        let (items, continuation) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: .bufferingNewest(32))
        let lists = Task {
            for await list in feed { continuation.yield(.list(list)) }
            continuation.finish()
        }
        let beats = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                continuation.yield(.beat)
            }
        }
        defer {
            lists.cancel()
            beats.cancel()
            continuation.finish()
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for await item in items.cancelOnGracefulShutdown() {
            switch item {
            case .list(let list):
                let data = try encoder.encode(list)
                try await writer.write(
                    ByteBuffer(string: "event: class\ndata: \(String(decoding: data, as: UTF8.self))\n\n"))
            case .beat:
                try await writer.write(ByteBuffer(string: ": beat\n\n"))
            }
        }
    }
}
