import Foundation
import Testing
@testable import BridgeModules

@Suite struct SubprocessTests {
    @Test("a program still open for writing (ETXTBSY) is started once the writer lets go")
    func busyExecutable() throws {
        let tree = try TempTree(["tool": "#!/bin/sh\nexit 3\n"])
        chmod(tree.path("tool"), 0o755)
        // What a test writing a script sees when another thread starts a process at that moment:
        // the script is open for writing elsewhere for a while.
        let fd = open(tree.path("tool"), O_WRONLY | O_CLOEXEC)
        #expect(fd >= 0)
        let writer = Thread {
            usleep(80_000)
            close(fd)
        }
        writer.start()
        let outcome = try Subprocess.run(tree.path("tool"), [], directory: nil, stdin: nil, stdout: nil, stderr: nil, timeLimit: .seconds(10))
        #expect(outcome == Subprocess.Outcome(status: 3, signaled: false, timedOut: false))
    }

    @Test("a program that stays open for writing is refused with the reason, after the retries")
    func busyForGood() throws {
        let tree = try TempTree(["tool": "#!/bin/sh\nexit 0\n"])
        chmod(tree.path("tool"), 0o755)
        let fd = open(tree.path("tool"), O_WRONLY | O_CLOEXEC)
        defer { close(fd) }
        let started = ContinuousClock.now
        let failure = try #require(throws: Subprocess.Failure.self) {
            try Subprocess.run(tree.path("tool"), [], directory: nil, stdin: nil, stdout: nil, stderr: nil, timeLimit: .seconds(10))
        }
        #expect(failure.reason == "cannot start \(tree.path("tool")): Text file busy")
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
