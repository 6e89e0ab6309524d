// swift-tools-version: 6.2
// 6.2 is the oldest toolchain the package builds and tests with: Swift 6 language mode, typed
// throws, `Mutex`, `String(validating:as:)` need 6.0, and the tests use Swift Testing's exit
// tests (`#expect(processExitsWith:)`, 6.2). ToolchainTests keeps this line and the README in step.
import PackageDescription

/// Strict settings applied to every Swift target in one place.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The release link of `bridge-run` on Linux, for a smaller resident set (peak RSS): lld, packed
/// relative relocations (DT_RELR, needs glibc >= 2.36), the functions a run executes placed
/// together (`scripts/bridge-run.order`, made by `scripts/order-file`; `scripts/bridge-run.lds`
/// adds the small functions LLVM emits without a symbol), so that fewer pages of the binary are
/// faulted in, and no dynamic symbol table of our own (the static-stdlib link exports every public symbol of the library, which the dynamic loader then searches for every symbol
/// the system libraries bind). `scripts/bench` and `scripts/bootstrap --release` also link the Swift
/// runtime statically (`--static-swift-stdlib`, a build option, not a setting).
let bridgeRunLinkerSettings: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld",
        "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/bridge-run.order",
        "-Xlinker", "--no-warn-symbol-ordering",
        // Functions LLVM leaves without a symbol, which the order file cannot name, placed first.
        "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/scripts/bridge-run.lds",
        "-Xlinker", "--no-export-dynamic",
        // …except the clock_gettime that serves JSC's time limit its thread CPU clock
        // (Sources/CThreadClock): exported so that libjavascriptcoregtk binds to it.
        "-Xlinker", "--export-dynamic-symbol=clock_gettime",
    ], .when(platforms: [.linux], configuration: .release)),
]

/// One library layer: a Swift target with the strict settings. The layers and the arrows between
/// them are the architecture (docs/architecture.md); `LayerRulesTests` fails when a source file
/// imports a layer its target does not list here.
func layer(_ name: String, _ dependencies: [Target.Dependency] = [], exclude: [String] = [], plugins: [Target.PluginUsage] = []) -> Target {
    .target(name: name, dependencies: dependencies, exclude: exclude, swiftSettings: strictSettings, plugins: plugins)
}

func tests(_ name: String, _ dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .testTarget(name: name, dependencies: dependencies, exclude: exclude, swiftSettings: strictSettings)
}

let package = Package(
    name: "BridgeRuntime",
    products: [
        .library(name: "BridgeRuntime", targets: ["BridgeRuntime"]),
        .library(name: "BridgeRuntimeTesting", targets: ["BridgeRuntimeTesting"]),
        .executable(name: "bridge-run", targets: ["bridge-run"]),
    ],
    targets: [
        // C: JavaScriptCore's public C API (only ScriptEngine imports it) and ICU's regex API.
        .systemLibrary(
            name: "CJSC",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        // Defines the process's clock_gettime: the thread CPU clock JSC's time limit reads on every
        // VM entry, served from a 1 ms cache on the JS thread (ScriptEngine/ThreadCPUClock.swift).
        .target(name: "CThreadClock", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "CICURegex",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),

        // The build-time tool that embeds each layer's JS/*.js files into the binary.
        .executableTarget(name: "embed-js", path: "Sources/embed-js"),
        .plugin(name: "EmbedJS", capability: .buildTool(), dependencies: ["embed-js"]),

        // The layers, bottom up.
        layer("BridgeSupport"),
        layer("BridgeValues", ["BridgeSupport"]),
        layer("ScriptEngine", ["BridgeValues", "BridgeSupport", "CJSC", "CThreadClock"]),
        layer("BridgeSchema", ["BridgeValues", "BridgeSupport", "CICURegex"]),
        layer("BridgeModules", ["BridgeValues", "BridgeSupport"]),
        layer("BridgeCore", ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeSchema"], exclude: ["JS"], plugins: ["EmbedJS"]),
        layer("BridgePage", ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeCore", "BridgeModules"], exclude: ["JS"], plugins: ["EmbedJS"]),
        layer("BridgeComponents", ["BridgeValues", "BridgeSupport", "BridgeCore"]),
        layer("BridgeNetwork", ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeCore"], exclude: ["JS"], plugins: ["EmbedJS"]),
        layer("BridgePeers", ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeCore", "BridgePage", "BridgeComponents"], exclude: ["JS"], plugins: ["EmbedJS"]),
        layer("BridgeRunner", ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeSchema", "BridgeCore", "BridgePage", "BridgeComponents", "BridgeModules", "BridgeNetwork", "BridgePeers"]),
        layer("BridgeTestRunner", ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeSchema", "BridgeCore", "BridgePage", "BridgeComponents", "BridgeRunner", "BridgeModules", "BridgeNetwork", "BridgePeers"], exclude: ["JS"], plugins: ["EmbedJS"]),
        layer("BridgeCommandLine", ["BridgeValues", "BridgeSupport", "ScriptEngine", "BridgeSchema", "BridgeRunner", "BridgeTestRunner"]),
        layer("BridgeRuntime", ["BridgeValues", "ScriptEngine", "BridgeSchema", "BridgeModules", "BridgeCore", "BridgePage", "BridgeComponents", "BridgeNetwork", "BridgePeers", "BridgeRunner", "BridgeTestRunner", "BridgeCommandLine"]),
        layer("BridgeRuntimeTesting", ["BridgeRuntime", "BridgeCore", "ScriptEngine", "BridgeValues"]),

        // Executables: the CLI (a thin shell over the public API), a team's own runner, the benchmark.
        .executableTarget(
            name: "bridge-run",
            dependencies: ["BridgeRuntime"],
            swiftSettings: strictSettings,
            linkerSettings: bridgeRunLinkerSettings
        ),
        .executableTarget(
            name: "example-runner",
            dependencies: ["BridgeRuntime"],
            path: "Examples/CustomRunner",
            exclude: ["greeter.js", "README.md"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "bridge-bench",
            dependencies: ["BridgeRuntime"],
            path: "Benchmarks/BridgeBench",
            swiftSettings: strictSettings
        ),

        // Tests mirror the layers; bridge-runTests runs the built executables end to end.
        tests("BridgeSupportTests", ["BridgeSupport"]),
        tests("BridgeValuesTests", ["BridgeValues"]),
        tests("ScriptEngineTests", ["ScriptEngine", "BridgeValues"]),
        tests("BridgeSchemaTests", ["BridgeSchema", "BridgeValues", "BridgeSupport"]),
        tests("BridgeModulesTests", ["BridgeModules", "BridgeValues", "BridgeSupport"]),
        tests("BridgeCoreTests", ["BridgeCore", "BridgeValues", "ScriptEngine", "BridgeSchema", "BridgeSupport", "BridgeRuntimeTesting"]),
        tests("BridgePageTests", ["BridgePage", "BridgeCore", "BridgeValues", "ScriptEngine", "BridgeSupport", "BridgeRuntimeTesting"]),
        tests("BridgeNetworkTests", ["BridgeNetwork", "BridgeCore", "BridgeValues", "ScriptEngine", "BridgeSupport", "BridgeRuntimeTesting"]),
        tests("BridgePeersTests", ["BridgePeers", "BridgePage", "BridgeCore", "BridgeComponents", "BridgeValues", "BridgeRuntimeTesting"]),
        tests("BridgeComponentsTests", ["BridgeComponents", "BridgeCore", "BridgeValues", "BridgeRuntimeTesting"]),
        tests("BridgeRunnerTests", ["BridgeRunner", "BridgeTestRunner", "BridgeCore", "BridgeValues", "BridgeComponents", "ScriptEngine", "BridgeSchema", "BridgeRuntime", "BridgeRuntimeTesting"]),
        tests("BridgeCommandLineTests", ["BridgeCommandLine", "BridgeRunner", "BridgeTestRunner", "BridgeValues", "BridgeRuntime", "ScriptEngine"]),
        tests("bridge-runTests", ["BridgeRuntime", "BridgeRuntimeTesting"]),
        tests("BridgeRuntimeTestingTests", ["BridgeRuntimeTesting"]),
        tests("ArchitectureTests", []),
        // The README's component-with-a-dependency example and its test, compiled and run.
        .testTarget(name: "GreeterExampleTests", dependencies: ["BridgeRuntimeTesting"], path: "Examples/Greeter", swiftSettings: strictSettings),
    ]
)
