// swift-tools-version: 6.2
import PackageDescription

/// Strict settings applied to every target in one place.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The release link of `bridge-run` on Linux, for a smaller resident set (peak RSS): lld, packed
/// relative relocations (DT_RELR, needs glibc >= 2.36), the functions a run executes placed
/// together (`scripts/bridge-run.order`, made by `scripts/order-file`), so that fewer pages of the
/// binary are faulted in, and no dynamic symbol table of our own (the static-stdlib link exports
/// every public symbol of the library, which the dynamic loader then searches for every symbol
/// the system libraries bind). `scripts/bench` and `scripts/bootstrap --release` also link the Swift
/// runtime and Foundation statically (`--static-swift-stdlib`, a build option, not a setting).
let bridgeRunLinkerSettings: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld",
        "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/bridge-run.order",
        "-Xlinker", "--no-warn-symbol-ordering",
        "-Xlinker", "--no-export-dynamic",
    ], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "BridgeRuntime",
    products: [
        .library(name: "BridgeRuntime", targets: ["BridgeRuntime"]),
        .executable(name: "bridge-run", targets: ["bridge-run"]),
        .executable(name: "example-runner", targets: ["ExampleRunner"]),
        .executable(name: "bridge-bench", targets: ["BridgeBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJSC",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        // ICU's regular expressions behind plain C types (schema patterns); see its header.
        .target(
            name: "CICURegex",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),
        .target(
            name: "BridgeRuntime",
            dependencies: ["CJSC", "CICURegex"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "bridge-run",
            dependencies: ["BridgeRuntime"],
            swiftSettings: strictSettings,
            linkerSettings: bridgeRunLinkerSettings
        ),
        .executableTarget(
            name: "ExampleRunner",
            dependencies: ["BridgeRuntime"],
            path: "Examples/CustomRunner",
            exclude: ["greeter.js", "README.md"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "BridgeBench",
            dependencies: ["BridgeRuntime"],
            path: "Benchmarks/BridgeBench",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BridgeRuntimeTests",
            dependencies: ["BridgeRuntime"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "bridge-runTests",
            dependencies: ["BridgeRuntime"],
            swiftSettings: strictSettings
        ),
    ]
)
