import Testing
import BridgeRuntimeTesting
@testable import BridgeCore

/// A component whose record sits in a section with a mistyped name: self-registration cannot
/// find it, and the runtime says so.
final class MistypedComponent: InitializableComponent {
    static let componentName = "mistyped"
    static let actions: [BridgeAction<MistypedComponent>] = [.sync("mistyped.hello") { _, _ in "never registered" }]
    init() {}
}

@section("bridge_componets") @used
let mistypedRecord: BridgeComponentRecord = { registerBridgeComponent(MistypedComponent.self, into: $0) }

@MainActor
@Suite struct ComponentDiagnosticsTests {
    @Test("a record in a mistyped section is not registered, and the hint names the section")
    func mistypedSection() throws {
        #expect(!BridgeRegistry.shared.actionNames.contains("mistyped.hello"))
        let hint = try #require(ComponentDiagnostics.hint())
        #expect(hint.contains("'bridge_componets'"), "\(hint)")
        #expect(hint.contains("@section"), "\(hint)")
    }

    @Test("a call to the missing component reports the hint once, as a notice")
    func noticeOnFirstMiss() async throws {
        let e = try BridgeEngine.forTesting()
        defer { e.close() }
        var notices: [String] = []
        e.addEventObserver { if case .notice(let text) = $0 { notices.append(text) } }
        #expect(try await e.settle("bridge.call('mistyped.hello')")["code"] == "METHOD_NOT_FOUND")
        #expect(try await e.settle("bridge.call('mistyped.hello')")["code"] == "METHOD_NOT_FOUND")
        // Once per process: another test may have triggered it first.
        #expect(notices.count <= 1)
        if let notice = notices.first { #expect(notice.contains("bridge_componets")) }
    }
}
