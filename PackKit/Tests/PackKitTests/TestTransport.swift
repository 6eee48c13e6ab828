import Foundation
@testable import PackKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session configuration whose requests all go to `FakeServer`s.
func fakeConfiguration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [FakeURLProtocol.self]
    return configuration
}

/// A sleeper that returns at once and remembers what it was asked to wait.
final class RecordingSleeper: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []

    var sleeps: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func record(_ duration: Duration) {
        lock.lock()
        recorded.append(duration)
        lock.unlock()
    }

    var sleeper: Sleeper {
        { duration in
            self.record(duration)
            try Task.checkCancellation()
        }
    }
}

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("packkit-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
