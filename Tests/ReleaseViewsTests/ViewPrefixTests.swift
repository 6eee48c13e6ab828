import ReleaseViews
import Testing

/// The view prefix, table by table: what it names, what is left to route, and every refusal.
@Suite struct ViewPrefixTests {
    private func view(_ channel: String? = nil, _ build: String? = nil, _ cohort: Int? = nil) throws -> ViewSelector {
        ViewSelector(
            channel: channel.map { ChannelName($0)! }, build: try build.map { try AppBuild(parsing: $0) }, cohort: cohort)
    }

    @Test(arguments: ["/manifest", "/packs/level-1", "/channels", "/builds", "/cohorts", "/channelsx/a/manifest", "/", ""])
    func pathsWithoutAPrefixAreLeftAlone(_ path: String) {
        #expect(ViewPrefix.split(Substring(path)) == .none)
    }

    @Test(arguments: [
        ("/channels/beta/manifest", "beta", nil, nil, "/manifest"),
        ("/builds/1.10/download-manifest.json", nil, "1.10", nil, "/download-manifest.json"),
        ("/cohorts/0/tags/intro", nil, nil, 0, "/tags/intro"),
        ("/channels/beta/builds/1.9.3/cohorts/999/packs/level-1", "beta", "1.9.3", 999, "/packs/level-1"),
        ("/channels/beta/cohorts/42/manifest.json.sig", "beta", nil, 42, "/manifest.json.sig"),
        ("/builds/2/cohorts/7/manifest", nil, "2", 7, "/manifest"),
        ("/channels/beta", "beta", nil, nil, ""),
        ("/channels/beta/", "beta", nil, nil, "/"),
        ("/builds/1.0/channels", nil, "1.0", nil, "/channels"),
    ] as [(String, String?, String?, Int?, String)])
    func prefixesNameTheirView(_ path: String, _ channel: String?, _ build: String?, _ cohort: Int?, _ rest: String) throws {
        #expect(ViewPrefix.split(Substring(path)) == .view(try view(channel, build, cohort), rest: Substring(rest)))
    }

    @Test(arguments: [
        ("/builds/1.0/channels/beta/manifest", "out of order"),
        ("/cohorts/3/builds/1.0/manifest", "out of order"),
        ("/cohorts/3/channels/beta/manifest", "out of order"),
        ("/channels/beta/channels/qa/manifest", "twice"),
        ("/builds/1/builds/2/manifest", "twice"),
        ("/channels/Beta/manifest", "not a channel name"),
        ("/channels//manifest", "not a channel name"),
        ("/channels/beta.1/manifest", "not a channel name"),
        ("/builds/abc/manifest", "is not a build"),
        ("/builds//manifest", "a build is empty"),
        ("/builds/1.2.3.4.5/x", "is not a build"),
        ("/builds/1.2.3.4/manifest", "is not a build"),
        ("/cohorts/1000/manifest", "not a cohort"),
        ("/cohorts/-1/manifest", "not a cohort"),
        ("/cohorts/007/manifest", "not a cohort"),
        ("/cohorts//manifest", "not a cohort"),
        ("/cohorts/1e3/manifest", "not a cohort"),
    ])
    func malformedPrefixesAreRefusedWithOneLine(_ path: String, _ reason: String) {
        guard case .malformed(let line) = ViewPrefix.split(Substring(path)) else {
            Issue.record("\(path) was not refused")
            return
        }
        #expect(line.contains(reason), "\(path): \(line)")
        #expect(!line.contains("\n"))
    }

    /// Found by ViewPrefixFuzzer: a carriage return in the build was quoted into the refusal.
    @Test(arguments: ["/builds/own\road-manifest.json", "/channels/a\nb/manifest", "/cohorts/1\u{2028}/x", "/builds/\u{85}/x"])
    func refusalsShowNoControlCharacters(_ path: String) {
        guard case .malformed(let line) = ViewPrefix.split(Substring(path)) else {
            Issue.record("\(path) was not refused")
            return
        }
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 })
        #expect(line.contains("?"))
    }

    @Test func refusalsQuoteAtMostFortyCharacters() {
        guard case .malformed(let line) = ViewPrefix.split(Substring("/channels/" + String(repeating: "X", count: 500) + "/manifest"))
        else {
            Issue.record("not refused")
            return
        }
        #expect(line.count < 120)
    }

    @Test func theViewsPrefixReadsBackAsTheSameView() throws {
        for selector in [try view("beta", "1.10", 3), try view(nil, "2"), try view("qa"), ViewSelector.plain] {
            let path = selector.pathPrefix + "/manifest"
            let split = ViewPrefix.split(Substring(path))
            #expect(split == (selector == .plain ? .none : .view(selector, rest: "/manifest")))
        }
    }
}
