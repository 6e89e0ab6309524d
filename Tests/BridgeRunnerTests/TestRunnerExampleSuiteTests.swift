import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import BridgeComponents
@testable import ScriptEngine
@testable import BridgeSchema

/// The example suite in `Examples/tests`: the passing files pass, `failing/cart.test.js` fails
/// the way its comments say.
@MainActor
struct TestRunnerExampleSuiteTests {
    static let root = repositoryRoot + "/Examples/tests"

    @Test("the passing example files pass with the fixture")
    func passingFiles() async throws {
        let files = ["location", "payment", "profile", "storage"].map { "\(Self.root)/\($0).test.js" }
        // Virtual time: the in-process run shares the main actor with heavy suites, and real-time
        // test timeouts would measure them instead (the CLI test runs it on real time).
        let run = await captureTestRun(TestOptions(paths: files, mockPath: Self.root + "/fixtures/mock.json", virtualTime: true))
        #expect(run.exitCode == 0, "\(run.text)")
        #expect(run.stdout.last == "23 passed, 0 failed, 1 skipped")
    }

    @Test("the failing cart: exit 1, each failure with its expectation, values and line")
    func failingCart() async throws {
        let file = Self.root + "/failing/cart.test.js"
        let run = await captureTestRun(TestOptions(paths: [Self.root + "/failing"]))
        #expect(run.exitCode == 1)
        #expect(run.stdout.last == "1 passed, 5 failed")
        #expect(run.result("cart > adds up the items")?.status == .passed)
        let coupon = try #require(run.result("cart > applies the coupon")?.failure)
        #expect(coupon.location == "\(file):21")
        #expect(coupon.details.contains("-   \"total\": 20"))
        #expect(coupon.details.contains("+   \"total\": 25"))
        #expect(run.result("cart > counts the items")?.failure?.details == ["", "Expected: 3", "Received: 2"])
        #expect(run.result("cart > reads the native cart (no mock: the call fails)")?.failure?.message.contains("METHOD_NOT_FOUND") == true)
        #expect(run.result("cart > waits for an answer that never comes")?.failure?.message == "Exceeded timeout of 200 ms for a test.")
        #expect(run.stdout.contains("✗ \(file) > cart > applies the coupon"))
        #expect(run.stdout.contains("    at \(file):21"))
    }

    @Test("the whole example directory fails because of the failing cart")
    func wholeDirectory() async throws {
        let run = await captureTestRun(TestOptions(paths: [Self.root], mockPath: Self.root + "/fixtures/mock.json", virtualTime: true))
        #expect(run.exitCode == 1)
        #expect(run.summary.files.count == 5)
        #expect(run.stdout.last == "24 passed, 5 failed, 1 skipped")
    }
}
