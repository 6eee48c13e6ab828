import Foundation
import Glibc
import Polling
import Testing

extension ServerTests {
    /// What the server reports about where it listens; `packserve` logs it, and tooling reads the port
    /// from that log line when it asked for port 0.
    @Suite struct Listening {
        /// Each loop's thread carries `loopThreadName` and its index, as top -H, perf and /proc show it.
        @Test func theLoopThreadsAreNamed() async throws {
            let server = try TestServer { $0.loopThreadName = "named-test" }
            // A loop names its thread as it starts, which may come after `start()` returns.
            let named = try await Poll.until(within: .seconds(5)) {
                let names = Set(Self.threadNames())
                return names.contains("named-test-0") && names.contains("named-test-1")
            }
            #expect(named, "threads: \(Self.threadNames())")
            await server.stop()
        }

        /// The names of this process's threads, from /proc.
        static func threadNames() -> [String] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.compactMap { task in
                (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                    .trimmingCharacters(in: .newlines)
            }
        }

        @Test func boundAddressesNameTheEphemeralPortActuallyBound() async throws {
            let server = try TestServer()
            #expect(server.port > 0)
            #expect(server.server.boundAddresses == ["127.0.0.1:\(server.port)"])
            await server.stop()
        }
    
        /// The IPv4 wildcard binds the IPv6 wildcard too: a client on ::1 is served.
        @Test func theWildcardListensOnIPv6AsWell() async throws {
            let server = try TestServer { $0.host = "0.0.0.0" }
            #expect(server.server.boundAddresses == ["0.0.0.0:\(server.port)", "[::]:\(server.port)"])
            let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(server.port).bigEndian)
            address.sin6_addr = in6addr_loopback
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
            #expect(connected == 0, "connect to [::1]:\(server.port): errno \(errno)")
            let request = Array("GET /v6 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n".utf8)
            #expect(send(fd, request, request.count, 0) == request.count)
            var buffer = [UInt8](repeating: 0, count: 512)
            let n = recv(fd, &buffer, buffer.count, 0)
            #expect(n > 0 && String(decoding: buffer[0..<max(n, 0)], as: UTF8.self).hasSuffix("GET /v6"))
            await server.stop()
        }
    }
}
