import Foundation
import CDNSimulation

/// Python: fetches a Prometheus text exposition (argv[1], a URL) and parses it with prometheus_client's
/// own parser, so the format is checked by a reader nobody here wrote. Prints one JSON object: each
/// sample as `name{label="value",…}` (labels sorted) → its value, plus `#type:FAMILY` → the family's type.
enum MetricsScrapeScript {
    static let script = PythonScripts.path(of: "metrics_scrape.py")

    /// Scrapes `url` and returns the samples (and `#type:` entries) as the script prints them.
    static func scrape(_ url: String) async throws -> [String: Any] {
        let run = try await ChildProcess.run(try ExternalTool.path(of: "python3"), [script, url])
        guard let data = run.stdout.text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw EndToEndFailure("cannot scrape \(url): \(run.stdout.text) \(run.stderr.text)") }
        return object
    }
}
