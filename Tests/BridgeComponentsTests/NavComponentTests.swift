import Foundation
import Testing
import BridgeRuntimeTesting

@testable import BridgeComponents
@testable import BridgeCore
@testable import BridgeValues

/// A sub-dispatcher that registers itself like any component.
final class JobJumpComponent: InitializableComponent {
    static let componentName = "jump.job"
    static let actions: [BridgeAction<JobJumpComponent>] = [
        .sync("jump.job") { _, call in
            let path = call.params["path"]?.stringValue ?? ""
            guard path == "list" || path == "detail" else { throw BridgeError.methodNotFound("job page '\(path)'") }
            return ["native": .string(path == "list" ? "JobListViewController" : "JobDetailViewController")]
        }
    ]
    init() {}
}

@section("bridge_components") @used
let jobJumpRecord: BridgeComponentRecord = { registerBridgeComponent(JobJumpComponent.self, into: $0) }

@MainActor
@Suite struct NavComponentTests {
    func run(_ js: String, routes: RouteTable? = nil) async throws -> (JSONValue, [JSONValue]) {
        let scoped = BridgeRegistry()
        if let routes { try scoped.register(NavComponent(routes: routes)) }
        var config = EngineConfiguration()
        config.clock = VirtualClock()
        config.scopedRegistry = scoped
        let e = try BridgeEngine(configuration: config)
        defer { e.close() }
        var navigations: [JSONValue] = []
        e.addEventObserver { if case .navigate(let info) = $0 { navigations.append(info) } }
        try e.evaluate("globalThis.out = null; (async () => { try { out = await bridge.call('nav.open', \(js)); } catch (err) { out = {code: err.code, message: err.message}; } })()")
        try await e.runUntilIdle(limit: .seconds(30))
        return (try e.evaluate("out"), navigations)
    }

    @Test func jumpURLParsing() throws {
        let j = try JumpURL("wbmain://jump/job/list/hot?ABMark=12&params=%7B%22city%22%3A%22bj%22%7D&from=push")
        #expect(j.component == "job")
        #expect(j.path == "list/hot")
        #expect(j.params == ["city": "bj"])
        #expect(j.abMark == "12")
        #expect(j.query["from"] == "push")
        #expect(throws: BridgeError.self) { try JumpURL("wbmain://nojump/x") }
        #expect(throws: BridgeError.self) { try JumpURL("wbmain://jump/x?params=%7Bbad") }
        #expect(throws: BridgeError.self) { try JumpURL("wbmain://jump/") }
    }

    @Test func subDispatcherResolvesAndNavigationIsTraced() async throws {
        let (out, navs) = try await run("{url: 'wbmain://jump/job/detail?params=' + encodeURIComponent('{\"id\":7}')}")
        #expect(out["handledBy"] == "jump.job")
        #expect(out["page"] == ["native": "JobDetailViewController"])
        #expect(out["params"] == ["id": 7])
        #expect(navs.count == 1)
        #expect(navs.first?["component"] == "job")
    }

    @Test func subDispatcherErrorsReachThePage() async throws {
        let (out, navs) = try await run("{url: 'wbmain://jump/job/unknown'}")
        #expect(out["code"] == "METHOD_NOT_FOUND")
        #expect(navs.isEmpty)
    }

    @Test func componentsWithoutSubDispatcherResolveGenerically() async throws {
        let (out, _) = try await run("{url: 'wbmain://jump/house/map'}")
        #expect(out["handledBy"] == "default")
        #expect(out["component"] == "house")
        #expect(out["path"] == "map")
    }

    @Test func abRouteReplacesTheURLUntilItExpires() async throws {
        let routes = RouteTable(entries: [
            .init(id: "A1", url: "wbmain://jump/job/list?params=%7B%22ab%22%3A1%7D", expiresAt: Date().addingTimeInterval(3600)),
            .init(id: "OLD", url: "wbmain://jump/job/list", expiresAt: Date().addingTimeInterval(-1)),
        ])
        let (hit, _) = try await run("{url: 'wbmain://jump/house/map?ABMark=A1'}", routes: routes)
        #expect(hit["component"] == "job")
        #expect(hit["abRoute"]?["id"] == "A1")
        #expect(hit["params"] == ["ab": 1])
        let (expired, _) = try await run("{url: 'wbmain://jump/house/map?ABMark=OLD'}", routes: routes)
        #expect(expired["component"] == "house")
        #expect(expired["abRoute"] == .null)
    }

    @Test func routeTableFileFormats() throws {
        let t = try RouteTable(json: [["id": 5, "url": "wbmain://jump/a/b", "expiresAt": 4_102_444_800], ["id": "x", "url": "wbmain://jump/c", "expiresAt": "2099-01-01T00:00:00Z"]])
        #expect(t.route(for: "5")?.url == "wbmain://jump/a/b")
        #expect(t.route(for: "x") != nil)
        #expect(throws: BridgeError.self) { try RouteTable(json: [["id": "y"]]) }
        #expect(throws: BridgeError.self) { try RouteTable(json: [["id": "y", "url": "u", "expiresAt": "tomorrow"]]) }
    }

    @Test func missingURLIsAnInvalidMessage() async throws {
        let (out, _) = try await run("{}")
        #expect(out["code"] == "INVALID_MESSAGE")
    }
}
