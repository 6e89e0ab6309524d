import Foundation
import Testing
@testable import BridgeCommandLine
@testable import BridgeTestRunner
@testable import BridgeRunner

/// `bridge.config.json` and the new `test` options.
@MainActor
struct ProjectConfigTests {
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path + "/a/b", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        @discardableResult
        func config(_ text: String) throws -> String {
            let file = path + "/bridge.config.json"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
    }

    @Test("parsing the runner options")
    func options() throws {
        let o = try #require(
            try TestOptions.parse([
                "t", "-t", "cart > .*", "--bail=3", "--workers", "4", "--reporter", "spec", "--reporter", "junit=out.xml", "-u", "--ci", "--no-color",
                "--timeout=250",
            ]))
        #expect(o.paths == ["t"])
        #expect(o.testNamePattern == "cart > .*")
        #expect(o.bail == 3)
        #expect(o.workers == 4)
        #expect(o.reporters == [TestOptions.Reporter(.spec), TestOptions.Reporter(.junit, path: "out.xml")])
        #expect(o.updateSnapshots && o.ci)
        #expect(o.color == false)
        #expect(o.perTestTimeout == .milliseconds(250))
        #expect(try TestOptions.parse(["t", "--bail"])?.bail == 1)
        #expect(try TestOptions.parse(["t", "--reporter", "tap=-"])?.reporters == [TestOptions.Reporter(.tap)])
        #expect(try TestOptions.parse(["--worker"])?.isWorker == true)
        for bad in [["t", "--workers", "0"], ["t", "--reporter", "html"], ["t", "--reporter", "junit="], ["t", "--bail=0"], ["t", "-t", ""], ["t", "-t"]] {
            #expect(throws: BridgeCommandLine.UsageError.self, "\(bad)") { try TestOptions.parse(bad) }
        }
        // --junit adds a JUnit reporter to the default spec one.
        var j = TestOptions(paths: ["t"], junitPath: "r.xml")
        #expect(j.effectiveReporters == [TestOptions.Reporter(.spec), TestOptions.Reporter(.junit, path: "r.xml")])
        j.reporters = [TestOptions.Reporter(.dot)]
        #expect(j.effectiveReporters == [TestOptions.Reporter(.dot), TestOptions.Reporter(.junit, path: "r.xml")])
    }

    @Test("commands: version, types, junit-merge")
    func commands() throws {
        #expect(try BridgeCommandLine.parse(["--version"]) == .version)
        #expect(try BridgeCommandLine.parse(["version"]) == .version)
        #expect(try BridgeCommandLine.parse(["types", "--out", "d"]) == .types(out: "d"))
        #expect(try BridgeCommandLine.parse(["junit-merge", "a.xml", "b.xml", "--out", "c.xml"]) == .junitMerge(files: ["a.xml", "b.xml"], out: "c.xml"))
        #expect(throws: BridgeCommandLine.UsageError.self) { try BridgeCommandLine.parse(["junit-merge"]) }
        #expect(throws: BridgeCommandLine.UsageError.self) { try BridgeCommandLine.parse(["types", "x"]) }
        for topic in ["types", "junit-merge", "test"] { #expect(!BridgeCommandLine.help(topic).isEmpty) }
        #expect(BridgeCommandLine.help("test").contains("--test-name-pattern"))
    }

    @Test("a config gives defaults relative to its folder; the command line wins")
    func defaults() throws {
        let folder = try Folder()
        try folder.config(
            #"{"schemas": "s", "mock": "/abs/m.json", "httpMock": "http.json", "capabilities": "c.json", "test": {"testMatch": ["tests/**/*.test.js"], "timeout": 750, "workers": 3, "reporters": ["dot", "junit=r/j.xml"], "bail": true, "virtualTime": true, "memoryLimit": 512}}"#
        )
        let found = try #require(ProjectConfig.find(from: folder.path + "/a/b"))
        #expect(found == folder.path + "/bridge.config.json")
        let config = try ProjectConfig(contentsOf: found)
        #expect(config.schemasDir == folder.path + "/s")
        #expect(config.mockPath == "/abs/m.json")
        #expect(config.httpMockPath == folder.path + "/http.json")
        #expect(config.capabilitiesPath == folder.path + "/c.json")
        let t = config.testDefaults()
        #expect(t.perTestTimeout == .milliseconds(750) && t.workers == 3 && t.bail == 1 && t.virtualTime && t.memoryLimit == 512)
        #expect(t.reporters == [TestOptions.Reporter(.dot), TestOptions.Reporter(.junit, path: folder.path + "/r/j.xml")])
        #expect(t.testMatch == ["tests/**/*.test.js"] && t.rootDirectory == folder.path)
        // No PATH: the config's folder, searched with testMatch; PATHs and options on the command line win.
        #expect(try TestOptions.parse([], defaults: t)?.paths == [folder.path])
        let cli = try #require(try TestOptions.parse(["x.test.js", "--timeout", "99", "--reporter", "tap", "--workers", "1", "--schemas", "other"], defaults: t))
        #expect(cli.paths == ["x.test.js"] && cli.perTestTimeout == .milliseconds(99) && cli.reporters == [TestOptions.Reporter(.tap)] && cli.workers == 1)
        #expect(cli.schemasDir == "other" && cli.mockPath == "/abs/m.json")
        #expect(config.runDefaults().schemasDir == folder.path + "/s")
        #expect(ProjectConfig.find(from: "/") == nil || ProjectConfig.find(from: "/") == "/bridge.config.json")
    }

    @Test(
        "a bad config names the file and the JSON path",
        arguments: [
            (#"[]"#, "$: expected an object, got array"),
            (#"{"mocks": "m.json"}"#, "$.mocks: unknown key (expected schemas, mock, httpMock, capabilities, test)"),
            (#"{"schemas": 3}"#, "$.schemas: expected a path (a non-empty string), got number"),
            (#"{"test": []}"#, "$.test: expected an object, got array"),
            (#"{"test": {"timout": 1}}"#, "$.test.timout: unknown key (expected testMatch, timeout, workers, reporters, bail, virtualTime, memoryLimit, coverage, coverageJson, coverageMin)"),
            (#"{"test": {"timeout": 0}}"#, "$.test.timeout: expected milliseconds (a number >= 1), got 0"),
            (#"{"test": {"workers": 1.5}}"#, "$.test.workers: expected a positive integer, got 1.5"),
            (#"{"test": {"reporters": ["spec", "html"]}}"#, "$.test.reporters[1]: unknown reporter \"html\" (expected spec, dot, tap, json or junit, optionally =FILE)"),
            (#"{"test": {"testMatch": ["a", 2]}}"#, "$.test.testMatch[1]: expected a non-empty string, got number"),
            (#"{"test": {"testMatch": []}}"#, "$.test.testMatch: expected a non-empty array of strings"),
            (#"{"test": {"bail": "yes"}}"#, "$.test.bail: expected true, false or a positive integer, got \"yes\""),
            (#"{"test": {"virtualTime": 1}}"#, "$.test.virtualTime: expected true or false, got 1"),
            (#"{"test": {"coverage": "yes"}}"#, "$.test.coverage: expected true or false, got \"yes\""),
            (#"{"test": {"coverageJson": ""}}"#, "$.test.coverageJson: expected a path (a non-empty string), got string"),
            (#"{"test": {"coverageMin": 101}}"#, "$.test.coverageMin: expected a percentage (a number from 0 to 100), got 101"),
        ])
    func problems(text: String, message: String) throws {
        let folder = try Folder()
        let file = try folder.config(text)
        #expect(throws: ProjectConfig.Problem(message: "\(file): \(message)")) { try ProjectConfig(contentsOf: file) }
    }

    @Test("invalid JSON is reported with line and column; --config and --no-config")
    func syntaxAndSelection() throws {
        let folder = try Folder()
        let file = try folder.config("{\n  \"test\": {\n    \"timeout\": ,\n")
        #expect(throws: ProjectConfig.Problem.self) { try ProjectConfig(contentsOf: file) }
        do {
            _ = try ProjectConfig(contentsOf: file)
        } catch {
            #expect(error.message.hasPrefix("\(file):3:16: invalid JSON: "), "\(error.message)")
        }
        #expect(throws: BridgeCommandLine.UsageError.self) { try BridgeCommandLine.environmentDefaults(["test", "x"], directory: folder.path + "/a") }
        let (rest, none) = try BridgeCommandLine.environmentDefaults(["test", "x", "--no-config"], directory: folder.path + "/a")
        #expect(rest == ["test", "x"])
        #expect(none.test.timeoutIsDefault)
        try folder.config(#"{"test": {"timeout": 123}}"#)
        let other = folder.path + "/a/other.json"
        try #"{"test": {"timeout": 456}}"#.write(toFile: other, atomically: true, encoding: .utf8)
        let (_, found) = try BridgeCommandLine.environmentDefaults(["test", "x"], directory: folder.path + "/a/b")
        #expect(found.test.perTestTimeout == .milliseconds(123))
        let (args, explicit) = try BridgeCommandLine.environmentDefaults(["test", "--config", other, "x"], directory: folder.path)
        #expect(args == ["test", "x"])
        #expect(explicit.test.perTestTimeout == .milliseconds(456))
        #expect(explicit.test.workerExecutable != nil || !FileManager.default.fileExists(atPath: "/proc/self/exe"))
        // Other commands never read a config.
        let (v, plain) = try BridgeCommandLine.environmentDefaults(["validate", "--config", "x"], directory: folder.path)
        #expect(v == ["validate", "--config", "x"] && plain.test.timeoutIsDefault)
    }

    @Test("test-file patterns", arguments: [
        ("**/*.test.js", "a.test.js", true), ("**/*.test.js", "x/y/a.test.js", true), ("tests/**/*.spec.js", "tests/a.spec.js", true),
        ("tests/**/*.spec.js", "src/a.spec.js", false), ("*.test.js", "x/a.test.js", false), ("**/__tests__/*.js", "a/__tests__/b.js", true),
        ("**/*.{test,spec}.js", "a.spec.js", true), ("**/*.{test,spec}.js", "a.unit.js", false), ("t?.js", "t1.js", true), ("t?.js", "t12.js", false),
        ("./src/**", "src/a/b.js", true),
    ])
    func globs(pattern: String, path: String, matches: Bool) {
        #expect(PathGlob(pattern).matches(path) == matches)
    }
}

extension TestOptions {
    /// `true` when the per-test timeout is the built-in default (no config read).
    var timeoutIsDefault: Bool { perTestTimeout == .seconds(5) }
}
