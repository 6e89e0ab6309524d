// libFuzzer entry: the HTML script extractor.
//
// Built by `scripts/fuzz html` against the library built with the sanitizers. The extractor
// must never crash; its results must be consistent with the input (lines within the document,
// inline indexes 1...n in order, `src` scripts with empty text).

import Foundation
@testable import BridgeSupport
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeCore
@testable import BridgePage
@testable import BridgeComponents
@testable import BridgeRunner
@testable import BridgeTestRunner

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let extracted = HTMLScriptExtractor(html: html)
    let lines = html.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    var inline = 0
    for script in extracted.scripts {
        if script.line < 1 || script.line > lines { fatalError("script line \(script.line) outside 1...\(lines)") }
        if script.src == nil {
            inline += 1
            if script.inlineIndex != inline { fatalError("inline index \(script.inlineIndex), expected \(inline)") }
            if script.text.utf8.count > html.utf8.count { fatalError("inline text longer than the document") }
        } else if !script.text.isEmpty || script.inlineIndex != 0 {
            fatalError("src script with text or an inline index")
        }
        _ = script.isClassicJavaScript
    }
    for element in extracted.elementsWithID where element.attributes["id"]?.isEmpty ?? true {
        fatalError("element recorded without an id")
    }
    _ = extracted.title
    _ = HTMLScriptExtractor.decodeEntities(html)
    return 0
}
