import Foundation

/// Real nginx running the shipped deploy/nginx/packserve-cache.conf (an http-context file) inside a minimal
/// nginx.conf of the test's own, its upstream pointed at `originPort`, its cache and logs in a temporary
/// directory, on an ephemeral port. One process (`master_process off`), so killing it on release leaves no
/// worker behind holding the port.
package final class RunningNginx: FrontCache {
    package let name = "nginx"
    package let port: Int
    private let directory: TemporaryDirectory
    private var child: ChildProcess?

    package init(port: Int) throws {
        self.port = port
        directory = try TemporaryDirectory("packserve-e2e-nginx")
    }

    package var log: String {
        let errorLog = (try? String(contentsOfFile: directory.file("error.log"), encoding: .utf8)) ?? ""
        return errorLog + (child.map { $0.stderr.text } ?? "not started")
    }

    package var isRunning: Bool { child?.isRunning ?? false }

    package func launch(originPort: Int) async throws {
        var site = try DeployFile("deploy/nginx/packserve-cache.conf")
        try site.replace(#"^proxy_cache_path \S+"#, with: "proxy_cache_path \(try directory.directory("cache"))")
        try site.replace(#"^(\s*)server 127\.0\.0\.1:\d+;"#, with: "    server 127.0.0.1:\(originPort);")
        try site.replace(#"^(\s*)listen \d+;"#, with: "    listen 127.0.0.1:\(port);")
        try site.write(to: directory.file("packserve-cache.conf"))
        let main = try NginxMainConfig.text(
            directory: directory, http: "    include \(directory.file("packserve-cache.conf"));")
        let configPath = directory.file("nginx.conf")
        try Data(main.utf8).write(to: URL(fileURLWithPath: configPath))
        let child = try ChildProcess(try ExternalTool.path(of: "nginx"), ["-p", directory.path, "-c", configPath])
        self.child = child
        try await CacheReadiness.awaitListening(self)
    }
}
