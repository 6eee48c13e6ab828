/// The nginx.conf the tests run nginx with: in the foreground, one process (`master_process off`, so killing
/// it on release leaves no worker behind holding the port), its pid, error log and temp files in `directory`,
/// and `http` holding the test's own site.
package enum NginxMainConfig {
    package static func text(directory: TemporaryDirectory, http: String) throws -> String {
        let temp = try directory.directory("temp")
        return """
            daemon off;
            master_process off;
            pid \(directory.file("nginx.pid"));
            error_log \(directory.file("error.log")) warn;
            events { worker_connections 256; }
            http {
                access_log off;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
            \(http)
            }
            """
    }
}
