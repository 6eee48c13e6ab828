import Foundation
import Glibc
import Synchronization

/// A cache for `cache.purge` on a loopback ephemeral port, answering its Nth connection with `answers[N]` (a
/// whole response) and every connection past the list not at all, reading until the purger gives up. So
/// `ScriptedCache(answers: [])` never answers; `[a 503 with Retry-After, a 200]` makes `serve` retry once.
final class ScriptedCache: Sendable {
    let port: Int
    private let listener: Int32
    /// A class, so the threads can share it (a Mutex cannot be copied into their closures).
    private final class Record: Sendable {
        let heads = Mutex<[String]>([])
    }
    private let record = Record()

    init(answers: [String]) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
        let record = record
        Thread.detachNewThread {
            var index = 0
            while true {
                let connection = accept(listener, nil, nil)
                // Closed here, once accept fails after deinit's shutdown, so its number is not reused meanwhile.
                guard connection >= 0 else {
                    close(listener)
                    return
                }
                let answer = index < answers.count ? answers[index] : nil
                index += 1
                Thread.detachNewThread {
                    Self.serve(connection, answer: answer, record: record)
                    close(connection)
                }
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
    }

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
