import Foundation

/// HAProxy for the replica topology, in TCP mode like the shipped `deploy/haproxy/packserve.cfg`: one frontend
/// on loopback balancing round-robin over the replicas (health-checked on `/readyz`, a refused connection
/// redispatched to the other), and, on the host's end of each namespace's link, a forward of the Ceph
/// gateway, which listens only on loopback.
final class TopologyHAProxy {
    let port: Int
    /// HAProxy's statistics page (CSV at `/stats;csv`): which replicas its checks hold up.
    let statsPort: Int
    let process: SpawnedProcess
    private let directory: String

    init(
        port: Int, statsPort: Int, replicas: [(address: String, port: Int)], gatewayPort: Int,
        gatewayForwards: [(address: String, port: Int)]
    ) throws {
        self.port = port
        self.statsPort = statsPort
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-haproxy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Server state changes on stderr, for a failing test's message.
        var text = """
            global
                log stderr format raw local0 notice

            defaults
                log global
                mode tcp
                timeout connect 2s
                timeout client 30s
                timeout server 30s
                timeout check 1s
                retries 3
                option redispatch

            frontend replicas
                bind 127.0.0.1:\(port)
                default_backend replicas

            backend replicas
                balance roundrobin
                option httpchk
                http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host packserve-health-check
                http-check expect status 200
                default-server check inter 300ms fall 1 rise 1

            """
        for (index, replica) in replicas.enumerated() {
            text += "    server replica\(index + 1) \(replica.address):\(replica.port)\n"
        }
        text += "\nbackend gateway\n    server rgw 127.0.0.1:\(gatewayPort)\n"
        text += "\nfrontend stats\n    mode http\n    bind 127.0.0.1:\(statsPort)\n    stats enable\n    stats uri /stats\n"
        for (index, forward) in gatewayForwards.enumerated() {
            text += "\nfrontend gateway\(index + 1)\n    bind \(forward.address):\(forward.port)\n    default_backend gateway\n"
        }
        let path = directory + "/haproxy.cfg"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try HostCommand.run("/usr/sbin/haproxy", ["-c", "-q", "-f", path])
        process = try SpawnedProcess("/usr/sbin/haproxy", ["-db", "-f", path], outputPath: directory + "/out.txt")
    }

    deinit {
        _ = process.kill9()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
