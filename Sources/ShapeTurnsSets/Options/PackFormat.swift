import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// How a set's files are stored.
package enum PackFormat: String, Sendable, Codable, CaseIterable {
    /// Loose files, bucketed by thousands (`turns/000/000001-a.png`).
    case folder
    /// WebDataset tar shards (`shards/turns-000000.tar`), each holding `--shard-turns` turns.
    case tar
}
