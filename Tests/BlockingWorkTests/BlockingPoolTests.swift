import BlockingWork
import Foundation
import Synchronization
import Testing

/// Round 3's operations kit: blocking work on a bounded pool, not Dispatch's global queue.
@Suite struct BlockingPoolTests {
    /// Ten items that each block until released: never more than the bound run at once, none is lost or run
    /// twice, and the first to come are the first to start. (Among items released together, which of the
    /// pool's threads records its start first is the scheduler's choice, so no order is asserted there.)
    @Test func neverMoreThanTheBoundRunAtOnce() {
        let pool = BlockingPool(name: "test", maxThreads: 3)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let state = Mutex((running: 0, most: 0, started: [Int]()))
        let done = DispatchGroup()
        for index in 0..<10 {
            done.enter()
            pool.run {
                state.withLock { $0.running += 1; $0.most = max($0.most, $0.running); $0.started.append(index) }
                started.signal()
                gate.wait()
                state.withLock { $0.running -= 1 }
                done.leave()
            }
        }
        // Three start and block; the others wait for a thread.
        for _ in 0..<3 { started.wait() }
        #expect(state.withLock { $0.started.sorted() } == [0, 1, 2])
        for _ in 0..<10 { gate.signal() }
        done.wait()
        #expect(state.withLock { $0.most } == 3)
        #expect(state.withLock { $0.started.sorted() } == Array(0..<10))
        #expect(pool.threadCount == 3)
    }

    @Test func aValueComesBackToAsyncCode() async throws {
        let pool = BlockingPool(name: "value", maxThreads: 1)
        #expect(try await pool.value { 6 * 7 } == 42)
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await pool.value { throw Refused() } }
    }
}
