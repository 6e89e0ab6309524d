import BridgeSupport
import FoundationEssentials
public import BridgeValues

extension HTTPMockFixture {
    /// Reads an `--http-mock` file: a JSON list of rules, or an object whose `"$http"` member is
    /// that list (the same file can then be a `--mock` file too).
    ///
    /// - Throws: `Problem` naming the file, the line and what is wrong.
    public init(contentsOf path: String) throws(Problem) {
        let (json, loader) = try Self.read(path)
        if let list = json.arrayValue {
            self = try loader.fixture(list, at: [])
        } else if let list = json["$http"] {
            guard let items = list.arrayValue else { throw loader.problem("\"$http\" must be a list of rules [{\"url\", \"method\"?, \"status\"?, \"json\"|\"text\"|…}]", at: [.key("$http")]) }
            self = try loader.fixture(items, at: [.key("$http")])
        } else {
            throw loader.problem("an HTTP fixture file is a list of rules [{\"url\", \"method\"?, \"status\"?, \"json\"|\"text\"|…}] or an object with such a list under \"$http\"", at: [])
        }
    }

    /// The `"$http"` list of a `--mock` file, or `nil` when the file has none.
    ///
    /// - Throws: `Problem` for an unreadable file or a bad list.
    public static func embedded(inMockFile path: String) throws(Problem) -> HTTPMockFixture? {
        let (json, loader) = try read(path)
        guard let list = json["$http"] else { return nil }
        guard let items = list.arrayValue else { throw loader.problem("\"$http\" must be a list of rules", at: [.key("$http")]) }
        return try loader.fixture(items, at: [.key("$http")])
    }

    /// Builds a fixture from the JSON form of the rule list (no file: problems name no line;
    /// `file` bodies resolve against the working directory).
    ///
    /// - Throws: `Problem` naming the rule and what is wrong.
    public init(json: JSONValue) throws(Problem) {
        let loader = Loader(file: nil, locator: nil, directory: ".")
        guard let list = json.arrayValue ?? json["$http"]?.arrayValue else { throw loader.problem("an HTTP fixture is a list of rules", at: []) }
        self = try loader.fixture(list, at: [])
    }

    private static func read(_ path: String) throws(Problem) -> (JSONValue, Loader) {
        guard let bytes = FileContents.read(path) else { throw Problem(file: path, line: nil, message: "cannot read the HTTP fixture file: \(FileContents.problem(path))") }
        let json: JSONValue
        do {
            json = try JSONParser().parse(bytes: bytes)
        } catch {
            let line = 1 + bytes.prefix(error.offset).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw Problem(file: path, line: line, message: "invalid JSON: \(error.description)")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return (json, Loader(file: path, locator: JSONLocator(bytes: bytes), directory: directory))
    }
}

/// Turns the JSON of a fixture file into rules, naming the line of anything wrong.
private struct Loader {
    let file: String?
    let locator: JSONLocator?
    let directory: String

    func problem(_ message: String, at path: [JSONLocator.Step]) -> HTTPMockFixture.Problem {
        HTTPMockFixture.Problem(file: file, line: locator?.line(of: path), message: message)
    }

    func origin(_ path: [JSONLocator.Step]) -> String? {
        guard let file else { return nil }
        return locator.map { "\(file):\($0.line(of: path))" } ?? file
    }

    func fixture(_ list: [JSONValue], at base: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) -> HTTPMockFixture {
        var fixture = HTTPMockFixture()
        for (i, entry) in list.enumerated() {
            let path = base + [.index(i)]
            guard let o = entry.objectValue else { throw problem("rule \(i + 1) must be an object {\"url\", \"method\"?, \"status\"?, \"json\"|\"text\"|…}", at: path) }
            if o["websocket"] != nil {
                fixture.webSockets.append(try webSocket(o, at: path))
            } else {
                fixture.rules.append(try rule(o, at: path))
            }
        }
        return fixture
    }

    /// `true` when `text` holds a CR, LF or NUL.
    static func breaksALine(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }

    static let answerKeys: Set<String> = ["status", "statusText", "headers", "json", "text", "base64", "file", "body", "delayMs", "error"]
    static let bodyKeys = ["json", "text", "base64", "file", "body"]

    func rule(_ o: JSONObject, at path: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) -> HTTPMockFixture.Rule {
        let known: Set<String> = Self.answerKeys.union(["url", "method", "sequence", "comment"])
        try checkKeys(o, known: known, what: "an HTTP rule", expected: "url, method, status, statusText, headers, json, text, base64, file, body, delayMs, error, sequence, comment", at: path)
        guard let pattern = o["url"]?.stringValue, !pattern.isEmpty else { throw problem("a rule needs \"url\": a URL pattern such as \"https://api.example.com/users/*\" or \"/api/users/*\"", at: path) }
        var methods: [String] = []
        if let m = o["method"] {
            if let s = m.stringValue {
                methods = s == "*" ? [] : [s]
            } else if let list = m.arrayValue, list.allSatisfy({ $0.stringValue != nil }) {
                methods = list.compactMap(\.stringValue)
            } else {
                throw problem("\"method\" must be a string (\"GET\") or a list of strings", at: path + [.key("method")])
            }
        }
        var answers: [HTTPMockAnswer] = []
        if let seq = o["sequence"] {
            if let extra = Self.answerKeys.first(where: { o[$0] != nil }) {
                throw problem("a rule with \"sequence\" puts \"\(extra)\" in each answer of the sequence, not beside it", at: path + [.key(extra)])
            }
            guard let list = seq.arrayValue, !list.isEmpty else { throw problem("\"sequence\" must be a non-empty list of answers", at: path + [.key("sequence")]) }
            for (k, item) in list.enumerated() {
                let itemPath = path + [.key("sequence"), .index(k)]
                guard let a = item.objectValue else { throw problem("answer \(k + 1) of the sequence must be an object {\"status\"?, \"json\"|\"text\"|…}", at: itemPath) }
                try checkKeys(a, known: Self.answerKeys, what: "an answer", expected: Self.answerKeys.sorted().joined(separator: ", "), at: itemPath)
                answers.append(try answer(a, at: itemPath))
            }
        } else {
            answers.append(try answer(o, at: path))
        }
        return HTTPMockFixture.Rule(methods: methods, url: HTTPURLPattern(pattern), answers: answers, origin: origin(path))
    }

    func checkKeys(_ o: JSONObject, known: Set<String>, what: String, expected: String, at path: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) {
        if let bad = o.keys.sorted().first(where: { !known.contains($0) }) {
            throw problem("unknown key \"\(bad)\" in \(what) (expected \(expected))", at: path + [.key(bad)])
        }
    }

    func delay(_ o: JSONObject, at path: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) -> Duration {
        guard let d = o["delayMs"] else { return .zero }
        guard let n = d.numberValue, n >= 0, n.isFinite, n <= 86_400_000 else { throw problem("\"delayMs\" must be a number of milliseconds from 0 to 86400000", at: path + [.key("delayMs")]) }
        return .milliseconds(exactly: n)
    }

    func answer(_ o: JSONObject, at path: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) -> HTTPMockAnswer {
        let wait = try delay(o, at: path)
        if let e = o["error"] {
            guard let reason = e.stringValue, !reason.isEmpty else { throw problem("\"error\" must be a non-empty string: the network failure the page sees (\"connection refused\")", at: path + [.key("error")]) }
            if let extra = ["status", "statusText", "headers"].first(where: { o[$0] != nil }) ?? Self.bodyKeys.first(where: { o[$0] != nil }) {
                throw problem("an answer with \"error\" is a network failure and has no \"\(extra)\"", at: path + [.key(extra)])
            }
            return HTTPMockAnswer(outcome: .failure(reason), delay: wait, origin: origin(path))
        }
        var status = 200
        if let s = o["status"] {
            guard let n = s.intValue, (200...599).contains(n) else { throw problem("\"status\" must be an integer from 200 to 599", at: path + [.key("status")]) }
            status = n
        }
        var statusText = HTTPStatusText.text(for: status)
        if let t = o["statusText"] {
            guard let s = t.stringValue else { throw problem("\"statusText\" must be a string", at: path + [.key("statusText")]) }
            guard !Self.breaksALine(s) else { throw problem("\"statusText\" must not contain CR, LF or NUL (a status line cannot hold them)", at: path + [.key("statusText")]) }
            statusText = s
        }
        var headers: [HTTPHeader] = []
        if let h = o["headers"] {
            guard let members = h.objectValue else { throw problem("\"headers\" must be an object {\"Name\": \"value\"}", at: path + [.key("headers")]) }
            for (name, value) in members.sortedMembers {
                guard let v = value.stringValue ?? value.numberValue.map({ JSONValue.number($0).jsonString() }) else {
                    throw problem("header \"\(name)\" must have a string value", at: path + [.key("headers"), .key(name)])
                }
                guard HTTPToken.isToken(name) else { throw problem("\"\(name)\" is not a valid header name", at: path + [.key("headers"), .key(name)]) }
                // A CR LF in a value would add a header line of its own (`getAllResponseHeaders`
                // would show a `Set-Cookie` XHR hides); no HTTP response can carry one.
                guard !Self.breaksALine(v) else {
                    throw problem("header \"\(name)\" must not contain CR, LF or NUL in its value", at: path + [.key("headers"), .key(name)])
                }
                headers.append(HTTPHeader(name, v))
            }
        }
        let given = Self.bodyKeys.filter { o[$0] != nil }
        if given.count > 1 { throw problem("an answer has one body: \"\(given[0])\" or \"\(given[1])\", not both", at: path + [.key(given[1])]) }
        var body: [UInt8] = []
        var type: String?
        if let key = given.first, let value = o[key] {
            let at = path + [.key(key)]
            switch key {
            case "json":
                // As written in the file: a server sends its members in its own order.
                body = locator?.text(of: at).map(Array.init) ?? value.jsonBytes
                type = "application/json"
            case "text":
                guard let s = value.stringValue else { throw problem("\"text\" must be a string (use \"json\" for other values)", at: at) }
                body = Array(s.utf8)
                type = "text/plain;charset=UTF-8"
            case "base64":
                guard let s = value.stringValue, let bytes = Base64.decode(s) else { throw problem("\"base64\" must be a base64 string", at: at) }
                body = bytes
                type = "application/octet-stream"
            case "file":
                guard let s = value.stringValue, !s.isEmpty else { throw problem("\"file\" must be a path (relative to the fixture file)", at: at) }
                let full = s.hasPrefix("/") ? s : URL(fileURLWithPath: s, relativeTo: URL(fileURLWithPath: directory + "/")).path
                guard let data = FileManager.default.contents(atPath: full) else { throw problem("cannot read the body file \(full)", at: at) }
                body = Array(data)
                type = RequestResolver.mediaType(ofPath: full)
            default:
                if let s = value.stringValue {
                    body = Array(s.utf8)
                    type = "text/plain;charset=UTF-8"
                } else {
                    body = locator?.text(of: at).map(Array.init) ?? value.jsonBytes
                    type = "application/json"
                }
            }
        }
        if let type, !HTTPHeader.has("content-type", in: headers) { headers.insert(HTTPHeader("Content-Type", type), at: 0) }
        return HTTPMockAnswer(outcome: .response(status: status, statusText: statusText, headers: headers, body: body), delay: wait, origin: origin(path))
    }

    func webSocket(_ o: JSONObject, at path: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) -> WebSocketFixture {
        try checkKeys(o, known: ["websocket", "delayMs", "protocol", "messages", "replies", "close", "error", "comment"], what: "a WebSocket fixture",
            expected: "websocket, delayMs, protocol, messages, replies, close, error, comment", at: path)
        guard let pattern = o["websocket"]?.stringValue, !pattern.isEmpty else { throw problem("\"websocket\" must be a URL pattern (\"wss://chat.example.com/*\")", at: path + [.key("websocket")]) }
        var ws = WebSocketFixture(url: HTTPURLPattern(pattern), openDelay: try delay(o, at: path), origin: origin(path))
        if let p = o["protocol"] {
            guard let s = p.stringValue else { throw problem("\"protocol\" must be a string", at: path + [.key("protocol")]) }
            ws.protocol = s
        }
        if let e = o["error"] {
            guard let s = e.stringValue, !s.isEmpty else { throw problem("\"error\" must be a non-empty string", at: path + [.key("error")]) }
            ws.failure = s
        }
        ws.messages = try messages(o["messages"], at: path + [.key("messages")])
        if let r = o["replies"] {
            guard let list = r.arrayValue else { throw problem("\"replies\" must be a list of {\"match\", \"text\"|\"json\"|\"base64\"|\"echo\"|\"close\"}", at: path + [.key("replies")]) }
            for (i, item) in list.enumerated() {
                let at = path + [.key("replies"), .index(i)]
                guard let ro = item.objectValue else { throw problem("reply \(i + 1) must be an object", at: at) }
                try checkKeys(ro, known: ["match", "text", "json", "base64", "messages", "echo", "close", "delayMs"], what: "a reply",
                    expected: "match, text, json, base64, messages, echo, close, delayMs", at: at)
                var reply = WebSocketFixture.Reply(match: ro["match"]?.stringValue ?? "*")
                if ro["match"] != nil && ro["match"]?.stringValue == nil { throw problem("\"match\" must be a string (\"*\" matches anything)", at: at + [.key("match")]) }
                reply.echo = ro["echo"]?.boolValue ?? false
                if ro["text"] != nil || ro["json"] != nil || ro["base64"] != nil { reply.messages.append(try message(ro, at: at)) }
                reply.messages += try messages(ro["messages"], at: at + [.key("messages")])
                if let c = ro["close"] { reply.close = try close(c, at: at + [.key("close")]) }
                ws.replies.append(reply)
            }
        }
        if let c = o["close"] { ws.close = try close(c, at: path + [.key("close")]) }
        return ws
    }

    func messages(_ value: JSONValue?, at path: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) -> [WebSocketFixture.Message] {
        guard let value else { return [] }
        guard let list = value.arrayValue else { throw problem("\"messages\" must be a list of {\"text\"|\"json\"|\"base64\", \"delayMs\"?}", at: path) }
        var out: [WebSocketFixture.Message] = []
        for (i, item) in list.enumerated() {
            guard let o = item.objectValue else { throw problem("message \(i + 1) must be an object {\"text\"|\"json\"|\"base64\", \"delayMs\"?}", at: path + [.index(i)]) }
            try checkKeys(o, known: ["text", "json", "base64", "delayMs"], what: "a message", expected: "text, json, base64, delayMs", at: path + [.index(i)])
            out.append(try message(o, at: path + [.index(i)]))
        }
        return out
    }

    func message(_ o: JSONObject, at path: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) -> WebSocketFixture.Message {
        let wait = try delay(o, at: path)
        if let t = o["text"] {
            guard let s = t.stringValue else { throw problem("\"text\" must be a string", at: path + [.key("text")]) }
            return .init(.text(s), delay: wait)
        }
        if let j = o["json"] {
            let text = locator?.text(of: path + [.key("json")]).map { String(decoding: $0, as: UTF8.self) } ?? j.jsonString()
            return .init(.text(text), delay: wait)
        }
        if let b = o["base64"] {
            guard let s = b.stringValue, let bytes = Base64.decode(s) else { throw problem("\"base64\" must be a base64 string", at: path + [.key("base64")]) }
            return .init(.binary(bytes), delay: wait)
        }
        throw problem("a message needs \"text\", \"json\" or \"base64\"", at: path)
    }

    func close(_ value: JSONValue, at path: [JSONLocator.Step]) throws(HTTPMockFixture.Problem) -> WebSocketFixture.Close {
        if value == .bool(true) { return .init() }
        guard let o = value.objectValue else { throw problem("\"close\" must be true or {\"code\"?, \"reason\"?, \"delayMs\"?}", at: path) }
        try checkKeys(o, known: ["code", "reason", "delayMs"], what: "a close", expected: "code, reason, delayMs", at: path)
        var close = WebSocketFixture.Close(delay: try delay(o, at: path))
        if let c = o["code"] {
            guard let n = c.intValue, n == 1000 || (3000...4999).contains(n) || (1001...1014).contains(n) else { throw problem("\"code\" must be 1000, 1001–1014 or 3000–4999", at: path + [.key("code")]) }
            close.code = n
        }
        if let r = o["reason"] {
            guard let s = r.stringValue else { throw problem("\"reason\" must be a string", at: path + [.key("reason")]) }
            close.reason = s
        }
        return close
    }
}

extension HTTPMockFixture {
    /// The fixtures of a run: the `--http-mock` file's rules, then the `"$http"` list of the
    /// `--mock` file (either may be absent).
    ///
    /// - Throws: `Problem` naming the file and line.
    public static func load(httpMock: String?, mock: String?) throws(Problem) -> HTTPMockFixture {
        var fixture = HTTPMockFixture()
        if let httpMock { fixture = try HTTPMockFixture(contentsOf: httpMock) }
        if let mock, mock != httpMock, let embedded = try embedded(inMockFile: mock) { fixture = fixture.appending(embedded) }
        return fixture
    }
}

extension JSONValue {
    /// The value's JSON text (keys sorted).
    var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        appendJSON(to: &bytes)
        return bytes
    }
}
