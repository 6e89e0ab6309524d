import FoundationEssentials

/// Finds the `<script>` elements of an HTML document in document order, as a browser's tokenizer
/// would: comments are skipped, tag and attribute names are case-insensitive, attribute values
/// may be double-quoted, single-quoted or unquoted, and an inline script ends at the first
/// `</script` followed by whitespace, `/` or `>` — even inside a JS string, as in browsers.
///
/// It also reads the document `<title>` and the `<html lang>` if present. It never fails: bad
/// markup yields fewer scripts, never a crash.
public struct HTMLScriptExtractor: Sendable {
    /// The scripts in document order.
    public private(set) var scripts: [HTMLScript] = []
    /// The text of the first `<title>`, if any.
    public private(set) var title: String?
    /// Elements of the markup that carry an `id` (tag name lower-cased, attributes), so
    /// `document.getElementById` finds static elements too.
    public private(set) var elementsWithID: [(tag: String, attributes: [String: String])] = []

    /// Extracts from a document.
    public init(html: String) {
        let bytes = Array(html.utf8)
        var i = 0
        var line = 1
        var inlineCount = 0
        let n = bytes.count

        func lower(_ c: UInt8) -> UInt8 { (c >= 65 && c <= 90) ? c + 32 : c }
        func startsWith(_ s: String, at p: Int, caseInsensitive: Bool = true) -> Bool {
            let u = Array(s.utf8)
            guard p + u.count <= n else { return false }
            for k in 0..<u.count {
                let c = caseInsensitive ? lower(bytes[p + k]) : bytes[p + k]
                if c != u[k] { return false }
            }
            return true
        }
        func advance(to target: Int) {
            let end = min(target, n)
            while i < end {
                if bytes[i] == 0x0A { line += 1 }
                i += 1
            }
        }
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }

        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                if bytes[i] == 0x0A { line += 1 }
                i += 1
                continue
            }
            if startsWith("<!--", at: i) {
                var j = i + 4
                while j < n && !(bytes[j] == UInt8(ascii: "-") && startsWith("-->", at: j)) { j += 1 }
                advance(to: j + 3)
                continue
            }
            let isScript = startsWith("<script", at: i) && (i + 7 >= n || isSpace(bytes[i + 7]) || bytes[i + 7] == UInt8(ascii: ">") || bytes[i + 7] == UInt8(ascii: "/"))
            let isTitle = title == nil && startsWith("<title", at: i) && (i + 6 < n && (isSpace(bytes[i + 6]) || bytes[i + 6] == UInt8(ascii: ">")))
            var tagNameEnd = i + 1
            while tagNameEnd < n, (bytes[tagNameEnd] >= 0x61 && bytes[tagNameEnd] <= 0x7A) || (bytes[tagNameEnd] >= 0x41 && bytes[tagNameEnd] <= 0x5A) || (bytes[tagNameEnd] >= 0x30 && bytes[tagNameEnd] <= 0x39 && tagNameEnd > i + 1) || bytes[tagNameEnd] == UInt8(ascii: "-") { tagNameEnd += 1 }
            let isOtherTag = !isScript && !isTitle && tagNameEnd > i + 1
            if !isScript && !isTitle && !isOtherTag {
                i += 1
                continue
            }
            let tagLine = line
            let tagName = String(decoding: bytes[(i + 1)..<tagNameEnd].map(lower), as: UTF8.self)
            // Attributes.
            var attrs: [String: String?] = [:]
            var j = isScript ? i + 7 : isTitle ? i + 6 : tagNameEnd
            while j < n {
                while j < n && isSpace(bytes[j]) {
                    if bytes[j] == 0x0A { line += 1 }
                    j += 1
                }
                guard j < n else { break }
                if bytes[j] == UInt8(ascii: ">") {
                    j += 1
                    break
                }
                if bytes[j] == UInt8(ascii: "/") {
                    j += 1
                    continue
                }
                let nameStart = j
                while j < n && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: "=") && bytes[j] != UInt8(ascii: ">") && !(bytes[j] == UInt8(ascii: "/") && j + 1 < n && bytes[j + 1] == UInt8(ascii: ">")) { j += 1 }
                let name = String(decoding: bytes[nameStart..<j].map(lower), as: UTF8.self)
                while j < n && isSpace(bytes[j]) {
                    if bytes[j] == 0x0A { line += 1 }
                    j += 1
                }
                var value: String?
                if j < n && bytes[j] == UInt8(ascii: "=") {
                    j += 1
                    while j < n && isSpace(bytes[j]) {
                        if bytes[j] == 0x0A { line += 1 }
                        j += 1
                    }
                    if j < n && (bytes[j] == 0x22 || bytes[j] == 0x27) {
                        let quote = bytes[j]
                        let vs = j + 1
                        j += 1
                        while j < n && bytes[j] != quote {
                            if bytes[j] == 0x0A { line += 1 }
                            j += 1
                        }
                        value = String(decoding: bytes[vs..<min(j, n)], as: UTF8.self)
                        if j < n { j += 1 }
                    } else {
                        let vs = j
                        while j < n && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: ">") { j += 1 }
                        value = String(decoding: bytes[vs..<j], as: UTF8.self)
                    }
                }
                if !name.isEmpty, attrs[name] == nil { attrs[name] = .some(value.map(Self.decodeEntities)) }
            }
            i = j
            if isOtherTag {
                if case .some(.some(let id)) = attrs["id"], !id.isEmpty {
                    var plain: [String: String] = [:]
                    for (k, v) in attrs { plain[k] = v ?? "" }
                    elementsWithID.append((tag: tagName, attributes: plain))
                }
                continue
            }
            // Content up to the end tag.
            let endTag = isScript ? "</script" : "</title"
            var k = i
            while k < n {
                if bytes[k] == UInt8(ascii: "<") && startsWith(endTag, at: k) {
                    let after = k + endTag.utf8.count
                    if after >= n || isSpace(bytes[after]) || bytes[after] == UInt8(ascii: ">") || bytes[after] == UInt8(ascii: "/") { break }
                }
                k += 1
            }
            let contentLine = line
            let content = String(decoding: bytes[i..<min(k, n)], as: UTF8.self)
            advance(to: k)
            // Skip the end tag.
            while i < n && bytes[i] != UInt8(ascii: ">") { i += 1 }
            if i < n { i += 1 }
            if isTitle {
                title = Self.decodeEntities(content).trimmingWhitespace()
                continue
            }
            let src = attrs["src"].flatMap { $0 }
            let type = attrs["type"].flatMap { $0 }.map { $0.lowercased().trimmingWhitespace() }
            var inlineIndex = 0
            if src == nil {
                inlineCount += 1
                inlineIndex = inlineCount
            }
            scripts.append(HTMLScript(
                src: src, text: src == nil ? content : "", type: type,
                isAsync: attrs["async"] != nil, isDeferred: attrs["defer"] != nil,
                line: src == nil ? contentLine : tagLine, inlineIndex: inlineIndex))
        }
    }

    /// Decodes the character references that appear in attribute values and titles.
    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[amp...]
            if let semi = after.firstIndex(of: ";"), after.distance(from: after.startIndex, to: semi) <= 10 {
                let name = after[after.index(after: after.startIndex)..<semi]
                var replacement: String?
                switch name {
                case "amp": replacement = "&"
                case "lt": replacement = "<"
                case "gt": replacement = ">"
                case "quot": replacement = "\""
                case "apos", "#39": replacement = "'"
                case "nbsp": replacement = "\u{00A0}"
                default:
                    if name.hasPrefix("#x") || name.hasPrefix("#X"), let v = UInt32(name.dropFirst(2), radix: 16), let sc = Unicode.Scalar(v) {
                        replacement = String(Character(sc))
                    } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let sc = Unicode.Scalar(v) {
                        replacement = String(Character(sc))
                    }
                }
                if let replacement {
                    out += replacement
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after.dropFirst()
        }
        out += rest
        return out
    }
}
