/// When each installed device polls next: a min-heap of (due, device index), earliest first.
struct PollSchedule {
    private var heap: [(due: ContinuousClock.Instant, device: Int)] = []

    var isEmpty: Bool { heap.isEmpty }
    var earliest: ContinuousClock.Instant? { heap.first?.due }

    mutating func add(_ device: Int, due: ContinuousClock.Instant) {
        heap.append((due, device))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeEarliest() -> (due: ContinuousClock.Instant, device: Int) {
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count && heap[left].due < heap[smallest].due { smallest = left }
                if right < heap.count && heap[right].due < heap[smallest].due { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first
    }
}
