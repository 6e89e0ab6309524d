import Foundation
import Testing
import BridgeRuntimeTesting

@testable import BridgePage
@testable import BridgeCore
@testable import ScriptEngine

/// The warm-up that prepares domino's modules on another thread for an HTML page: it finds every
/// module a page's DOM needs by following the library's own requires, and a module prepared by
/// two threads at once is still one prepared text.
@MainActor
@Suite struct PageWarmUpTests {
    @Test func requiresAreFoundInEitherQuoteOnceInOrder() {
        let source = """
            var a = require('./Node'), b = require("./config").isApiWritable;
            var c = require('./Node'); var d = require('./NodeList.es6.js');
            var e = require('fs'); var f = myrequire('./Other'); var g = require('../up'); var h = require('./unterminated
            """
        #expect(DominoLibrary.requiredModules(source) == ["Node.js", "config.js", "NodeList.es6.js"])
        #expect(DominoLibrary.requiredModules("") == [])
        #expect(DominoLibrary.requiredModules("require('./") == [])
    }

    @Test func theOrderStartsAtTheIndexAndPutsTheDeferredModulesLast() throws {
        try #require(DominoLibrary.problem == nil)
        let order = PageWarmUp.order()
        #expect(order.first == "index.js")
        #expect(Set(order.suffix(PageWarmUp.late.count)) == PageWarmUp.late)
        #expect(Set(order).count == order.count, "each module once")
        // A module comes after the one that first requires it.
        #expect(try #require(order.firstIndex(of: "Document.js")) < #require(order.firstIndex(of: "Node.js")))
        #expect(order.contains("config.js"), "a require in double quotes")
    }

    /// Every module an HTML page's DOM loads (the prelude, markup through the HTML parser, a
    /// style) is one the warm-up prepares, and domino's CSS parser is not one of them.
    @Test func theWarmUpCoversEveryModuleAPageLoads() throws {
        try #require(DominoLibrary.problem == nil)
        let warmed = Set(PageWarmUp.order().map { DominoLibrary.defaultDirectory + "/" + $0 })
        var config = EngineConfiguration()
        config.clock = VirtualClock()
        config.pageURL = "https://m.example.com/index.html"
        let engine = try BridgeEngine(configuration: config)
        defer { engine.close() }
        try engine.installPageSupport()
        try engine.evaluate("""
            document.body.innerHTML = '<ul><li class="a">x</li></ul><svg><circle/></svg>';
            document.body.firstChild.style.color = 'red';
            document.querySelectorAll('li.a').length + document.body.firstChild.style.color
            """)
        let loaded = DominoLibrary.preparedPaths.filter { $0.hasPrefix(DominoLibrary.defaultDirectory + "/") }
        #expect(loaded.subtracting(warmed).isEmpty, "prepared but not warmed: \(loaded.subtracting(warmed).sorted())")
        #expect(loaded.contains(DominoLibrary.defaultDirectory + "/HTMLParser.js"))
        #expect(!loaded.contains(DominoLibrary.defaultDirectory + "/cssparser.js"), "a style is read by the page layer's parser")
    }

    @Test func threadsPreparingOneModuleAtOnceGetTheSameText() async throws {
        try #require(DominoLibrary.problem == nil)
        let names = ["svg.js", "Window.js", "URL.js", "Location.js"]
        let ids = await withTaskGroup(of: (String, ObjectIdentifier?).self) { group in
            for _ in 0..<8 {
                for name in names {
                    group.addTask { (name, DominoLibrary.module(name).map(ObjectIdentifier.init)) }
                }
            }
            var ids: [String: Set<ObjectIdentifier?>] = [:]
            for await (name, id) in group { ids[name, default: []].insert(id) }
            return ids
        }
        for name in names {
            #expect(ids[name]?.count == 1, "\(name): \(ids[name]?.count ?? 0) different texts")
            #expect(ids[name]?.contains(nil) == false)
        }
    }
}
