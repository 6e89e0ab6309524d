import BridgeRuntimeTesting
@testable import BridgePage
@testable import ScriptEngine

/// An engine for the page layer's tests: a virtual clock, a page URL, and the page's DOM either
/// installed at once (an HTML page) or on first use (a `.js` page), or not at all.
@MainActor
enum PageTestEngine {
    enum DOM { case installed, onDemand, none }

    static func make(_ dom: DOM = .installed, pageURL: String = "https://m.example.com/index.html") throws -> BridgeEngine {
        var config = EngineConfiguration()
        config.clock = VirtualClock()
        config.pageURL = pageURL
        let engine = try BridgeEngine(configuration: config)
        switch dom {
        case .installed: try engine.installPageSupport()
        case .onDemand: engine.installPageSupportOnDemand()
        case .none: break
        }
        return engine
    }
}
