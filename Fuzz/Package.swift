// swift-tools-version: 6.1
// libFuzzer targets for ShapeTurns' parsers of untrusted bytes. Not part of the ShapeTurns
// package (a fuzz target has no `main`; libFuzzer brings one), so a plain `swift build` of the
// project never builds them. Build and run them with `scripts/fuzz` (see docs/tests.md).
import PackageDescription

let package = Package(
    name: "ShapeTurnsFuzz",
    dependencies: [.package(name: "ShapeTurns", path: "..")],
    targets: [
        .executableTarget(name: "FuzzPNGDecoder", dependencies: [.product(name: "PixelDiff", package: "ShapeTurns")]),
        // Imports CPNG, which the PixelDiff product brings along.
        .executableTarget(name: "FuzzFastPNGEncoder", dependencies: [.product(name: "PixelDiff", package: "ShapeTurns")]),
        .executableTarget(name: "FuzzResponses", dependencies: [.product(name: "ShapeTurns", package: "ShapeTurns")]),
        .executableTarget(name: "FuzzAnswerKey", dependencies: [.product(name: "ShapeTurns", package: "ShapeTurns")]),
    ]
)
