import Foundation
import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// Helpers shared by the schema suites.
enum SchemaTestKit {
    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/protocol` in the package.
    static var exampleProtocol: String { packageRoot.appendingPathComponent("Examples/protocol").path }

    /// Loads the example protocol's schemas.
    static func exampleSchemas() throws -> SchemaSet {
        try SchemaSet.load(directory: exampleProtocol + "/schemas")
    }

    /// Parses JSON text written in a test table.
    static func json(_ text: String) -> JSONValue {
        do {
            return try JSONParser().parse(text)
        } catch {
            Issue.record("bad JSON in test table: \(text): \(error)")
            return .null
        }
    }

    /// The problems of a schema text, or `[]` if it loads.
    static func problems(_ xml: String, file: String = "t.xml") -> [String] {
        do {
            _ = try SchemaSet.parse(xml: xml, file: file)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schema-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// One row of a payload table: a call and the violations expected (`path: message`).
struct PayloadCase: Sendable, CustomTestStringConvertible {
    var method: String
    var params: String
    var expected: [String]

    init(_ method: String, _ params: String, _ expected: [String] = []) {
        self.method = method
        self.params = params
        self.expected = expected
    }

    var testDescription: String { "\(method) \(params)" }
}
