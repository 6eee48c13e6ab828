import Foundation
import Glibc
import Synchronization
import ThreadedListener

/// A cache for `cache.purge` on a loopback ephemeral port, answering its Nth connection with `answers[N]` (a
/// whole response) and every connection past the list not at all, reading until the purger gives up. So
/// `ScriptedCache(answers: [])` never answers; `[a 503 with Retry-After, a 200]` makes `serve` retry once.
final class ScriptedCache: Sendable {
    private let listener: ThreadedListener
    /// A class, so the threads can share it (a Mutex cannot be copied into their closures).
    private final class Record: Sendable {
        let heads = Mutex<[String]>([])
    }
    private let record = Record()

    init(answers: [String]) throws {
        let record = record
        listener = try ThreadedListener { connection, index in
            Self.serve(connection, answer: index < answers.count ? answers[index] : nil, record: record)
            close(connection)
        }
    }

    var port: Int { listener.port }
    var url: String { "http://127.0.0.1:\(port)/" }
    /// The request heads received so far, in order.
    var heads: [String] { record.heads.withLock { $0 } }

    private static func serve(_ connection: Int32, answer: String?, record: Record) {
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return }
        record.heads.withLock { $0.append(String(decoding: buffer[0..<count], as: UTF8.self)) }
        guard let answer else {
            while buffer.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, 0) }) > 0 {}
            return
        }
        _ = Array(answer.utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
