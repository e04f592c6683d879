// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "navsh",
    // Synchronization's Atomic (the explorer's work counters) needs macOS 15.
    // Linux is where navsh is built and tested; macOS is declared, not tested here.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "navsh", targets: ["navsh"]),
        .executable(name: "navsh-fuzz", targets: ["NavFuzz"]),
        .library(name: "NavScript", targets: ["NavScript"]),
        .library(name: "NavigationEngine", targets: ["NavigationEngine"]),
        .library(name: "NavExplorer", targets: ["NavExplorer"]),
    ],
    targets: [
        .target(name: "NavigationEngine"),
        .target(name: "NavScript", dependencies: ["NavigationEngine"]),
        // A prefetch hint for the explorer's seen-set (Sources/CPrefetch/include/CPrefetch.h).
        .target(name: "CPrefetch"),
        .target(name: "NavExplorer", dependencies: ["NavScript", "NavigationEngine", "CPrefetch"]),
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        .executableTarget(
            name: "navsh", dependencies: ["NavScript", "NavExplorer", "NavigationEngine", "CReadline"]),
        .target(name: "NavFuzzHarness", dependencies: ["NavScript", "NavigationEngine"]),
        .executableTarget(name: "NavFuzz", dependencies: ["NavFuzzHarness"]),
        .testTarget(name: "NavigationEngineTests", dependencies: ["NavigationEngine"]),
        .testTarget(name: "NavScriptTests", dependencies: ["NavScript", "NavFuzzHarness", "NavigationEngine"]),
        .testTarget(name: "NavExplorerTests", dependencies: ["NavExplorer", "NavScript", "NavigationEngine"]),
        .testTarget(name: "navshTests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
