import Foundation
import PixelDiff
import ShapeTurnsCore

/// Approves the changes a folder comparison found: copies actual images over the expected ones
/// (`shapeturns approve`), each atomically (a temporary file renamed into place), so a killed
/// approve leaves every expected image either old or new, never half-written.
package struct SnapshotApprover: Sendable {
    /// What was done to one path.
    package struct Approval: Sendable, Equatable {
        package enum Action: String, Sendable {
            /// The actual image replaced a different expected one.
            case updated
            /// The actual image was copied in as a new expected one.
            case added
            /// The expected image, missing from the actual folder, was deleted (`--prune`).
            case removed
        }

        package let path: String
        package let action: Action
    }

    package let expectedFolder: String
    package let actualFolder: String
    package let comparer: FolderComparer

    package init(expectedFolder: String, actualFolder: String, comparer: FolderComparer) {
        self.expectedFolder = expectedFolder
        self.actualFolder = actualFolder
        self.comparer = comparer
    }

    /// Approves `paths` (relative to both folders; a folder's path stands for the images under
    /// it), or every changed and new image when `paths` is empty. With `prune`, missing images
    /// among them are deleted from the expected folder.
    ///
    /// Nothing is written unless every path is acceptable: a path that is absolute, leaves the
    /// folders (`..`, or a symbolic link out) or names no image fails with `invalidOption` (64),
    /// an actual image that is not a usable image (PNG, JPEG or WebP) with `badData` (65).
    package func approve(paths: [String], prune: Bool) throws(ShapeTurnsError) -> [Approval] {
        for path in paths {
            try Self.checkRelative(path)
        }
        let report = try comparer.compare(expectedFolder: expectedFolder, actualFolder: actualFolder)
        var chosen: [ImageOutcome]
        if paths.isEmpty {
            chosen = report.images.filter {
                $0.status == .changed || $0.status == .new || (prune && $0.status == .missing)
            }
        } else {
            chosen = []
            for path in paths {
                let prefix = Self.normalised(path)
                let matches = report.images.filter { $0.path == prefix || $0.path.hasPrefix(prefix + "/") }
                guard !matches.isEmpty else {
                    throw .invalidOption(
                        .approvedPath, reason: "\(path) is no image (*.png) in \(expectedFolder) or \(actualFolder)")
                }
                if !prune, matches.count == 1, matches[0].path == prefix, matches[0].status == .missing {
                    throw .invalidOption(
                        .approvedPath, reason: "\(path) is only in \(expectedFolder); pass \(.prune) to delete it")
                }
                chosen += matches.filter {
                    $0.status == .changed || $0.status == .new || (prune && $0.status == .missing)
                }
            }
            var seen = Set<String>()
            chosen = chosen.filter { seen.insert($0.path).inserted }
        }
        // The report names images by their escaped display paths; files are opened by the bytes
        // of their names, which need not be UTF-8.
        let expectedNames = try ImageFolderWalk.images(in: expectedFolder)
        let actualNames = try ImageFolderWalk.images(in: actualFolder)
        func target(_ path: String) -> StagedReplacements.Target {
            let relative = (expectedNames[path] ?? actualNames[path])?.relativePath ?? Array(path.utf8)
            return .init(
                path: PathBytes.join(expectedFolder, relative), display: PathBytes.join(expectedFolder, path)
            )
        }
        var copies: [(ImageOutcome, [UInt8])] = []
        for image in chosen where image.status != .missing {
            let source = StagedReplacements.Target(
                path: PathBytes.join(
                    actualFolder, actualNames[image.path]?.relativePath ?? Array(image.path.utf8)),
                display: PathBytes.join(actualFolder, image.path))
            try checkInside(source, folder: actualFolder)
            let bytes = try comparer.comparer.readFile(atPathBytes: source.path, display: source.display)
            do {
                _ = try ImageDecoder.decode(bytes, maximumPixels: comparer.comparer.pixelBudget)
            } catch {
                throw .badData(
                    location: source.display,
                    reason: "not a usable image, so not approved (nothing was): \(error.description)")
            }
            copies.append((image, bytes))
        }
        let actualRoot = URL(fileURLWithPath: actualFolder).resolvingSymlinksInPath().path
        for image in chosen {
            let target = target(image.path)
            try checkInside(target, folder: expectedFolder)
            // With the actual folder inside the expected one, its images are seen from the
            // expected side too; they are inputs, never approved over nor pruned.
            if Self.isInside(resolved(target), actualRoot) {
                throw .cannotCreateFile(
                    path: target.display,
                    because:
                        "it is in the actual folder \(actualFolder), an input of this run; keep the actual folder outside the expected one (nothing was approved)"
                )
            }
        }
        // All or nothing: every new image is written beside its target and every pruned one set
        // aside first; only then is anything replaced.
        let change = StagedReplacements()
        var approvals: [Approval] = []
        do throws(ShapeTurnsError) {
            for image in chosen where image.status == .missing {
                try change.stageRemoval(of: target(image.path))
                approvals.append(Approval(path: image.path, action: .removed))
            }
            for (image, bytes) in copies {
                try change.stage(bytes, at: target(image.path))
                approvals.append(Approval(path: image.path, action: image.status == .new ? .added : .updated))
            }
        } catch {
            change.rollback()
            throw error.adding(note: "nothing was approved")
        }
        try change.commit()
        return approvals.sorted { FolderComparer.pathOrder($0.path, $1.path) }
    }

    /// A path as the report spells it: no `./`, no doubled or trailing slashes.
    private static func normalised(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    private static func checkRelative(_ path: String) throws(ShapeTurnsError) {
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains(".."), !normalised(path).isEmpty else {
            throw .invalidOption(
                .approvedPath, reason: "\(path) must be a path inside both folders, relative to them, without ..")
        }
    }

    /// Fails when `path`, with the symbolic links of its existing part resolved, is not inside `folder`.
    private func checkInside(_ path: StagedReplacements.Target, folder: String) throws(ShapeTurnsError) {
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard Self.isInside(resolved(path), root) else {
            throw .invalidOption(.approvedPath, reason: "\(path.display) leads outside \(folder); nothing was approved")
        }
    }

    /// `path` with the symbolic links of its existing part resolved: by `realpath` on the bytes
    /// of its name when it exists, else by its display path's existing folders.
    private func resolved(_ path: StagedReplacements.Target) -> String {
        guard let real = realpath(PathBytes.cString(path.path), nil) else { return resolved(path.display) }
        defer { free(real) }
        return String(cString: real)
    }

    /// `path` with the symbolic links of its existing part resolved.
    private func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path)
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }.path
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
