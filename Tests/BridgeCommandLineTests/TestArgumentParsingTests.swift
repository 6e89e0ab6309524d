import Testing
@testable import BridgeCommandLine
@testable import BridgeTestRunner

struct TestArgumentParsingTests {
    @Test("parsing bridge-run test arguments")
    func parsing() throws {
        let options = try #require(
            try TestOptions.parse([
                "tests", "more.test.js", "--mock", "m.json", "--junit", "r.xml", "--shard", "2/3", "--schemas", "s", "--timeout", "250", "--virtual-time",
            ]))
        #expect(
            options
                == TestOptions(
                    paths: ["tests", "more.test.js"], schemasDir: "s", mockPath: "m.json", junitPath: "r.xml", shard: TestOptions.Shard(index: 2, count: 3),
                    perTestTimeout: .milliseconds(250), virtualTime: true))
        #expect(options.jitTiering == .shortLived)
        #expect(try TestOptions.parse(["x", "--jit", "standard"])?.jitTiering == .standard)
        #expect(try TestOptions.parse(["--help"]) == nil)
        for bad in [
            [], ["x", "--shard", "0/2"], ["x", "--shard", "3/2"], ["x", "--shard", "a"], ["x", "--timeout", "-1"], ["x", "--bogus"], ["x", "--mock"], ["x", "--jit", "dfg"],
        ] {
            #expect(throws: BridgeCommandLine.UsageError.self, "\(bad)") { try TestOptions.parse(bad) }
        }
        #expect(TestOptions.help().contains("--shard I/N"))
    }
}
