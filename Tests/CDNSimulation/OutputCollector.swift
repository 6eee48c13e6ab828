import Foundation
import Synchronization

/// Collects everything a child process writes to one pipe, on a thread of its own, so the child never
/// blocks on a full pipe and tests can look at the output while the child still runs.
package final class OutputCollector: Sendable {
    private let bytes = Mutex<[UInt8]>([])
    private let finished = Mutex(false)

    /// Starts reading `handle` until end of file.
    package init(reading handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.withLock { $0.append(contentsOf: chunk) }
            }
            finished.withLock { $0 = true }
        }
        thread.start()
    }

    package var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }

    package var lines: [String] { text.split(separator: "\n").map(String.init) }

    /// True once the writer closed the pipe (normally: the child exited).
    package var isFinished: Bool { finished.withLock { $0 } }
}
