import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// Objects are checked two ways by the yes/no pass — small ones by walking the payload's
/// entries, large ones (over 16 members or keys) by looking each member up — and both must
/// answer as the collecting pass does.
struct SchemaObjectPathsTests {
    static func schema(members: Int, strict: Bool) throws -> SchemaSet {
        var params = ""
        for k in 0..<members {
            params += "<param name=\"m\(k)\" type=\"integer\"\(k % 3 == 0 ? " required=\"true\"" : "")/>"
        }
        let xml = "<protocol name=\"t\"><action name=\"a\"\(strict ? " strict=\"true\"" : "")>\(params)</action></protocol>"
        return try SchemaSet.parse(xml: xml, file: "t.xml")
    }

    static func payload(keys: Range<Int>, extra: Bool = false, wrongType: Int? = nil) -> JSONValue {
        var fields: JSONObject = [:]
        for k in keys { fields["m\(k)"] = k == wrongType ? .string("x") : .number(Double(k)) }
        if extra { fields["unknown"] = .number(1) }
        return .object(fields)
    }

    @Test("small and large objects: the yes/no pass agrees with the collecting pass", arguments: [3, 8, 16, 17, 40])
    func agree(_ members: Int) throws {
        for strict in [false, true] {
            let set = try Self.schema(members: members, strict: strict)
            let cases: [(JSONValue, Bool)] = [
                (Self.payload(keys: 0..<members), true),
                (Self.payload(keys: 1..<members), false),  // m0 is required
                (Self.payload(keys: 0..<1), members <= 3),  // m3, m6, ... required when present
                (Self.payload(keys: 0..<members, extra: true), !strict),
                (Self.payload(keys: 0..<members, wrongType: members - 1), false),
                (.object([:]), false),
            ]
            for (params, valid) in cases {
                let violations = set.validate(method: "a", params: params) ?? []
                #expect(violations.isEmpty == valid, "members \(members) strict \(strict): \(params.jsonString()) → \(violations)")
                #expect(set.isValid(method: "a", params: params) == valid, "members \(members) strict \(strict): \(params.jsonString())")
            }
        }
    }
}
