// libFuzzer entry: the XML protocol-schema parser and the validator.
//
// Built by `scripts/fuzz schema` against the library built with the sanitizers. The input is
// XML text, optionally followed by a NUL byte and a JSON payload. When SchemaSet.parse loads the
// XML, every action is validated against derived payloads (`{}`, its examples, a payload built
// from its params, a mistyped one, the JSON tail of the input), and validate / isValid /
// validationError must agree. The generators (markdown, TypeScript, JSON Schema) run as well.

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

/// A value of the param's type that tries to satisfy its facets (or deliberately break them).
func fuzzSample(_ p: ParamSchema, valid: Bool, depth: Int = 0) -> JSONValue {
    if let first = p.enum?.first, valid { return first }
    if let d = p.default, valid { return d }
    switch p.type {
    case .string:
        let n = valid ? min(max(p.minLength ?? 1, 1), 4096) : min(max(p.maxLength ?? 8, 0), 4096) + 1
        return .string(String(repeating: "a", count: n))
    case .integer:
        if !valid { return .string("12") }
        return .number((p.min ?? 1).rounded(.up))
    case .number:
        if !valid { return .number((p.max ?? 1e9) * 2 + 1) }
        return .number(p.min ?? 0.5)
    case .boolean: return valid ? .bool(true) : .number(1)
    case .any: return valid ? .string("x") : .null
    case .array:
        guard depth < 8 else { return .array([]) }
        let count = valid ? min(max(p.minItems ?? 1, 0), 64) : min(max(p.maxItems ?? 2, 0), 64) + 1
        let item = p.items.map { fuzzSample($0, valid: valid, depth: depth + 1) } ?? .null
        return .array(Array(repeating: item, count: count))
    case .object:
        guard depth < 8 else { return .object([:]) }
        var o: [String: JSONValue] = [:]
        for c in p.children where valid ? true : c.required {
            o[c.name] = fuzzSample(c, valid: valid, depth: depth + 1)
        }
        if !valid { o["__unknown__"] = .bool(true) }
        return .object(o)
    }
}

@inline(never)
func fuzzCheck(_ set: SchemaSet, _ method: String, _ params: JSONValue) {
    let violations = set.validate(method: method, params: params)
    let ok = set.isValid(method: method, params: params)
    let error = set.validationError(method: method, params: params)
    switch (violations, ok) {
    case (nil, nil): if error != nil { fatalError("validationError for a method with no schema") }
    case (let v?, let o?):
        if v.isEmpty != o { fatalError("validate() found \(v.count) violations but isValid() said \(o) for \(params.jsonString())") }
        if v.isEmpty != (error == nil) { fatalError("validationError disagrees with validate() for \(params.jsonString())") }
        for violation in v where violation.path.isEmpty || violation.message.isEmpty {
            fatalError("violation without path or message: \(violation)")
        }
    default: fatalError("validate() and isValid() disagree on whether '\(method)' has a schema")
    }
}

/// Known bugs, both fixed since (regression tests in Tests/BridgeRuntimeTests/Fuzz/SchemaXMLCrashTests.swift):
/// 1. an XML declaration naming an encoding libxml2 cannot switch the input to: the parse error is
///    reported from inside `xmlSwitchToEncoding`, SchemaXMLReader's `abortParsing()` frees the
///    parser input there, and libxml2 dereferences NULL;
/// 2. a processing instruction without data (`<?pi?>`): FoundationXML calls `strlen(NULL)`.
/// FUZZ_SKIP_KNOWN=1 still skips such inputs (off by default in `scripts/fuzz`).
let skipKnownBugs = ProcessInfo.processInfo.environment["FUZZ_SKIP_KNOWN"] == "1"

func hitsKnownBug(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    // 2: any processing instruction other than a leading `<?xml ` declaration.
    var rest = Substring(text)
    var first = true
    while let r = rest.range(of: "<?") {
        let isDeclaration = first && r.lowerBound == text.startIndex
            && (rest[r.upperBound...].hasPrefix("xml ") || rest[r.upperBound...].hasPrefix("xml\t")
                || rest[r.upperBound...].hasPrefix("xml\n") || rest[r.upperBound...].hasPrefix("xml\r"))
        if !isDeclaration { return true }
        first = false
        rest = rest[r.upperBound...]
    }
    // 1: an encoding other than UTF-8 named in the first 512 bytes.
    let head = String(text.prefix(512)).lowercased()
    var scan = Substring(head)
    while let r = scan.range(of: "encoding") {
        var after = scan[r.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "=" }
        if let q = after.first, q == "\"" || q == "'" {
            after = after.dropFirst()
            if !(after.hasPrefix("utf-8") && after.dropFirst(5).first == q) { return true }
        } else {
            return true
        }
        scan = scan[r.upperBound...]
    }
    return false
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    if skipKnownBugs && hitsKnownBug(UnsafeBufferPointer(rebasing: bytes[0..<split])) { return 0 }
    let xml = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<split]), as: UTF8.self)
    var tail: JSONValue?
    if split < bytes.count {
        tail = try? JSONParser().parse(UnsafeBufferPointer(rebasing: bytes[(split + 1)...]))
    }
    let set: SchemaSet
    do {
        set = try SchemaSet.parse(xml: xml, file: "fuzz.xml")
    } catch {
        for problem in error.problems where problem.reason.isEmpty { fatalError("empty schema problem") }
        _ = error.description
        return 0
    }
    for action in set.actions {
        let name = action.name
        fuzzCheck(set, name, .object([:]))
        fuzzCheck(set, name, .null)
        for example in action.examples { fuzzCheck(set, name, example) }
        let good = fuzzSample(action.paramsObject, valid: true)
        let bad = fuzzSample(action.paramsObject, valid: false)
        fuzzCheck(set, name, good)
        fuzzCheck(set, name, bad)
        if let tail { fuzzCheck(set, name, tail) }
        if let result = action.result {
            _ = set.validateResult(method: name, result: fuzzSample(result, valid: true))
            _ = set.validateResult(method: name, result: fuzzSample(result, valid: false))
            _ = SchemaDocs.jsonSchemaForResult(action)
        }
        _ = SchemaDocs.jsonSchema(action).jsonString()
    }
    fuzzCheck(set, "no.such.action", .object([:]))
    for p in set.protocols { _ = SchemaDocs.markdown(p) }
    _ = SchemaDocs.typeScript(set)
    return 0
}
