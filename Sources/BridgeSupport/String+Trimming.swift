extension StringProtocol {
    /// The text without leading and trailing white space and line breaks: Unicode `White_Space`
    /// plus U+200B ZERO WIDTH SPACE, the same set as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (a test compares the two).
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        func trims(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace || s.value == 0x200B }
        guard let first = scalars.firstIndex(where: { !trims($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trims($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
