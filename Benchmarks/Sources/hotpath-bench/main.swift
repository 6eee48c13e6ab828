// The Swift work of one keep-alive request for a 4 KiB range of a static file (HotPathFixture): parsing,
// the host check, routing, the static-file responder, the response head, the outbound queue, through a
// real `Connection` and the application's `PackServeResponder`, with a transport that neither touches a
// socket nor encrypts. It isolates what the hand-written server adds to each request, which the socket
// benchmarks (scripts/bench) see only as a share of CPU time. `scripts/bench-hotpath` counts its
// instructions with callgrind (docs/performance.md); scripts/bench-allocations counts its allocations.
//
//   hotpath-bench [ITERATIONS]   prints the CPU time per request of ITERATIONS requests (default 1,000,000)
import Foundation
import Glibc
import HotPathFixture

let fixture = try HotPathFixture()
let iterations = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
func cpuNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}
// Warm-up: the file is in the open-file cache and the allocator has its free lists.
for i in 0..<20_000 { fixture.request(i) }
let startSent = fixture.fileBytesSent
let start = cpuNanoseconds()
for i in 0..<iterations { fixture.request(i) }
let elapsed = cpuNanoseconds() - start
guard fixture.fileBytesSent - startSent == iterations * HotPathFixture.rangeBytes else {
    fatalError("not every request was answered with its 4 KiB")
}
print(String(format: "%.0f ns/request", Double(elapsed) / Double(iterations)))
