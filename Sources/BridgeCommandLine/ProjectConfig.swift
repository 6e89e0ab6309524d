import FoundationEssentials
public import BridgeTestRunner
public import BridgeRunner
import BridgeValues
import BridgeSupport

/// A project's defaults for `bridge-run`, in `bridge.config.json`: found in the working
/// directory or the nearest folder above it (as Jest finds `jest.config`), or named with
/// `--config FILE`. Options on the command line win over it; paths in it are relative to its
/// folder.
///
/// ```json
/// {
///   "schemas": "protocol/schemas",
///   "mock": "tests/fixtures/mock.json",
///   "httpMock": "tests/fixtures/http.json",
///   "capabilities": "capabilities.json",
///   "test": {
///     "testMatch": ["tests/**/*.test.js"],
///     "timeout": 5000,
///     "workers": 2,
///     "reporters": ["spec", "junit=reports/junit.xml"],
///     "bail": 1,
///     "virtualTime": false,
///     "memoryLimit": 2048,
///     "coverage": true,
///     "coverageJson": "reports/coverage.json",
///     "coverageMin": 80
///   }
/// }
/// ```
///
/// `schemas`, `mock` and `capabilities` apply to `run` and `test`; `httpMock` is read and kept
/// (`httpMockPath`) for the HTTP mocking of pages; the `test` section holds `bridge-run test`'s
/// options. A key the file does not know, or a value of the wrong type, is an error naming the
/// file and the JSON path (`bridge.config.json: $.test.workers: expected a positive integer`).
public struct ProjectConfig: Sendable, Equatable {
    /// The file name searched for.
    public static let fileName = "bridge.config.json"

    /// The config file.
    public var path: String
    /// Its folder (what relative paths in it are relative to).
    public var directory: String
    public var schemasDir: String?
    public var mockPath: String?
    /// `httpMock`: the HTTP mock file for pages (passed on; `--http-mock` on the command line wins).
    public var httpMockPath: String?
    public var capabilitiesPath: String?
    /// The `test` section.
    public var testMatch: [String]?
    public var timeout: Duration?
    public var workers: Int?
    public var reporters: [TestOptions.Reporter]?
    public var bail: Int?
    public var virtualTime: Bool?
    public var memoryLimit: Int?
    /// `coverage`, `coverageJson`, `coverageMin`: the action coverage options.
    public var coverage: Bool?
    public var coverageJSONPath: String?
    public var coverageMin: Double?

    /// A config file that cannot be used: one line naming the file and the JSON path.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The nearest `bridge.config.json` in `directory` or a folder above it.
    public static func find(from directory: String) -> String? {
        var dir = absolute(directory)
        while true {
            let candidate = dir == "/" ? "/" + fileName : dir + "/" + fileName
            if FileContents.isFile(candidate) { return candidate }
            guard dir != "/", let slash = dir.lastIndex(of: "/") else { return nil }
            dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
        }
    }

    /// Reads and checks the config file at `path`.
    ///
    /// - Throws: `Problem` for an unreadable file, invalid JSON (with line and column), an
    ///   unknown key or a value of the wrong type (with its JSON path).
    public init(contentsOf path: String) throws(Problem) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        guard let bytes = FileContents.read(path) else {
            throw Problem(message: "\(path): cannot read the config file")
        }
        let root: JSONValue
        do throws(JSONParser.Failure) {
            root = try JSONParser().parse(bytes: bytes)
        } catch {
            let (line, column) = Self.lineAndColumn(of: error.offset, in: bytes)
            throw Problem(message: "\(path):\(line):\(column): invalid JSON: \(error.description)")
        }
        func fail(_ at: String, _ reason: String) -> Problem { Problem(message: "\(path): \(at): \(reason)") }
        guard case .object(let top) = root else { throw fail("$", "expected an object, got \(root.typeName)") }
        let topKeys = ["schemas", "mock", "httpMock", "capabilities", "test"]
        if let unknown = top.keys.sorted().first(where: { !topKeys.contains($0) }) {
            throw fail("$.\(unknown)", "unknown key (expected \(topKeys.joined(separator: ", ")))")
        }
        func pathValue(_ value: JSONValue?, _ at: String) throws(Problem) -> String? {
            guard let value else { return nil }
            guard case .string(let s) = value, !s.isEmpty else { throw fail(at, "expected a path (a non-empty string), got \(value.typeName)") }
            return Self.resolve(s, in: directory)
        }
        schemasDir = try pathValue(top["schemas"], "$.schemas")
        mockPath = try pathValue(top["mock"], "$.mock")
        httpMockPath = try pathValue(top["httpMock"], "$.httpMock")
        capabilitiesPath = try pathValue(top["capabilities"], "$.capabilities")
        guard let testValue = top["test"] else { return }
        guard case .object(let test) = testValue else { throw fail("$.test", "expected an object, got \(testValue.typeName)") }
        let testKeys = ["testMatch", "timeout", "workers", "reporters", "bail", "virtualTime", "memoryLimit", "coverage", "coverageJson", "coverageMin"]
        if let unknown = test.keys.sorted().first(where: { !testKeys.contains($0) }) {
            throw fail("$.test.\(unknown)", "unknown key (expected \(testKeys.joined(separator: ", ")))")
        }
        func positiveInt(_ key: String, max: Int = 1 << 30) throws(Problem) -> Int? {
            guard let v = test[key] else { return nil }
            guard let n = v.intValue, n > 0, n <= max else { throw fail("$.test.\(key)", "expected a positive integer, got \(v.jsonString())") }
            return n
        }
        func strings(_ key: String) throws(Problem) -> [String]? {
            guard let v = test[key] else { return nil }
            guard case .array(let items) = v, !items.isEmpty else { throw fail("$.test.\(key)", "expected a non-empty array of strings") }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item, !s.isEmpty else { throw fail("$.test.\(key)[\(i)]", "expected a non-empty string, got \(item.typeName)") }
                out.append(s)
            }
            return out
        }
        testMatch = try strings("testMatch")
        if let v = test["timeout"] {
            guard let ms = v.numberValue, ms >= 1, ms.isFinite else { throw fail("$.test.timeout", "expected milliseconds (a number >= 1), got \(v.jsonString())") }
            timeout = .milliseconds(exactly: ms)
        }
        workers = try positiveInt("workers", max: 256)
        memoryLimit = try positiveInt("memoryLimit")
        if let names = try strings("reporters") {
            var list: [TestOptions.Reporter] = []
            for (i, name) in names.enumerated() {
                guard var reporter = TestOptions.Reporter(parsing: name) else {
                    throw fail("$.test.reporters[\(i)]", "unknown reporter \(JSONValue.string(name).jsonString()) (expected spec, dot, tap, json or junit, optionally =FILE)")
                }
                reporter.path = reporter.path.map { Self.resolve($0, in: directory) }
                list.append(reporter)
            }
            reporters = list
        }
        if let v = test["bail"] {
            switch v {
            case .bool(let b): bail = b ? 1 : nil
            default:
                guard let n = v.intValue, n > 0 else { throw fail("$.test.bail", "expected true, false or a positive integer, got \(v.jsonString())") }
                bail = n
            }
        }
        if let v = test["virtualTime"] {
            guard case .bool(let b) = v else { throw fail("$.test.virtualTime", "expected true or false, got \(v.jsonString())") }
            virtualTime = b
        }
        if let v = test["coverage"] {
            guard case .bool(let b) = v else { throw fail("$.test.coverage", "expected true or false, got \(v.jsonString())") }
            coverage = b
        }
        coverageJSONPath = try pathValue(test["coverageJson"], "$.test.coverageJson")
        if let v = test["coverageMin"] {
            guard let n = v.numberValue, n >= 0, n <= 100 else { throw fail("$.test.coverageMin", "expected a percentage (a number from 0 to 100), got \(v.jsonString())") }
            coverageMin = n
        }
    }

    /// `relative` inside `directory` (an absolute path is taken as it is; a config in the
    /// working directory gives paths as written).
    static func resolve(_ relative: String, in directory: String) -> String {
        if relative.hasPrefix("/") || directory == "." { return relative }
        if absolute(directory) == absolute(".") { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// `path` as an absolute path without `.`/`..` components.
    static func absolute(_ path: String) -> String {
        PathText.absolute(path)
    }

    /// 1-based line and column of byte `offset`.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for b in bytes.prefix(offset) {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// Test options with this config's defaults (paths: the config's folder when it has
    /// `testMatch`).
    public func testDefaults() -> TestOptions {
        var o = TestOptions(paths: [])
        o.schemasDir = schemasDir
        o.mockPath = mockPath
        o.httpMockPath = httpMockPath
        o.capabilitiesPath = capabilitiesPath
        if let timeout { o.perTestTimeout = timeout }
        if let workers { o.workers = workers }
        if let reporters { o.reporters = reporters }
        o.bail = bail
        if let virtualTime { o.virtualTime = virtualTime }
        o.memoryLimit = memoryLimit
        if let coverage { o.coverage = coverage }
        o.coverageJSONPath = coverageJSONPath
        o.coverageMin = coverageMin
        if let testMatch {
            o.testMatch = testMatch
            o.rootDirectory = directory
        }
        return o
    }

    /// Run options with this config's defaults.
    public func runDefaults() -> RunOptions {
        var o = RunOptions(file: "")
        o.schemasDir = schemasDir
        o.mockPath = mockPath
        o.httpMockPath = httpMockPath
        o.capabilitiesPath = capabilitiesPath
        return o
    }
}
