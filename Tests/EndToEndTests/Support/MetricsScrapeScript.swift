import Foundation

/// Python: fetches a Prometheus text exposition (argv[1], a URL) and parses it with prometheus_client's
/// own parser, so the format is checked by a reader nobody here wrote. Prints one JSON object: each
/// sample as `name{label="value",…}` (labels sorted) → its value, plus `#type:FAMILY` → the family's type.
enum MetricsScrapeScript {
    static let source = #"""
        import json, sys, urllib.request
        from prometheus_client.parser import text_string_to_metric_families

        with urllib.request.urlopen(sys.argv[1], timeout=10) as response:
            assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4"), response.headers
            text = response.read().decode("utf-8")
        out = {}
        for family in text_string_to_metric_families(text):
            out["#type:" + family.name] = family.type
            for sample in family.samples:
                labels = ",".join('%s="%s"' % (k, v) for k, v in sorted(sample.labels.items()))
                out[sample.name + ("{" + labels + "}" if labels else "")] = sample.value
        print(json.dumps(out))
        """#

    /// Scrapes `url` and returns the samples (and `#type:` entries) as the script prints them.
    static func scrape(_ url: String) async throws -> [String: Any] {
        let run = try await ChildProcess.run(try ExternalTool.path(of: "python3"), ["-c", source, url])
        guard let data = run.stdout.text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw EndToEndFailure("cannot scrape \(url): \(run.stdout.text) \(run.stderr.text)") }
        return object
    }
}
