extension JSONValue {
    /// `true` when `other` is known to be this same value without comparing contents: the same
    /// scalar, or containers that share their storage (a value handed out again, such as a mock's
    /// answer). `false` means only "not known": equal values in separate storage are not
    /// identical. Constant time; used to reuse the JSON text of a value encoded before.
    package func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a.utf8.count == b.utf8.count && a.utf8.count <= 64 && a == b
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            if a.isEmpty { return true }
            return a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
        case (.object(let a), .object(let b)): return a.sharesStorage(with: b)
        default: return false
        }
    }
}

extension JSONObject {
    /// Whether both objects use the same storage (then they are the same object).
    package func sharesStorage(with other: JSONObject) -> Bool {
        withUnsafeBytes(of: self) { a in withUnsafeBytes(of: other) { b in a.elementsEqual(b) } }
    }
}
