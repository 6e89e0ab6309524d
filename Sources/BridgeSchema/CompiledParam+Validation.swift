import BridgeValues
/// The two validation passes: a yes/no pass that allocates nothing, and a collecting pass that
/// builds `{path, message}` violations. Both must agree; tests check that they do.
extension CompiledParam {
    /// `true` when `value` satisfies this param (and its subtree). Allocates nothing.
    func accepts(_ value: JSONValue) -> Bool {
        switch value {
        case .null:
            return nullable || type == .any
        case .bool(let b):
            guard type == .boolean else { return type == .any }
            return enumBools?.withUnsafeBufferPointer { $0.contains(b) } != false
        case .number(let d):
            switch type {
            case .number: break
            case .integer: if !CompiledParam.isInteger(d) { return false }
            case .any: return true
            default: return false
            }
            if d < min || d > max { return false }
            return enumNumbers?.withUnsafeBufferPointer { $0.contains(d) } != false
        case .string(let s):
            guard type == .string else { return type == .any }
            // The enum and the array below are read through their buffers: `if let` and
            // `for … in` copied the array, and each element, with a retain and a release.
            if enumStrings?.withUnsafeBufferPointer({ Self.contains($0, s) }) == false { return false }
            if !lengthFits(s) { return false }
            return pattern?.matches(s) != false
        case .array(let elements):
            guard type == .array else { return type == .any }
            if elements.count < minItems || elements.count > maxItems { return false }
            guard let items else { return true }
            return elements.withUnsafeBufferPointer { list in
                for i in 0..<list.count where !items.accepts(list[i]) { return false }
                return true
            }
        case .object(let object):
            guard type == .object else { return type == .any }
            if object.count <= 16 && members.count <= 16 {
                // Small objects (most payloads): walk the payload's own entries and find each
                // member by name — string compares instead of hashing every member name.
                var required = 0
                let ok = membersInKeyOrder.withUnsafeBufferPointer { list -> Bool in
                    object.withScalarMembers { given -> Bool in
                        // The search for a key starts after the last member found: in the
                        // payload's (key) order, each is found at the first compare.
                        var next = 0
                        for m in 0..<given.count {
                            var found = false
                            var i = next
                            for _ in 0..<list.count {
                                if i == list.count { i = 0 }
                                if ScalarKey.same(list[i].name, given[m].key.string) {
                                    found = true
                                    if !list[i].unretained._withUnsafeGuaranteedRef({ $0.accepts(given[m].value) }) { return false }
                                    if list[i].required { required &+= 1 }
                                    next = i + 1
                                    break
                                }
                                i += 1
                            }
                            if !found && strict { return false }
                        }
                        return true
                    }
                }
                return ok && required == requiredCount
            }
            var matched = 0
            for m in members {
                if let child = object.member(m.key) {
                    matched &+= 1
                    if !m.node.accepts(child) { return false }
                } else if m.required {
                    return false
                }
            }
            return !strict || matched == object.count
        }
    }

    /// `true` when `list` holds a string of the same scalars as `s`.
    @inline(__always) static func contains(_ list: UnsafeBufferPointer<String>, _ s: String) -> Bool {
        for i in 0..<list.count where ScalarKey.same(list[i], s) { return true }
        return false
    }

    /// `true` when the string's length in Unicode code points is within bounds; counts only
    /// when the UTF-8 length cannot decide.
    @inline(__always) func lengthFits(_ s: String) -> Bool {
        if minLength == 0 && maxLength == Int.max { return true }
        let bytes = s.utf8.count
        // A code point takes 1 to 4 UTF-8 bytes.
        if bytes <= maxLength && (bytes + 3) / 4 >= minLength { return true }
        let n = s.unicodeScalars.count
        return n >= minLength && n <= maxLength
    }

    /// Appends every violation of `value` to `out`; `path` names `value` (`params.ids[1]`).
    func collect(_ value: JSONValue, path: String, into out: inout [Violation]) {
        func fail(_ message: String) { out.append(Violation(path: path, message: message)) }
        switch value {
        case .null:
            if !(nullable || type == .any) { fail("\(expectedText), got null") }
        case .bool(let b):
            guard type == .boolean || type == .any else { return fail("\(expectedText), got \(Self.describe(value))") }
            if let e = enumBools, !e.contains(b) { fail("must be one of \(enumText)") }
        case .number(let d):
            guard type == .number || type == .any || (type == .integer && CompiledParam.isInteger(d)) else {
                return fail("\(expectedText), got \(Self.describe(value))")
            }
            if type == .any { return }
            if d < min { fail("must be at least \(Self.number(min))") }
            if d > max { fail("must be at most \(Self.number(max))") }
            if let e = enumNumbers, !e.contains(d) { fail("must be one of \(enumText)") }
        case .string(let s):
            guard type == .string || type == .any else { return fail("\(expectedText), got \(Self.describe(value))") }
            if type == .any { return }
            if let e = enumStrings, !e.contains(where: { $0.sameScalars(as: s) }) { fail("must be one of \(enumText)") }
            if !lengthFits(s) {
                let n = s.unicodeScalars.count
                if n < minLength { fail("must have at least \(minLength) characters") }
                if n > maxLength { fail("must have at most \(maxLength) characters") }
            }
            if let pattern {
                switch pattern.evaluate(s) {
                case .match: break
                case .noMatch: fail("must match pattern \(pattern.source)")
                case .gaveUp(let why): fail("could not be checked against pattern \(pattern.source): the regex engine gave up (\(why))")
                }
            }
        case .array(let elements):
            guard type == .array || type == .any else { return fail("\(expectedText), got \(Self.describe(value))") }
            if type == .any { return }
            if elements.count < minItems { fail("must have at least \(minItems) items") }
            if elements.count > maxItems { fail("must have at most \(maxItems) items") }
            if let items {
                for (i, element) in elements.enumerated() where !items.accepts(element) {
                    items.collect(element, path: "\(path)[\(i)]", into: &out)
                }
            }
        case .object(let object):
            guard type == .object || type == .any else { return fail("\(expectedText), got \(Self.describe(value))") }
            if type == .any { return }
            for m in members {
                let childPath = path.isEmpty ? m.name : "\(path).\(m.name)"
                if let child = object[m.name] {
                    if !m.node.accepts(child) { m.node.collect(child, path: childPath, into: &out) }
                } else if m.required {
                    out.append(Violation(path: childPath, message: "is required"))
                }
            }
            if strict {
                for (key, _) in object.sortedMembers where !members.contains(where: { $0.name.sameScalars(as: key) }) {
                    out.append(Violation(path: path.isEmpty ? key : "\(path).\(key)", message: "is not allowed (strict object)"))
                }
            }
        }
    }

    /// How a received value is named in a message: `string "12"`, `number 1.5`, `boolean true`,
    /// `null`, `array`, `object`. Long strings are cut at 40 characters.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "boolean \(b)"
        case .number(let d): return "number \(number(d))"
        case .string(let s):
            let scalars = s.unicodeScalars
            if scalars.count > 40 {
                var cut = String.UnicodeScalarView()
                cut.append(contentsOf: scalars.prefix(40))
                return "string \(JSONValue.string(String(cut)).jsonString().dropLast())…\""
            }
            return "string \(JSONValue.string(s).jsonString())"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// A number as JSON writes it (`1`, not `1.0`).
    static func number(_ d: Double) -> String { JSONValue.number(d).jsonString() }
}
