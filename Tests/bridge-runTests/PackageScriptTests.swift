import Foundation
import Testing
import BridgeRuntimeTesting

/// `scripts/package` builds an installable `.deb` (here of the debug build, so the test does not
/// wait for a release build; skipped without dpkg-deb).
@Suite struct PackageScriptTests {
    static let dpkgDeb = FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb")

    func run(_ tool: String, _ args: [String]) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(URL(fileURLWithPath: tool), args, in: CLI.root)
    }

    @Test("the .deb holds bridge-run, the licence and the declarations, and depends on JavaScriptCore, ICU, domino and esbuild", .enabled(if: dpkgDeb))
    func package() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("deb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let version = try String(contentsOf: CLI.root.appendingPathComponent("VERSION"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let built = try await run("/bin/bash", ["scripts/package", "--binary", CLI.binDirectory.appendingPathComponent("bridge-run").path, "--out", out.path])
        #expect(built.status == 0, "\(built)")
        let arch = try await run("/usr/bin/dpkg", ["--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let deb = out.appendingPathComponent("bridge-run_\(version)_\(arch).deb").path
        #expect(built.lines.last == deb)
        let info = try await run("/usr/bin/dpkg-deb", ["-I", deb])
        #expect(info.status == 0)
        #expect(info.lines.contains(" Package: bridge-run"))
        #expect(info.lines.contains(" Version: \(version)"))
        #expect(info.lines.contains(" Architecture: \(arch)"))
        let depends = try #require(info.lines.first { $0.hasPrefix(" Depends: ") }).dropFirst(" Depends: ".count).components(separatedBy: ", ")
        #expect(depends.contains("libjavascriptcoregtk-4.1-0"), "\(depends)")
        #expect(depends.contains { $0.hasPrefix("libicu") }, "\(depends)")
        #expect(depends.suffix(2) == ["node-domino", "esbuild"])
        let contents = try await run("/usr/bin/dpkg-deb", ["-c", deb])
        let paths = contents.lines.compactMap { $0.split(separator: " ").last.map(String.init) }
        for path in ["./usr/bin/bridge-run", "./usr/share/doc/bridge-run/copyright", "./usr/share/bridge-run/types/bridge.d.ts", "./usr/share/bridge-run/types/bridge-test.d.ts"] {
            #expect(paths.contains(path), "\(path) in \(paths)")
        }
        #expect(contents.lines.first { $0.hasSuffix(" ./usr/bin/bridge-run") }?.hasPrefix("-rwxr-xr-x root/root") == true)
    }

    @Test("a binary whose version differs from VERSION is refused", .enabled(if: dpkgDeb))
    func versionMismatch() async throws {
        let fake = FileManager.default.temporaryDirectory.appendingPathComponent("fake-\(UUID().uuidString)")
        try "#!/bin/sh\necho 'bridge-run 9.9.9'\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        defer { try? FileManager.default.removeItem(at: fake) }
        let r = try await run("/bin/bash", ["scripts/package", "--binary", fake.path, "--out", NSTemporaryDirectory()])
        #expect(r.status == 2)
        #expect(r.stderr.contains("reports 'bridge-run 9.9.9'"), "\(r)")
    }
}
