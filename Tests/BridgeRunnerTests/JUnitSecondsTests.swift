import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeTestRunner

/// JUnit `time` attributes without `String(format:)`.
struct JUnitSecondsTests {
    @Test("seconds with three decimals agree with String(format: \"%.3f\")", arguments: [0, 0.4, 4, 999.5, 1000, 1234.4, 61_000.7, -3])
    func seconds(_ ms: Double) {
        #expect(JUnitReport.seconds(ms) == String(format: "%.3f", max(0, ms.rounded()) / 1000))
    }
}
