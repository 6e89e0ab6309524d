import Foundation
import Testing
import BridgeRuntimeTesting

/// `bridge-run types --out DIR`, checked with Debian's TypeScript compiler (`node-typescript`,
/// installed by `scripts/bootstrap --test`; the compiler checks are skipped without it).
@Suite struct TypesCommandTests {
    static let tsc = ["/usr/bin/tsc", "/usr/local/bin/tsc"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A folder with the declarations (and the example protocol's typings) and a tsconfig.
    func project(protocolTypings: Bool) async throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("types-\(UUID().uuidString)")
        let types = dir.appendingPathComponent("types")
        let r = try await CLI.run(["types", "--out", types.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == [types.path + "/bridge.d.ts", types.path + "/bridge-test.d.ts"])
        if protocolTypings {
            let docs = try await CLI.run(["docs", "--schemas", "Examples/protocol/schemas", "--format", "typescript", "--out", types.path])
            #expect(docs.status == 0)
        }
        let config = #"{"compilerOptions": {"strict": true, "noEmit": true, "target": "es2020", "lib": ["es2020", "dom"], "types": []}, "include": ["types/*.d.ts", "*.test.ts"]}"#
        try config.write(to: dir.appendingPathComponent("tsconfig.json"), atomically: true, encoding: .utf8)
        return dir
    }

    func compile(_ dir: URL) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(URL(fileURLWithPath: Self.tsc!), ["-p", dir.path, "--pretty", "false"], in: dir)
    }

    @Test("types writes the declarations that ship in the sources; without --out it prints them")
    func written() async throws {
        let dir = try await project(protocolTypings: false)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["bridge.d.ts", "bridge-test.d.ts"] {
            let written = try String(contentsOf: dir.appendingPathComponent("types/" + name), encoding: .utf8)
            let source = try String(contentsOf: CLI.root.appendingPathComponent("Sources/BridgeTestRunner/JS/" + name), encoding: .utf8)
            #expect(written == source)
        }
        let printed = try await CLI.run(["types"])
        #expect(printed.lines.first == "// ---- bridge.d.ts")
        #expect(printed.lines.contains("// ---- bridge-test.d.ts"))
        #expect(printed.stdout.contains("declare var vi: BridgeVi;"))
    }

    @Test("a test file using the globals and the typed SDK compiles with tsc --strict", .enabled(if: tsc != nil))
    func compiles() async throws {
        let dir = try await project(protocolTypings: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            describe('typed', () => {
              beforeEach(() => { mock('storage.get', { result: 'dark' }); });
              test('sdk', async () => {
                const info = await bridge.call('device.info');
                const platform: 'ios' | 'android' | 'harmony' = info.platform;
                await bridge.call('storage.get', { key: 'theme', scope: 'app' });
                bridge.post('storage.get', { key: 't' }, (err, value) => { if (err) console.log(err.code, err.details, value); });
                bridge.on('network.changed', (state) => console.log(state)).off('network.changed');
                bridge.register('page.snapshot', async () => ({ y: 0 }));
                expect(calls('storage.get')[0].key).toBe('theme');
                expect(calls()[0].method).toBe('storage.get');
                expect(platform).toMatch(/ios/);
              });
              test('vi and matchers', async () => {
                const double = vi.fn((n: number) => n * 2).mockReturnValueOnce(5);
                double(2);
                expect(double).toHaveBeenCalledWith(2);
                const first: number = double.mock.calls[0][0];
                expect(first).toBe(2);
                const api = { save(x: string) { return x.length; } };
                const spy = jest.spyOn(api, 'save').mockImplementation(() => 1);
                vi.useFakeTimers({ now: new Date(0) });
                vi.advanceTimersByTime(10).runOnlyPendingTimers();
                await vi.advanceTimersByTimeAsync(5);
                vi.setSystemTime(Date.UTC(2030, 0, 1));
                expect(spy).toHaveBeenCalledTimes(0);
                expect({ id: 1 }).toMatchSnapshot({ id: expect.any(Number) }, 'hint');
                await expect(Promise.resolve(1)).resolves.not.toBe(2);
                expect(() => 1).not.toThrow();
                expect([1, 2]).toEqual(expect.arrayContaining([1]));
              });
              test.skip('later', () => {});
              test.todo('someday');
              it('done', (done) => { done(); }, 100);
            });
            """.write(to: dir.appendingPathComponent("good.test.ts"), atomically: true, encoding: .utf8)
        let r = try await compile(dir)
        #expect(r.status == 0, "\(r)")
    }

    @Test("tsc catches an unknown action, a misspelt param, a wrong result type, a misspelt matcher", .enabled(if: tsc != nil))
    func catchesMistakes() async throws {
        let dir = try await project(protocolTypings: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            test('bad', async () => {
              await bridge.call('storage.gett', { key: 'x' });
              await bridge.call('storage.get', { kee: 'x' });
              const info = await bridge.call('device.info');
              const n: number = info.platform;
              expect(1).toBee(1);
              vi.fn((n: number) => n)('x');
              vi.advanceTimersByTime('10');
            });
            """.write(to: dir.appendingPathComponent("bad.test.ts"), atomically: true, encoding: .utf8)
        let r = try await compile(dir)
        #expect(r.status != 0)
        let errors = r.stdout.split(separator: "\n").filter { $0.hasPrefix("bad.test.ts(") }.map { String($0.prefix { $0 != ":" }) }
        #expect(errors == ["bad.test.ts(2,21)", "bad.test.ts(3,38)", "bad.test.ts(5,9)", "bad.test.ts(6,13)", "bad.test.ts(7,27)", "bad.test.ts(8,26)"], "\(r.stdout)")
    }
}
