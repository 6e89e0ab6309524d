import Testing
@testable import BridgeSchema
@testable import BridgeValues

/// The table a set finds its compiled actions in by name (every checked call looks one up).
struct CompiledActionTableTests {
    @Test("every action is found by its name, by scalars, and nothing else is")
    func findsEveryNameAndNothingElse() throws {
        var names = (0..<300).map { "a.\($0)" }
        names += ["é", "e\u{301}", "", "😀.x", "a.0 ", "nav.open", String(repeating: "long.", count: 40)]
        let set = try SchemaSet(protocols: [ProtocolSchema(name: "p", actions: names.filter { !$0.isEmpty }.map { ActionSchema(name: $0) })])
        for name in names where !name.isEmpty {
            #expect(set.action(name)?.name == name, "\(name)")
            #expect(set.isValid(method: name, params: [:]) == true)
        }
        // Canonically equivalent is not the same name; near misses and the empty name miss.
        #expect(set.action("é")?.name.unicodeScalars.count == 1)
        #expect(set.action("e\u{301}")?.name.unicodeScalars.count == 2)
        for miss in ["a.300", "", "a.", "a.00", "A.0", "e", "nav.ope", "nav.open\0", String(repeating: "long.", count: 39)] {
            #expect(set.action(miss) == nil, "\(miss)")
            #expect(set.validate(method: miss, params: [:]) == nil)
        }
        #expect(SchemaSet.empty.action("a.0") == nil)
    }

    @Test("a table half full: every name is found, a missing one's walk ends at an empty slot")
    func halfFullTable() throws {
        // Eight names on 16 slots (the 300 above share 1024, with chains of their own).
        let names = (0..<8).map { "n\($0)" }
        let set = try SchemaSet(protocols: [ProtocolSchema(name: "p", actions: names.map { ActionSchema(name: $0) })])
        for name in names { #expect(set.action(name)?.name == name) }
        let table = CompiledActionTable(Dictionary(uniqueKeysWithValues: names.map { name in
            var problems: [SchemaProblem] = []
            return (ScalarKey(name), CompiledAction(ActionSchema(name: name), problems: &problems))
        }))
        for name in names { #expect(table.action(name)?.schema.name == name) }
        #expect(table.action("n8") == nil)
        #expect(CompiledActionTable.hash("é") != CompiledActionTable.hash("e\u{301}"))
    }
}
