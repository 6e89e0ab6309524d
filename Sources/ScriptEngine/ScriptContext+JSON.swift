internal import CJSC

/// JS values made from JSON text (answers, batches, arguments): JavaScriptCore's own parser,
/// never source.
extension ScriptContext {
    /// A JS value parsed from UTF-8 JSON text (`nil` if the text is not JSON).
    nonisolated static func makeFromJSON(_ ctx: JSContextRef, _ bytes: [UInt8]) -> JSValueRef? {
        var bytes = bytes
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { makeFromJSON(ctx, nulTerminated: $0) }
    }

    /// A JS value parsed from NUL-terminated UTF-8 JSON text, read in place (`nil` if the text
    /// is not JSON). `null`, `true` and `false` alone are made without the parser, whose fixed
    /// cost (~250 ns) is most of a void call's answer.
    ///
    /// `shortAsUTF16`: a short all-ASCII text goes in as UTF-16 (``makeFromASCIIJSONAsUTF16``) —
    /// for the answers the outbox delivers; with `noLongStrings` (the caller knows no string value
    /// in the text is longer than ``atomizedJSONStringLength``) an all-ASCII text of any length
    /// does. Not elsewhere: a 16-bit text is parsed by another instance of JavaScriptCore's
    /// parser, whose code a process that parses only 8-bit texts never faults in (`bridge-run run
    /// hello.js` peaked 125 KiB higher in its text when the start-up's JSON went that way).
    nonisolated static func makeFromJSON(_ ctx: JSContextRef, nulTerminated bytes: UnsafeBufferPointer<UInt8>, shortAsUTF16: Bool = false, noLongStrings: Bool = false) -> JSValueRef? {
        if bytes.count >= 5, bytes[4] == 0 {
            if bytes[0] == UInt8(ascii: "n"), bytes[1] == UInt8(ascii: "u"), bytes[2] == UInt8(ascii: "l"), bytes[3] == UInt8(ascii: "l") { return JSValueMakeNull(ctx) }
            if bytes[0] == UInt8(ascii: "t"), bytes[1] == UInt8(ascii: "r"), bytes[2] == UInt8(ascii: "u"), bytes[3] == UInt8(ascii: "e") { return JSValueMakeBoolean(ctx, true) }
        } else if bytes.count >= 6, bytes[5] == 0, bytes[0] == UInt8(ascii: "f"), bytes[1] == UInt8(ascii: "a"), bytes[2] == UInt8(ascii: "l"),
                  bytes[3] == UInt8(ascii: "s"), bytes[4] == UInt8(ascii: "e") {
            return JSValueMakeBoolean(ctx, false)
        }
        if shortAsUTF16, noLongStrings || bytes.count - 1 <= shortJSONLimit, let value = makeFromASCIIJSONAsUTF16(ctx, UnsafeBufferPointer(rebasing: bytes.dropLast())) { return value }
        return bytes.withMemoryRebound(to: CChar.self) { cbuf in
            let s = JSStringCreateWithUTF8CString(cbuf.baseAddress)
            defer { JSStringRelease(s) }
            return JSValueMakeFromJSONString(ctx, s)
        }
    }

    /// The longest text that goes as UTF-16 whatever its strings.
    nonisolated static let shortJSONLimit = 256

    /// The longest string value JavaScriptCore's JSON parser makes an atom of (its
    /// `maxAtomizeStringLength`): an atom made from 16-bit text is stored 8-bit when it can be,
    /// so a text whose string values are no longer than this yields no 16-bit string.
    package nonisolated static let atomizedJSONStringLength = 10

    /// A JS value parsed from an all-ASCII JSON text, handed to JavaScriptCore as UTF-16 (`nil`
    /// when the text is not all ASCII, or not JSON). JavaScriptCore's UTF-8 entry point
    /// converts every text to UTF-16 in a buffer of its own and then copies it again as 8-bit:
    /// 172 against 82 ns for a 27-byte answer (a C program, 500 000 runs), about a tenth of
    /// delivering it; a batch of 1000 answers of the bench's `rt-batch` took 78 ns less an
    /// answer. Only short texts, or texts without long strings: the string values longer than
    /// ``atomizedJSONStringLength`` that a 16-bit text yields are 16-bit too (a megabyte of
    /// strings parsed this way took 75 % more memory).
    nonisolated static func makeFromASCIIJSONAsUTF16(_ ctx: JSContextRef, _ bytes: UnsafeBufferPointer<UInt8>) -> JSValueRef?? {
        withUnsafeTemporaryAllocation(of: JSChar.self, capacity: max(bytes.count, 1)) { wide -> JSValueRef?? in
            // In blocks, so that a long text that is not ASCII is given up at its first block
            // with a high byte (and each block's loop stays simple enough to vectorize).
            var start = 0
            while start < bytes.count {
                let end = min(start + 256, bytes.count)
                var high: UInt8 = 0
                for i in start..<end {
                    let b = bytes[i]
                    high |= b
                    wide[i] = JSChar(b)
                }
                guard high < 0x80 else { return nil }
                start = end
            }
            let s = JSStringCreateWithCharacters(wide.baseAddress, bytes.count)
            defer { JSStringRelease(s) }
            return .some(JSValueMakeFromJSONString(ctx, s))
        }
    }
}
