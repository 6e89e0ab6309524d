/// Timers ordered by deadline, then by the order they were added (a binary min-heap): the event
/// loop's and a fake timeline's. Entries whose timer was cancelled stay until they reach the top
/// (their owner skips them there) or their owner clears them out (`removeAll(where:)`).
struct DeadlineHeap {
    struct Entry {
        var deadline: Duration
        var seq: UInt64
        var id: Int
    }

    private var heap: [Entry] = []
    private var nextSeq: UInt64 = 0

    /// The earliest entry.
    var first: Entry? { heap.first }

    /// Every entry, in no particular order.
    var entries: [Entry] { heap }

    /// Adds timer `id` due at `deadline`, after every entry already due then. Returns the entry's
    /// sequence number.
    @discardableResult
    mutating func push(_ id: Int, at deadline: Duration) -> UInt64 {
        nextSeq += 1
        heap.append(Entry(deadline: deadline, seq: nextSeq, id: id))
        siftUp(heap.count - 1)
        return nextSeq
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        while i > 0 {
            let p = (i - 1) / 2
            guard Self.less(heap[i], heap[p]) else { break }
            heap.swapAt(i, p)
            i = p
        }
    }

    /// Removes the earliest entry.
    mutating func popFirst() {
        guard !heap.isEmpty else { return }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    /// Number of entries, cancelled ones included.
    var count: Int { heap.count }

    mutating func removeAll() {
        heap.removeAll()
    }

    /// Drops the entries `isDead` picks and restores the order (linear time): how an owner clears
    /// out the entries of its cancelled timers before they pile up.
    mutating func removeAll(where isDead: (Entry) -> Bool) {
        heap.removeAll(where: isDead)
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count, Self.less(heap[l], heap[m]) { m = l }
            if r < heap.count, Self.less(heap[r], heap[m]) { m = r }
            if m == i { break }
            heap.swapAt(i, m)
            i = m
        }
    }

    private static func less(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.seq < b.seq)
    }
}
