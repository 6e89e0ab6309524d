import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command as a child process and reports its wall time and peak RSS (from wait4).
enum ProcessRunner {
    struct Measurement {
        var wallMs: Double
        var maxRSSKiB: Double
        var status: Int32
    }

    /// Writes `path` back to disk and drops it from the page cache, so that the runs measured
    /// read it as they read an installed program. A binary written moments before (the build
    /// `scripts/bench` has just made, or a `cp`) sits in the page cache in large folios, and a
    /// page fault maps a whole folio: `bridge-run run hello.js` peaked 0.4 MiB higher from such a
    /// file (31.6 against 31.2 MiB, the same bytes written with `cp` or in 4 KiB writes, 21
    /// alternating runs each) — more than `memory-process`'s margin, and it decided the row.
    static func readFromDisk(_ path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = fsync(fd)
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `argv` with stdout/stderr sent to /dev/null.
    static func measure(_ argv: [String]) -> Measurement? {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ)
        guard rc == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Measurement(wallMs: wall, maxRSSKiB: Double(usage.ru_maxrss), status: exitCode)
    }

    /// Peak RSS (KiB) and wall time of `argv`, measured by a small Python parent: a child of
    /// this (large) process would report this process's RSS high-water mark, because Linux
    /// records the parent's peak when a vfork'ed child execs.
    static func measurePeak(_ argv: [String]) -> Measurement? {
        guard let py = which("python3") else { return nil }
        let script = """
            import os, sys, time
            t = time.perf_counter()
            pid = os.fork()
            if pid == 0:
                fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)
                os.execv(sys.argv[1], sys.argv[1:])
            _, status, ru = os.wait4(pid, 0)
            print((time.perf_counter() - t) * 1000, ru.ru_maxrss, os.waitstatus_to_exitcode(status))
            """
        guard let out = output([py, "-c", script] + argv) else { return nil }
        let parts = out.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 3 else { return nil }
        return Measurement(wallMs: parts[0], maxRSSKiB: parts[1], status: Int32(parts[2]))
    }

    /// Current resident set size of this process in KiB.
    static func currentRSSKiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let parts = text.split(separator: " ")
        guard parts.count > 1, let pages = Double(parts[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Runs a command and returns its stdout.
    static func output(_ argv: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
