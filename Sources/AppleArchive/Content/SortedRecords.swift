/// The record digests of an archive's entries, kept in fixed-size chunks and handed out in sorted order:
/// memory stays at 32 bytes an entry (no array doubling, whose copy would hold half again as much at its
/// peak), and sorting needs no second copy — each chunk is sorted in place and the chunks are merged.
struct SortedRecords: Sendable {
    /// Records a chunk holds: 65,536 is 2 MiB.
    let chunkCapacity: Int
    private var chunks: [[RecordDigest]] = []
    private(set) var count = 0

    init(chunkCapacity: Int = 1 << 16) {
        self.chunkCapacity = chunkCapacity
    }

    mutating func append(_ record: RecordDigest) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == chunkCapacity {
            var chunk: [RecordDigest] = []
            chunk.reserveCapacity(chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(record)
        count += 1
    }

    /// Calls `body` with every record in ascending order (equal records each once per occurrence).
    mutating func forEachSorted(_ body: (RecordDigest) -> Void) {
        for index in chunks.indices { chunks[index].sort() }
        // A k-way merge through a binary min-heap of (record, chunk, position).
        var heap: [(record: RecordDigest, chunk: Int, position: Int)] = chunks.indices.compactMap { index in
            chunks[index].first.map { ($0, index, 0) }
        }
        func less(_ a: Int, _ b: Int) -> Bool { heap[a].record < heap[b].record }
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count && less(left, smallest) { smallest = left }
                if right < heap.count && less(right, smallest) { smallest = right }
                if smallest == parent { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        while let top = heap.first {
            body(top.record)
            let next = top.position + 1
            if next < chunks[top.chunk].count {
                heap[0] = (chunks[top.chunk][next], top.chunk, next)
            } else {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            if !heap.isEmpty { siftDown(0) }
        }
    }
}
