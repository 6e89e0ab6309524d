import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// Validation of params: one table per facet, with the exact paths and messages expected.
struct SchemaValidationTests {
    static let xml = """
        <protocol name="t">
          <action name="t.string">
            <param name="s" type="string" required="true" minLength="2" maxLength="5" pattern="^[a-z]+$"/>
          </action>
          <action name="t.enum">
            <param name="page" type="string" enum="userCenter, list, detail"/>
            <param name="n" type="integer" enum="1,2,3"/>
            <param name="b" type="boolean" enum="true"/>
          </action>
          <action name="t.number">
            <param name="i" type="integer" min="1" max="100"/>
            <param name="n" type="number" min="-1.5" max="2.5"/>
            <param name="big" type="integer"/>
          </action>
          <action name="t.bool"><param name="b" type="boolean"/></action>
          <action name="t.null">
            <param name="s" type="string" nullable="true"/>
            <param name="o" type="object" nullable="true"/>
            <param name="plain" type="string"/>
          </action>
          <action name="t.object">
            <param name="extra" type="object" strict="true">
              <param name="source" type="string" required="true" pattern="^[a-z_]+$"/>
            </param>
            <param name="loose" type="object"><param name="a" type="integer"/></param>
          </action>
          <action name="t.array">
            <param name="ids" type="array" minItems="1" maxItems="3"><items type="string" minLength="1"/></param>
            <param name="items" type="array"><items type="object"><param name="sku" type="string" required="true"/></items></param>
            <param name="matrix" type="array"><items type="array" maxItems="2"><items type="integer"/></items></param>
          </action>
          <action name="t.any"><param name="v" type="any" required="true"/></action>
          <action name="t.strict" strict="true"><param name="a" type="string"/></action>
        </protocol>
        """

    static let schemas: SchemaSet = {
        do { return try SchemaSet.parse(xml: xml, file: "t.xml") } catch { fatalError("\(error)") }
    }()

    static let stringCases: [PayloadCase] = [
        PayloadCase("t.string", #"{"s":"abc"}"#),
        PayloadCase("t.string", #"{"s":"ab"}"#),
        PayloadCase("t.string", #"{"s":"abcde"}"#),
        PayloadCase("t.string", #"{}"#, ["params.s: is required"]),
        PayloadCase("t.string", #"{"s":"a"}"#, ["params.s: must have at least 2 characters"]),
        PayloadCase("t.string", #"{"s":"abcdef"}"#, ["params.s: must have at most 5 characters"]),
        PayloadCase("t.string", #"{"s":"AB"}"#, ["params.s: must match pattern ^[a-z]+$"]),
        PayloadCase("t.string", #"{"s":"A"}"#, ["params.s: must have at least 2 characters", "params.s: must match pattern ^[a-z]+$"]),
        PayloadCase("t.string", #"{"s":12}"#, ["params.s: expected string, got number 12"]),
        PayloadCase("t.string", #"{"s":null}"#, ["params.s: expected string, got null"]),
        PayloadCase("t.string", #"{"s":["a"]}"#, ["params.s: expected string, got array"]),
        // Lengths count code points: 5 emoji are 5 characters (10 UTF-16 units, 20 UTF-8 bytes).
        PayloadCase("t.string", #"{"s":"😀😀😀😀😀"}"#, ["params.s: must match pattern ^[a-z]+$"]),
        PayloadCase("t.string", #"{"s":"😀😀😀😀😀😀"}"#, ["params.s: must have at most 5 characters", "params.s: must match pattern ^[a-z]+$"]),
    ]

    static let enumCases: [PayloadCase] = [
        PayloadCase("t.enum", #"{"page":"list","n":2,"b":true}"#),
        PayloadCase("t.enum", #"{"page":"home"}"#, ["params.page: must be one of userCenter, list, detail"]),
        PayloadCase("t.enum", #"{"page":"List"}"#, ["params.page: must be one of userCenter, list, detail"]),
        PayloadCase("t.enum", #"{"n":4}"#, ["params.n: must be one of 1, 2, 3"]),
        PayloadCase("t.enum", #"{"n":"1"}"#, [#"params.n: expected integer, got string "1""#]),
        PayloadCase("t.enum", #"{"b":false}"#, ["params.b: must be one of true"]),
    ]

    static let numberCases: [PayloadCase] = [
        PayloadCase("t.number", #"{"i":1,"n":-1.5}"#),
        PayloadCase("t.number", #"{"i":100.0,"n":2.5}"#),
        PayloadCase("t.number", #"{"big":9007199254740992}"#),
        PayloadCase("t.number", #"{"big":-9007199254740992}"#),
        PayloadCase("t.number", #"{"big":1e16}"#, ["params.big: expected integer, got number 10000000000000000"]),
        PayloadCase("t.number", #"{"i":0}"#, ["params.i: must be at least 1"]),
        PayloadCase("t.number", #"{"i":101}"#, ["params.i: must be at most 100"]),
        PayloadCase("t.number", #"{"i":1.5}"#, ["params.i: expected integer, got number 1.5"]),
        PayloadCase("t.number", #"{"i":"12"}"#, [#"params.i: expected integer, got string "12""#]),
        PayloadCase("t.number", #"{"i":true}"#, ["params.i: expected integer, got boolean true"]),
        PayloadCase("t.number", #"{"n":-2}"#, ["params.n: must be at least -1.5"]),
        PayloadCase("t.number", #"{"n":2.51}"#, ["params.n: must be at most 2.5"]),
        PayloadCase("t.number", #"{"n":false}"#, ["params.n: expected number, got boolean false"]),
    ]

    static let booleanAndNullCases: [PayloadCase] = [
        PayloadCase("t.bool", #"{"b":false}"#),
        PayloadCase("t.bool", #"{"b":0}"#, ["params.b: expected boolean, got number 0"]),
        PayloadCase("t.bool", #"{"b":"true"}"#, [#"params.b: expected boolean, got string "true""#]),
        PayloadCase("t.null", #"{"s":null,"o":null}"#),
        PayloadCase("t.null", #"{"s":"x","o":{}}"#),
        PayloadCase("t.null", #"{"s":1}"#, ["params.s: expected string or null, got number 1"]),
        PayloadCase("t.null", #"{"o":[]}"#, ["params.o: expected object or null, got array"]),
        PayloadCase("t.null", #"{"plain":null}"#, ["params.plain: expected string, got null"]),
    ]

    static let objectCases: [PayloadCase] = [
        PayloadCase("t.object", #"{"extra":{"source":"home_feed"},"loose":{"a":1,"b":2}}"#),
        PayloadCase("t.object", #"{"extra":{"source":"Home Feed"}}"#, ["params.extra.source: must match pattern ^[a-z_]+$"]),
        PayloadCase("t.object", #"{"extra":{}}"#, ["params.extra.source: is required"]),
        PayloadCase("t.object", #"{"extra":{"source":"x","utm":1,"abc":2}}"#, [
            "params.extra.abc: is not allowed (strict object)", "params.extra.utm: is not allowed (strict object)",
        ]),
        PayloadCase("t.object", #"{"extra":"x"}"#, [#"params.extra: expected object, got string "x""#]),
        PayloadCase("t.object", #"{"loose":{"a":"1"}}"#, [#"params.loose.a: expected integer, got string "1""#]),
        PayloadCase("t.strict", #"{"a":"x"}"#),
        PayloadCase("t.strict", #"{"a":"x","b":1}"#, ["params.b: is not allowed (strict object)"]),
        PayloadCase("t.strict", #"[]"#, ["params: expected object, got array"]),
        PayloadCase("t.strict", #"null"#),
    ]

    static let arrayCases: [PayloadCase] = [
        PayloadCase("t.array", #"{"ids":["a"],"items":[{"sku":"X"}],"matrix":[[1,2],[]]}"#),
        PayloadCase("t.array", #"{"ids":[]}"#, ["params.ids: must have at least 1 items"]),
        PayloadCase("t.array", #"{"ids":["a","b","c","d"]}"#, ["params.ids: must have at most 3 items"]),
        PayloadCase("t.array", #"{"ids":["a",""]}"#, ["params.ids[1]: must have at least 1 characters"]),
        PayloadCase("t.array", #"{"ids":["a",2,null]}"#, ["params.ids[1]: expected string, got number 2", "params.ids[2]: expected string, got null"]),
        PayloadCase("t.array", #"{"items":[{"sku":"X"},{}]}"#, ["params.items[1].sku: is required"]),
        PayloadCase("t.array", #"{"items":[{"sku":1}]}"#, ["params.items[0].sku: expected string, got number 1"]),
        PayloadCase("t.array", #"{"matrix":[[1],[1,2,3],[1.5]]}"#, [
            "params.matrix[1]: must have at most 2 items", "params.matrix[2][0]: expected integer, got number 1.5",
        ]),
        PayloadCase("t.array", #"{"ids":{"0":"a"}}"#, ["params.ids: expected array, got object"]),
    ]

    static let anyCases: [PayloadCase] = [
        PayloadCase("t.any", #"{"v":null}"#),
        PayloadCase("t.any", #"{"v":[1,{"a":true}]}"#),
        PayloadCase("t.any", #"{"v":"x"}"#),
        PayloadCase("t.any", #"{}"#, ["params.v: is required"]),
    ]

    func check(_ c: PayloadCase) {
        let params = SchemaTestKit.json(c.params)
        let found = Self.schemas.validate(method: c.method, params: params)
        #expect(found?.map(\.description) == c.expected)
        // The allocation-free pass must agree with the collecting pass.
        #expect(Self.schemas.isValid(method: c.method, params: params) == c.expected.isEmpty)
    }

    @Test("string facets: type, required, minLength, maxLength, pattern", arguments: stringCases)
    func strings(_ c: PayloadCase) { check(c) }

    @Test("enum facet on strings, integers and booleans", arguments: enumCases)
    func enums(_ c: PayloadCase) { check(c) }

    @Test("integer and number facets: type, min, max, ±2^53", arguments: numberCases)
    func numbers(_ c: PayloadCase) { check(c) }

    @Test("booleans are never numbers; nullable", arguments: booleanAndNullCases)
    func booleansAndNull(_ c: PayloadCase) { check(c) }

    @Test("objects: nested paths, required members, strict", arguments: objectCases)
    func objects(_ c: PayloadCase) { check(c) }

    @Test("arrays: minItems, maxItems, items, arrays of objects and of arrays", arguments: arrayCases)
    func arrays(_ c: PayloadCase) { check(c) }

    @Test("any accepts every value, null included", arguments: anyCases)
    func anyType(_ c: PayloadCase) { check(c) }

    @Test("a method with no schema gives nil")
    func unknownMethod() {
        #expect(Self.schemas.validate(method: "t.nope", params: [:]) == nil)
        #expect(Self.schemas.validateResult(method: "t.nope", result: [:]) == nil)
        #expect(Self.schemas.action("t.nope") == nil)
    }

    @Test("long strings are cut in messages")
    func longStringInMessage() {
        let v = Self.schemas.validate(method: "t.number", params: ["i": .string(String(repeating: "a", count: 50))])
        #expect(v == [Violation(path: "params.i", message: #"expected integer, got string "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…""#)])
    }

    @Test("validationError builds VALIDATION_FAILED with the violation list as details")
    func validationError() throws {
        let e = try #require(Self.schemas.validationError(method: "t.string", params: ["s": 12, "x": 1]))
        #expect(e.code == .validationFailed)
        #expect(e.details == [["path": "params.s", "message": "expected string, got number 12"]])
        #expect(e.message.contains("params.s: expected string, got number 12"))
        #expect(Self.schemas.validationError(method: "t.string", params: ["s": "abc"]) == nil)
        #expect(Self.schemas.validationError(method: "t.nope", params: 1) == nil)
    }

    @Test("Violation wire form and Codable")
    func violationForms() throws {
        let v = Violation(path: "params.ids[1]", message: "is required")
        #expect(v.jsonValue == ["path": "params.ids[1]", "message": "is required"])
        #expect(v.description == "params.ids[1]: is required")
    }

    /// A set built in code is checked as a file is: a param declared twice in one owner (the
    /// action, an object, an array's items, the result) is a problem, in the loader's words.
    @Test("a param declared twice in code is refused, wherever it is")
    func repeatedParamName() throws {
        let nested = ParamSchema(name: "o", type: .object, children: [ParamSchema(name: "y", type: .string), ParamSchema(name: "y", type: .integer, line: 7)])
        let items = ParamSchema(name: "list", type: .array, items: ParamSchema(type: .object, children: [ParamSchema(name: "z", type: .string, line: 3), ParamSchema(name: "z", type: .string, line: 4)]))
        let action = ActionSchema(name: "a", params: [
            ParamSchema(name: "x", type: .string), ParamSchema(name: "a", type: .integer), ParamSchema(name: "x", type: .integer), nested, items,
        ], result: ParamSchema(type: .object, children: [ParamSchema(name: "r", type: .string), ParamSchema(name: "r", type: .string)]), file: "code.xml")
        let error = #expect(throws: SchemaLoadError.self) { try SchemaSet(protocols: [ProtocolSchema(name: "p", actions: [action])]) }
        #expect(error?.problems.map(\.description) == [
            "code.xml:0: duplicate param 'x' in action 'a'", "code.xml:7: duplicate param 'y' in param 'o'",
            "code.xml:4: duplicate param 'z' in <items> (first declared at line 3)", "code.xml:0: duplicate param 'r' in <result>",
        ])
        // The same names in different owners are not repeats.
        let apart = ActionSchema(name: "b", params: [ParamSchema(name: "x", type: .string), ParamSchema(name: "o", type: .object, children: [ParamSchema(name: "x", type: .string)])])
        #expect(try SchemaSet(protocols: [ProtocolSchema(name: "p", actions: [apart])]).isValid(method: "b", params: ["x": "s", "o": ["x": "t"]]) == true)
    }

    @Test("results are validated against <result>")
    func results() throws {
        let set = try SchemaSet.parse(
            xml: """
                <protocol name="r">
                  <action name="r.get"><result type="object"><param name="opened" type="boolean" required="true"/></result></action>
                  <action name="r.none"/>
                </protocol>
                """, file: "r.xml")
        #expect(set.validateResult(method: "r.get", result: ["opened": true]) == [])
        #expect(set.validateResult(method: "r.get", result: ["opened": 1]) == [Violation(path: "result.opened", message: "expected boolean, got number 1")])
        #expect(set.validateResult(method: "r.get", result: nil) == [Violation(path: "result", message: "expected object, got null")])
        #expect(set.validateResult(method: "r.none", result: 42) == [])
    }
}
