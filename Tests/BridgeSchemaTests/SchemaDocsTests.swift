import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// The generators: Markdown pages, the `.d.ts`, JSON Schema documents.
struct SchemaDocsTests {
    static let xml = """
        <protocol name="app" version="3">
          <description>Demo protocol.</description>
          <action name="nav.open" timeout="5000" permission="navigation" ordered="true">
            <description>Open a native page by route key.</description>
            <param name="page" type="string" required="true" enum="userCenter,list,detail"/>
            <param name="userId" type="integer" min="1" description="Whose page."/>
            <param name="animated" type="boolean" default="true"/>
            <param name="title" type="string" nullable="true" maxLength="8"/>
            <param name="extra" type="object" strict="true">
              <param name="source" type="string" pattern="^[a-z_]+$" maxLength="32"/>
            </param>
            <param name="ids" type="array" minItems="1" maxItems="100">
              <items type="string" minLength="1"/>
            </param>
            <result type="object">
              <param name="opened" type="boolean" required="true"/>
            </result>
            <example>{"page":"userCenter","userId":8848}</example>
          </action>
          <action name="device.info"/>
        </protocol>
        """

    static let set: SchemaSet = {
        do { return try SchemaSet.parse(xml: xml, file: "app.xml") } catch { fatalError("\(error)") }
    }()

    @Test("markdown: title, description, attributes, parameter table, result, examples")
    func markdown() throws {
        let md = SchemaDocs.markdown(Self.set.protocols[0])
        #expect(md.hasPrefix("# Protocol `app` (version 3)\n\nDemo protocol.\n"))
        #expect(md.contains("## `nav.open`\n\nOpen a native page by route key.\n"))
        #expect(md.contains("- timeout 5000 ms\n- ordered (calls run one at a time, in arrival order)\n- permission `navigation`"))
        #expect(md.contains("| Name | Type | Required | Constraints | Default | Description |"))
        #expect(md.contains("| `page` | string | yes | one of: `userCenter`, `list`, `detail` |  |  |"))
        #expect(md.contains("| `userId` | integer | no | ≥ 1 |  | Whose page. |"))
        #expect(md.contains("| `animated` | boolean | no |  | `true` |  |"))
        #expect(md.contains("| `title` | string \\| null | no | length ≤ 8 |  |  |"))
        #expect(md.contains("| `extra.source` | string | no | length ≤ 32; pattern `^[a-z_]+$` |  |  |"))
        #expect(md.contains("| `ids` | string[] | no | items ≥ 1; items ≤ 100 |  |  |"))
        #expect(md.contains("| `ids[]` | string | — | length ≥ 1 |  |  |"))
        #expect(md.contains("### Result\n\nType: `object`\n\n| Name"))
        #expect(md.contains("| `opened` | boolean | yes |"))
        #expect(md.contains("```js\nbridge.call(\"nav.open\", {\"page\":\"userCenter\",\"userId\":8848})\n```"))
        #expect(md.contains("## `device.info`\n\n### Parameters\n\nNone.\n\n### Result\n\nNot declared.\n"))
    }

    @Test("typescript: interfaces, literal unions, | null, optional ?, typed call overloads")
    func typeScript() {
        let ts = SchemaDocs.typeScript(Self.set)
        #expect(ts.contains("export interface NavOpenParams {"))
        #expect(ts.contains(#"  page: "userCenter" | "list" | "detail";"#))
        #expect(ts.contains("  userId?: number;"))
        #expect(ts.contains("  title?: string | null;"))
        #expect(ts.contains("  extra?: {\n"))
        #expect(ts.contains("    source?: string;\n  };"))
        #expect(ts.contains("  ids?: string[];"))
        #expect(ts.contains("  /** @defaultValue true */\n  animated?: boolean;"))
        #expect(ts.contains("export interface NavOpenResult {\n  opened: boolean;\n}"))
        #expect(ts.contains("export type DeviceInfoResult = unknown;"))
        #expect(ts.contains(#"  call(method: "nav.open", params: NavOpenParams, options?: BridgeCallOptions): Promise<NavOpenResult>;"#))
        #expect(ts.contains(#"  call(method: "device.info", params?: DeviceInfoParams, options?: BridgeCallOptions): Promise<DeviceInfoResult>;"#))
        #expect(ts.contains(#"  "nav.open": { params: NavOpenParams; result: NavOpenResult };"#))
        #expect(ts.contains("declare global {\n  /** The global `bridge` of bridge.d.ts (`bridge-run types`) is typed by these actions. */\n  interface BridgeActionMap extends BridgeActions {}\n}"))
    }

    @Test("type names from action names", arguments: [("nav.open", "NavOpen"), ("user.get_info", "UserGetInfo"), ("3d.view", "Action3dView")])
    func typeNames(_ action: String, _ expected: String) {
        #expect(SchemaDocs.typeName(action) == expected)
    }

    @Test("json schema: draft 2020-12 params object with every facet")
    func jsonSchema() throws {
        let action = try #require(Self.set.action("nav.open"))
        let s = SchemaDocs.jsonSchema(action)
        #expect(s["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(s["title"] == "nav.open params")
        #expect(s["type"] == "object")
        #expect(s["required"] == ["page"])
        #expect(s["additionalProperties"] == nil)
        let props = try #require(s["properties"])
        #expect(props["page"] == ["type": "string", "enum": ["userCenter", "list", "detail"]])
        #expect(props["userId"] == ["type": "integer", "minimum": 1, "maximum": 9_007_199_254_740_992, "description": "Whose page."])
        #expect(props["title"] == ["type": ["string", "null"], "maxLength": 8])
        #expect(props["extra"] == [
            "type": "object", "additionalProperties": false,
            "properties": ["source": ["type": "string", "pattern": "^[a-z_]+$", "maxLength": 32]],
        ])
        #expect(props["ids"] == ["type": "array", "minItems": 1, "maxItems": 100, "items": ["type": "string", "minLength": 1]])
        #expect(props["animated"] == ["type": "boolean", "default": true])
        #expect(s["examples"] == [["page": "userCenter", "userId": 8848]])
        #expect(SchemaDocs.jsonSchemaFileName(action) == "nav.open.schema.json")
        #expect(SchemaDocs.jsonSchemaForResult(action)?["required"] == ["opened"])
    }

    @Test("nullable enums also list null")
    func nullableEnum() throws {
        let set = try SchemaSet.parse(xml: #"<protocol name="p"><action name="a"><param name="c" type="string" nullable="true" enum="x,y"/></action></protocol>"#, file: "p.xml")
        let s = SchemaDocs.jsonSchema(try #require(set.action("a")))
        #expect(s["properties"]?["c"]?["enum"] == ["x", "y", nil])
        #expect(SchemaDocs.typeScript(set).contains(#"c?: "x" | "y" | null;"#))
    }

    @Test("the example protocol generates a page per protocol and a schema per action")
    func exampleProtocol() throws {
        let set = try SchemaTestKit.exampleSchemas()
        for p in set.protocols {
            let md = SchemaDocs.markdown(p)
            for a in p.actions { #expect(md.contains("## `\(a.name)`")) }
        }
        let ts = SchemaDocs.typeScript(set)
        for name in set.actionNames { #expect(ts.contains("call(method: \"\(name)\"")) }
        for a in set.actions { #expect(SchemaDocs.jsonSchema(a)["type"] == "object") }
    }
}
