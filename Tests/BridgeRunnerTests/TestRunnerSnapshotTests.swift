import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner

/// `toMatchSnapshot` and the snapshot file: written, matched, failed with a diff, updated,
/// obsolete, refused in CI mode.
@MainActor
struct TestRunnerSnapshotTests {
    func run(_ dir: TestDirectory, _ file: String, update: Bool = false, ci: Bool = false, pattern: String? = nil) async -> CapturedTestRun {
        var options = TestOptions(paths: [dir.path + "/" + file], virtualTime: true)
        options.updateSnapshots = update
        options.ci = ci
        options.testNamePattern = pattern
        return await captureTestRun(options)
    }

    func snapFile(_ dir: TestDirectory, _ file: String) -> String? {
        try? String(contentsOfFile: dir.path + "/__snapshots__/" + file + ".snap", encoding: .utf8)
    }

    @Test("first run writes, second matches, a change fails with a diff, -u updates, removed tests are obsolete")
    func lifecycle() async throws {
        let dir = try TestDirectory()
        let source = """
            describe('cart', () => {
              test('totals', () => {
                expect({ total: TOTAL, items: ['tea', 'cup'], at: new Date(0), tags: new Set(['a']), note: undefined }).toMatchSnapshot();
                expect('second `snapshot` with ${braces} and \\\\ backslash').toMatchSnapshot();
              });
              test('hinted', () => { expect([1, -0, 2n, null, Symbol('s')]).toMatchSnapshot('list'); });
            });
            """
        try dir.write("cart.test.js", source.replacing("TOTAL", with: "20"))
        let first = await run(dir, "cart.test.js")
        #expect(first.exitCode == 0, "\(first.text)")
        #expect(first.summary.snapshots.written == 3)
        #expect(first.stdout.contains("Snapshots: 3 written"))
        let text = try #require(snapFile(dir, "cart.test.js"))
        #expect(
            text == """
                // bridge-run snapshot v1 (`bridge-run test -u` rewrites this file)

                exports[`cart > hinted: list 1`] = `
                [
                  1,
                  -0,
                  2n,
                  null,
                  Symbol(s),
                ]
                `;

                exports[`cart > totals 1`] = `
                {
                  "at": 1970-01-01T00:00:00.000Z,
                  "items": [
                    "tea",
                    "cup",
                  ],
                  "note": undefined,
                  "tags": Set {
                    "a",
                  },
                  "total": 20,
                }
                `;

                exports[`cart > totals 2`] = `"second \\`snapshot\\` with \\${braces} and \\\\ backslash"`;

                """, "\(text)")
        // The file reads back as it was written.
        let parsed = try SnapshotFile.parse(text)
        #expect(parsed["cart > totals 2"] == "\"second `snapshot` with ${braces} and \\ backslash\"")

        let second = await run(dir, "cart.test.js")
        #expect(second.exitCode == 0)
        #expect(second.summary.snapshots == SnapshotCounts(matched: 3))

        try dir.write("cart.test.js", source.replacing("TOTAL", with: "25"))
        let changed = await run(dir, "cart.test.js")
        #expect(changed.exitCode == 1)
        let failure = try #require(changed.result("cart > totals")?.failure)
        #expect(failure.message == "expect(received).toMatchSnapshot()")
        #expect(failure.details.contains("- Snapshot") && failure.details.contains("+ Received"))
        #expect(failure.details.contains("-   \"total\": 20,") && failure.details.contains("+   \"total\": 25,"), "\(failure.details)")
        #expect(failure.details.contains { $0.hasPrefix("Snapshot \"cart > totals 1\" in ") })
        #expect(failure.location == dir.path + "/cart.test.js:3")
        #expect(snapFile(dir, "cart.test.js") == text, "a mismatch never rewrites the file")

        let updated = await run(dir, "cart.test.js", update: true)
        #expect(updated.exitCode == 0)
        #expect(updated.summary.snapshots.updated == 1)
        #expect(snapFile(dir, "cart.test.js")?.contains("\"total\": 25,") == true)

        // A test removed: its snapshot is obsolete, reported, and removed by -u.
        try dir.write("cart.test.js", "test('only', () => { expect(1).toMatchSnapshot(); });")
        let obsolete = await run(dir, "cart.test.js")
        #expect(obsolete.summary.snapshots.obsolete == 3)
        #expect(obsolete.summary.snapshots.written == 1)
        #expect(obsolete.stdout.contains("Snapshots: 1 written, 3 obsolete (bridge-run test -u removes them)"), "\(obsolete.text)")
        let cleaned = await run(dir, "cart.test.js", update: true)
        #expect(cleaned.summary.snapshots.removed == 3)
        #expect(try SnapshotFile.parse(snapFile(dir, "cart.test.js") ?? "").keys.sorted() == ["only 1"])
    }

    @Test("CI mode refuses new snapshots (the test fails, nothing is written) unless -u")
    func ciMode() async throws {
        let dir = try TestDirectory()
        try dir.write("new.test.js", "test('fresh', () => { expect({ a: 1 }).toMatchSnapshot(); });")
        let refused = await run(dir, "new.test.js", ci: true)
        #expect(refused.exitCode == 1)
        let failure = try #require(refused.result("fresh")?.failure)
        #expect(failure.details.contains { $0.hasPrefix("New snapshot \"fresh 1\" was not written: in CI mode") }, "\(failure.details)")
        #expect(snapFile(dir, "new.test.js") == nil)
        let forced = await run(dir, "new.test.js", update: true, ci: true)
        #expect(forced.exitCode == 0)
        #expect(snapFile(dir, "new.test.js") != nil)
    }

    @Test("skipped and failing tests keep their snapshots (-t, a failure before the snapshot)")
    func keptSnapshots() async throws {
        let dir = try TestDirectory()
        try dir.write("k.test.js", "test('a', () => { expect(1).toMatchSnapshot(); });\ntest('b', () => { expect(2).toMatchSnapshot(); });")
        _ = await run(dir, "k.test.js")
        try dir.write("k.test.js", "test('a', () => { expect(1).toMatchSnapshot(); });\ntest('b', () => { throw new Error('x'); expect(2).toMatchSnapshot(); });")
        let filtered = await run(dir, "k.test.js", update: true, pattern: "^a$")
        #expect(filtered.summary.snapshots.obsolete == 0 && filtered.summary.snapshots.removed == 0)
        let failing = await run(dir, "k.test.js", update: true)
        #expect(failing.summary.snapshots.removed == 0)
        #expect(try SnapshotFile.parse(snapFile(dir, "k.test.js") ?? "").keys.sorted() == ["a 1", "b 1"])
    }

    @Test("property matchers, inline snapshots, error snapshots, markup, classes and misuse")
    func variants() async throws {
        let dir = try TestDirectory()
        try dir.write(
            "v.test.js",
            """
            class Point { constructor() { this.x = 1; } }
            test('matchers', () => {
              expect({ id: 12345, name: 'ada' }).toMatchSnapshot({ id: expect.any(Number) });
            });
            test('matchers fail', () => { expect({ id: 'x' }).toMatchSnapshot({ id: expect.any(Number) }); });
            test('inline', () => {
              expect({ a: [1] }).toMatchInlineSnapshot(`
                {
                  "a": [
                    1,
                  ],
                }
              `);
            });
            test('inline differs', () => { expect(2).toMatchInlineSnapshot(`1`); });
            test('inline missing', () => { expect(2).toMatchInlineSnapshot(); });
            test('errors', () => { expect(() => { throw new TypeError('bad input'); }).toThrowErrorMatchingSnapshot(); });
            test('markup and classes', () => {
              expect({ outerHTML: '<p class="x">hi</p>' }).toMatchSnapshot();
              expect(new Point()).toMatchSnapshot();
              expect(new Map([[1, { a: 1 }]])).toMatchSnapshot();
            });
            test('not', () => { expect(1).not.toMatchSnapshot(); });
            """)
        let r = await run(dir, "v.test.js")
        #expect(r.result("matchers")?.status == .passed, "\(r.text)")
        #expect(r.result("matchers fail")?.failure?.details.contains { $0.contains("does not match the property matchers") } == true)
        #expect(r.result("inline")?.status == .passed, "\(r.text)")
        #expect(r.result("inline differs")?.failure?.details.contains("- 1") == true)
        #expect(r.result("inline missing")?.failure?.details.contains { $0.contains("bridge-run does not rewrite test files") } == true)
        #expect(r.result("errors")?.status == .passed)
        #expect(r.result("markup and classes")?.status == .passed)
        #expect(r.result("not")?.failure?.details.contains("Matcher error: snapshot matchers cannot be used with .not") == true)
        let snaps = try SnapshotFile.parse(snapFile(dir, "v.test.js") ?? "")
        #expect(snaps["matchers 1"] == "{\n  \"id\": Any<Number>,\n  \"name\": \"ada\",\n}")
        #expect(snaps["errors 1"] == "\"bad input\"")
        // Only real DOM nodes are printed as markup (as in Jest); an object with an outerHTML string is data.
        #expect(snaps["markup and classes 1"] == "{\n  \"outerHTML\": \"<p class=\"x\">hi</p>\",\n}")
        #expect(snaps["markup and classes 2"] == "Point {\n  \"x\": 1,\n}")
        #expect(snaps["markup and classes 3"] == "Map {\n  1 => {\n    \"a\": 1,\n  },\n}")
    }

    @Test("a malformed snapshot file fails the tests that use it with its line")
    func malformed() async throws {
        let dir = try TestDirectory()
        try dir.write("m.test.js", "test('a', () => { expect(1).toMatchSnapshot(); });")
        try dir.write("__snapshots__/m.test.js.snap", "// header\n\nexports[`a 1`] = `1`\n")
        let r = await run(dir, "m.test.js")
        #expect(r.exitCode == 1)
        #expect(r.result("a")?.failure?.message.contains("m.test.js.snap:4: malformed snapshot file: expected ;") == true, "\(r.text)")
    }

    @Test("file format: escaping round trip, natural key order, errors with lines")
    func format() throws {
        let entries = ["t 10": "x", "t 2": "multi\nline `q` ${v} \\", "t 1": ""]
        let text = SnapshotFile.format(entries)
        #expect(try SnapshotFile.parse(text) == entries)
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("exports[") }.map { String($0.prefix(12)) }
        #expect(keys == ["exports[`t 1", "exports[`t 2", "exports[`t 1"])
        #expect(text.contains("exports[`t 2`] = `\nmulti\nline \\`q\\` \\${v} \\\\\n`;"))
        #expect(throws: SnapshotFile.Malformed(line: 2, reason: "expected exports[")) { try SnapshotFile.parse("// c\nnope") }
        #expect(throws: SnapshotFile.Malformed(line: 1, reason: "a template literal holds an unescaped ${")) { try SnapshotFile.parse("exports[`a`] = `${x}`;") }
        #expect(throws: SnapshotFile.Malformed(line: 2, reason: "the key a appears twice")) { try SnapshotFile.parse("exports[`a`] = `1`;\nexports[`a`] = `2`;") }
        #expect(SnapshotFile.naturalLess("a 2", "a 10") && !SnapshotFile.naturalLess("a 10", "a 2") && SnapshotFile.naturalLess("a", "a 1"))
    }
}
