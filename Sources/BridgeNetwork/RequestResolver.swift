import BridgeSupport
import FoundationEssentials
import BridgeValues

/// One request as the page sent it (URL absolute).
struct NetworkRequest {
    var method: String
    var url: String
    var headers: [HTTPHeader]
    var body: [UInt8]?
}

/// What answers a request: a response or a failure, after a delay, with where it came from.
struct NetworkAnswer {
    enum Outcome {
        case response(status: Int, statusText: String, headers: [HTTPHeader], body: [UInt8])
        /// `cause` is `unserved` (nothing serves the URL), `fixture` (a fixture's `error`),
        /// `refused` (capabilities) or `invalid` (a bad `data:` URL, a redirect loop).
        case failure(message: String, cause: String)
    }

    var outcome: Outcome
    /// The URL that answered (after redirects).
    var url: String
    var redirected: Bool
    var delay: Duration
    /// `data`, `offline`, `mock`, or `none` for failures nothing served.
    var source: String
    /// Extra trace fields: the fixture line, the offline file, redirects.
    var trace: JSONObject
}

/// Serves requests in the documented order: `data:` URLs, the offline package, the fixtures,
/// else a failure naming the URL. Keeps how often each fixture rule answered (for sequences),
/// for one engine.
struct RequestResolver {
    let configuration: NetworkConfiguration
    private var served: [Int: Int] = [:]

    init(configuration: NetworkConfiguration) {
        self.configuration = configuration
    }

    /// The answer to `request`, following redirects when `followRedirects`.
    mutating func answer(_ request: NetworkRequest, followRedirects: Bool = true) -> NetworkAnswer {
        var current = request
        var total = Duration.zero
        var hops: [JSONValue] = []
        while true {
            var answer = answerOne(current)
            total += answer.delay
            answer.delay = total
            guard followRedirects, case .response(let status, _, let headers, _) = answer.outcome, [301, 302, 303, 307, 308].contains(status),
                let location = HTTPHeader.value(of: "location", in: headers)
            else {
                if !hops.isEmpty {
                    answer.redirected = true
                    answer.trace["redirects"] = .array(hops)
                }
                // No body for a HEAD request or a null-body status, whatever the fixture gave
                // (the Fetch standard; a server sends none).
                if case .response(let status, let statusText, let headers, let body) = answer.outcome, !body.isEmpty,
                    current.method == "HEAD" || [101, 103, 204, 205, 304].contains(status)
                {
                    answer.outcome = .response(status: status, statusText: statusText, headers: headers, body: [])
                }
                return answer
            }
            func failure(_ why: String) -> NetworkAnswer {
                NetworkAnswer(outcome: .failure(message: why, cause: "invalid"), url: current.url, redirected: true, delay: total, source: answer.source, trace: ["redirects": .array(hops)])
            }
            guard hops.count < configuration.maxRedirects else { return failure("more than \(configuration.maxRedirects) redirects") }
            guard let next = URLResolution.resolve(location, against: current.url) else { return failure("redirect to an invalid URL \(location)") }
            // Browsers follow a redirect only to http(s): not to data:, blob:, javascript:, …
            // (A local page's fixtures answer file: URLs, and redirect among them.)
            let nextScheme = next.prefix(while: { $0 != ":" }).lowercased()
            let scheme = current.url.prefix(while: { $0 != ":" }).lowercased()
            guard nextScheme == "http" || nextScheme == "https" || nextScheme == "file" && scheme == "file" else {
                return failure("redirect to \(next), which is not an http(s) URL")
            }
            hops.append(.string(next))
            // 303 (and 301/302 after a POST) turn into a GET without a body, as browsers do.
            if status == 303 && current.method != "HEAD" || (status == 301 || status == 302) && current.method == "POST" {
                current.method = "GET"
                current.body = nil
            }
            current.url = next
        }
    }

    private mutating func answerOne(_ request: NetworkRequest) -> NetworkAnswer {
        let url = request.url
        let scheme = url.prefix(while: { $0 != ":" }).lowercased()
        func fail(_ message: String, _ cause: String, source: String = "none", trace: JSONObject = [:]) -> NetworkAnswer {
            NetworkAnswer(outcome: .failure(message: message, cause: cause), url: url, redirected: false, delay: .zero, source: source, trace: trace)
        }
        if scheme == "data" {
            guard let data = DataURL(url) else { return fail("not a valid data: URL", "invalid", source: "data") }
            return NetworkAnswer(
                outcome: .response(status: 200, statusText: "OK", headers: [HTTPHeader("Content-Type", data.mediaType)], body: data.body),
                url: url, redirected: false, delay: .zero, source: "data", trace: [:])
        }
        if scheme != "blob", let check = configuration.requestCheck, let reason = check(url) {
            return fail(reason, "refused")
        }
        var offlineReason: String?
        if scheme == "http" || scheme == "https", let offline = configuration.offline {
            switch offline(url) {
            case .file(let path, let body):
                return NetworkAnswer(
                    outcome: .response(status: 200, statusText: "OK", headers: [HTTPHeader("Content-Type", Self.mediaType(ofPath: path))], body: body),
                    url: url, redirected: false, delay: .zero, source: "offline", trace: ["file": .string(path)])
            case .unavailable(let reason):
                offlineReason = reason
            }
        }
        let fixture = configuration.fixture
        if let index = fixture.ruleIndex(method: request.method, url: url) {
            let rule = fixture.rules[index]
            let n = served[index, default: 0]
            served[index] = n + 1
            let answer = rule.answers[min(n, rule.answers.count - 1)]
            var trace: JSONObject = [:]
            if let origin = answer.origin ?? rule.origin { trace["fixture"] = .string(origin) }
            if rule.answers.count > 1 { trace["sequence"] = .number(Double(min(n, rule.answers.count - 1) + 1)) }
            switch answer.outcome {
            case let .response(status, statusText, headers, body):
                return NetworkAnswer(outcome: .response(status: status, statusText: statusText, headers: headers, body: body), url: url, redirected: false, delay: answer.delay, source: "mock", trace: trace)
            case let .failure(reason):
                var failed = fail(reason, "fixture", source: "mock", trace: trace)
                failed.delay = answer.delay
                return failed
            }
        }
        if scheme == "blob" { return fail("no Blob for this URL (revoked, or made in another page)", "invalid") }
        var reason = "no --http-mock fixture or offline file serves it (there is no network)"
        if let offlineReason, !offlineReason.hasPrefix("no offline package covers") { reason += "; the offline package did not: \(offlineReason)" }
        return fail(reason, "unserved")
    }

    static func mediaType(ofPath path: String) -> String {
        let ext = path.split(separator: "/").last?.split(separator: ".").dropFirst().last.map { $0.lowercased() } ?? ""
        switch ext {
        case "json": return "application/json"
        case "txt": return "text/plain"
        case "html", "htm": return "text/html"
        case "js", "mjs": return "text/javascript"
        case "css": return "text/css"
        case "xml": return "application/xml"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}
