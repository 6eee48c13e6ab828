// The Swift work of one keep-alive request for a 4 KiB range of a static file: parsing, the host check,
// routing, the static-file responder, the response head, the outbound queue, through a real `Connection`
// and the application's `PackServeResponder`, with a transport that neither touches a socket nor
// encrypts. It isolates what the hand-written server adds to each request, which the socket benchmarks
// (scripts/bench) see only as a share of CPU time. `scripts/bench-hotpath` runs it (docs/performance.md).
//
//   hotpath-bench [ITERATIONS]   prints the CPU time per request of ITERATIONS requests (default 1,000,000)

// Built only by scripts/bench-hotpath, which compiles the modules for testing (it reaches the server's
// internal `Connection`, `Transport` and `ConnectionHost`); any other build gets an empty program.
#if HOTPATH_BENCH
import Foundation
import Glibc
import Logging
import Manifest
@testable import HTTPServer
@testable import PackServer

let root = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-hotpath-\(getpid())").path
defer { try? FileManager.default.removeItem(atPath: root) }
try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
let size = 100 * 1024 * 1024
// A sparse 100 MiB file: only its size and metadata matter, the bytes are never read.
FileManager.default.createFile(atPath: root + "/ranged-100m.bin", contents: nil)
truncate(root + "/ranged-100m.bin", off_t(size))
var configuration = PackServeConfiguration()
configuration.publicDirectory = root
configuration.publicBaseURL = "http://127.0.0.1:18080"
let responder = try PackServeResponder(configuration: configuration, live: LiveRelease(), publicKeys: [SigningKey().publicKey])
let host = BenchmarkHost(responder: responder)
let transport = NullTransport()
let connection = Connection(socket: -1, transport: transport, host: host)
// 4,096 ranges spread over the file, the same in every run (so instruction counts compare exactly).
let requests: [[UInt8]] = (0..<4096).map { index in
    let start = index * 2_654_435_761 % (size - 4096)
    return Array("GET /ranged-100m.bin HTTP/1.1\r\nHost: 127.0.0.1:18443\r\nRange: bytes=\(start)-\(start + 4095)\r\n\r\n".utf8)
}
let iterations = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
func cpuNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}
// Warm-up: the file is in the open-file cache and the allocator has its free lists.
for i in 0..<20_000 {
    transport.pending = requests[i & 4095]
    connection.handle(events: 1)
}
let startSent = transport.sent
let start = cpuNanoseconds()
for i in 0..<iterations {
    transport.pending = requests[i & 4095]
    connection.handle(events: 1)
}
let elapsed = cpuNanoseconds() - start
guard transport.sent - startSent == iterations * 4096 else { fatalError("not every request was answered with its 4 KiB") }
print(String(format: "%.0f ns/request", Double(elapsed) / Double(iterations)))
#endif
