/// A line diff of two pretty-printed values, as shown under a failed `toEqual`: common lines
/// start with two spaces, lines only in the expected value with `- `, lines only in the received
/// value with `+ `.
enum LineDiff {
    /// Above this many line pairs the diff does not search for common lines (all `-`, then all `+`).
    static let maxCells = 4_000_000

    /// The diff lines of `expected` against `received`.
    static func lines(expected: String, received: String) -> [String] {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = received.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return diff(a, b)
    }

    /// The diff of two line lists (longest common subsequence).
    static func diff(_ a: [String], _ b: [String]) -> [String] {
        let n = a.count, m = b.count
        guard n * m <= maxCells else { return a.map { "- " + $0 } + b.map { "+ " + $0 } }
        // lcs[i][j] = length of the LCS of a[i...] and b[j...], stored row-major.
        var lcs = [Int](repeating: 0, count: (n + 1) * (m + 1))
        let width = m + 1
        if n > 0 && m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lcs[i * width + j] =
                        a[i] == b[j]
                        ? lcs[(i + 1) * width + j + 1] + 1
                        : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
                }
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                out.append("  " + a[i])
                i += 1
                j += 1
            } else if j < m, i == n || lcs[i * width + j + 1] > lcs[(i + 1) * width + j] {
                out.append("+ " + b[j])
                j += 1
            } else {
                out.append("- " + a[i])
                i += 1
            }
        }
        return out
    }
}
