import Foundation
import Testing

/// End-to-end runs of `bridge-run test` on Examples/tests.
@Suite struct TestCommandTests {
    @Test func passingSuitesExit0() async throws {
        let r = try await CLI.run(["test", "Examples/tests/profile.test.js", "Examples/tests/payment.test.js", "Examples/tests/storage.test.js", "Examples/tests/location.test.js", "--mock", "Examples/tests/fixtures/mock.json"])
        #expect(r.status == 0, "stdout: \(r.stdout)\nstderr: \(r.stderr)")
        #expect(r.lines.last == "23 passed, 0 failed, 1 skipped")
        #expect(r.lines.contains { $0.hasPrefix("✓ Examples/tests/profile.test.js > profile header > uses the answers of the mock fixture") })
    }

    @Test func failingSuiteExits1WithExpectationValuesAndLine() async throws {
        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let r = try await CLI.run(["test", "Examples/tests", "--mock", "Examples/tests/fixtures/mock.json", "--junit", junit])
        #expect(r.status == 1)
        #expect(r.lines.last == "24 passed, 5 failed, 1 skipped")
        #expect(r.stdout.contains("✗ Examples/tests/failing/cart.test.js"))
        #expect(r.stdout.contains("at Examples/tests/failing/cart.test.js:"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites"))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 30)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 5)
    }

    @Test func shardsPartitionTheFiles() async throws {
        var seen: [String] = []
        for i in 1...3 {
            let r = try await CLI.run(["test", "Examples/tests", "--mock", "Examples/tests/fixtures/mock.json", "--shard", "\(i)/3"])
            let files = Set(r.lines.compactMap { line -> String? in
                guard line.hasPrefix("✓ ") || line.hasPrefix("✗ ") || line.hasPrefix("○ ") else { return nil }
                return line.dropFirst(2).components(separatedBy: " > ").first
            })
            seen += files
        }
        #expect(seen.sorted() == [
            "Examples/tests/failing/cart.test.js", "Examples/tests/location.test.js", "Examples/tests/payment.test.js",
            "Examples/tests/profile.test.js", "Examples/tests/storage.test.js",
        ])
    }

    @Test func usageErrorsExit2() async throws {
        let none = try await CLI.run(["test"])
        #expect(none.status == 2)
        let badShard = try await CLI.run(["test", "Examples/tests", "--shard", "4/3"])
        #expect(badShard.status == 2)
        let missing = try await CLI.run(["test", "Examples/no-such-dir"])
        #expect(missing.status == 2)
    }
}
