import Foundation
import Testing
@testable import BridgeSupport

@Suite struct FileDescriptorLineReaderTests {
    /// The lines a reader returns for `text` written to a pipe and closed.
    func lines(of text: [UInt8], staleErrno: Bool = false) -> [String] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        // Written from a thread of its own: a text larger than the pipe's buffer would block.
        let writer = Thread { [fds] in
            _ = text.withUnsafeBufferPointer { FileDescriptorWriter.write($0, to: fds[1]) }
            close(fds[1])
        }
        writer.start()
        var reader = FileDescriptorLineReader(fd: fds[0])
        var out: [String] = []
        while true {
            // What an interrupted call earlier on the thread leaves behind; end of input does
            // not set errno, so a reader that retried on it would never return.
            if staleErrno { errno = EINTR }
            guard let line = reader.next() else { break }
            out.append(line)
        }
        close(fds[0])
        return out
    }

    @Test func splitsLinesAndKeepsALastLineWithoutNewline() {
        #expect(lines(of: Array("a\n\nbc\nlast".utf8)) == ["a", "", "bc", "last"])
        #expect(lines(of: Array("one\n".utf8)) == ["one"])
        #expect(lines(of: []) == [])
    }

    @Test func linesLongerThanOneReadAndManyLinesInOneRead() {
        let long = String(repeating: "x", count: 200_000)
        let many = (0..<5000).map { "line \($0)" }
        let text = long + "\n" + many.joined(separator: "\n") + "\n"
        #expect(lines(of: Array(text.utf8)) == [long] + many)
    }

    @Test func endOfInputWithAStaleEINTRStillEnds() {
        #expect(lines(of: Array("\"a.test.js\"\n\"b.test.js\"\n".utf8), staleErrno: true) == ["\"a.test.js\"", "\"b.test.js\""])
    }
}
