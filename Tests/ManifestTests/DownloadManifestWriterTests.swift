import Foundation
import JSONText
@testable import Manifest
import Testing

/// The download manifest's hand-written encoder must give the very bytes `CanonicalJSON.encode` gives, and
/// a small known document must come out exactly as Apple's format spells it.
@Suite struct DownloadManifestWriterTests {
    static func pack(
        _ id: String, policy: DownloadPolicy = .onDemand, version: Int = 1, size: Int64 = 10, tags: [String] = [],
        url: String = "https://h.example/packs/x", sha256: String = "ab", userInfo: String? = nil
    ) -> DownloadManifestPack {
        DownloadManifestPack(
            id: id, url: url, version: version, downloadSize: size, downloadPolicy: policy, sha256: sha256, tags: tags,
            release: 4, userInfo: userInfo)
    }

    @Test func aSmallKnownDocumentIsExactlyTheseBytes() {
        let manifest = DownloadManifest(assetPacks: [
            Self.pack("level-1", policy: .prefetch(installationEventTypes: ["firstInstallation", "subsequentUpdate"]),
                      version: 3, size: 524_288, tags: ["forest", "levels"], url: "https://assets.example.com/packs/level-1"),
            Self.pack("Tutorial", policy: .essential(installationEventTypes: ["firstInstallation"]), size: 7),
            Self.pack("hd", size: 0),
        ])
        let expected = #"{"assetPacks":[{"downloadPolicy":{"prefetch":{"installationEventTypes":["firstInstallation","subsequentUpdate"]}},"downloadSize":524288,"host":{"thirdParty":{}},"id":"level-1","url":"https://assets.example.com/packs/level-1","userInfo":{"release":4,"sha256":"ab","tags":["forest","levels"]},"version":3},{"downloadPolicy":{"essential":{"installationEventTypes":["firstInstallation"]}},"downloadSize":7,"host":{"thirdParty":{}},"id":"Tutorial","url":"https://h.example/packs/x","userInfo":{"release":4,"sha256":"ab","tags":[]},"version":1},{"downloadPolicy":{"onDemand":{}},"downloadSize":0,"host":{"thirdParty":{}},"id":"hd","url":"https://h.example/packs/x","userInfo":{"release":4,"sha256":"ab","tags":[]},"version":1}]}"#
        #expect(String(decoding: manifest.encoded(), as: UTF8.self) == expected)
    }

    static let documents: [(name: String, manifest: DownloadManifest)] = {
        let everyASCII = String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) }))
        let unicode = "\u{7F}\u{80}é e\u{301} \u{2028}日本 😀"
        return [
            ("empty", DownloadManifest(assetPacks: [])),
            ("every policy", DownloadManifest(assetPacks: [
                pack("a", policy: .essential(installationEventTypes: ["firstInstallation", "subsequentUpdate"])),
                pack("b", policy: .prefetch(installationEventTypes: [])),
                pack("c", policy: .onDemand),
            ])),
            ("escapes", DownloadManifest(assetPacks: [
                pack(everyASCII, tags: [everyASCII, unicode, "/"], url: "https://h/x/\"y\"\\z", sha256: unicode),
            ])),
            ("big numbers", DownloadManifest(assetPacks: [pack("max", version: .max, size: .max), pack("min", version: .min, size: .min)])),
            // A pack's own userInfo (an Apple Archive's), as the store keeps it: canonical JSON, written as it is.
            ("own userInfo", DownloadManifest(assetPacks: [
                pack("a", userInfo: #"{"difficulty":3,"name":"Forest é","tags":["a/b",true,null,1.5,-2]}"#),
                pack("b", userInfo: #""text""#), pack("c", userInfo: "[]"), pack("d"),
            ])),
        ]
    }()

    @Test(arguments: documents)
    func writerMatchesJSONEncoder(name: String, manifest: DownloadManifest) throws {
        #expect(manifest.encoded() == (try CanonicalJSON.encode(manifest)), "\(name)")
    }

    /// The model round-trips through its Codable form, so the writer's output decodes to what it wrote.
    @Test(arguments: documents)
    func encodedBytesDecodeToTheSameManifest(name: String, manifest: DownloadManifest) throws {
        #expect(try CanonicalJSON.decode(DownloadManifest.self, from: manifest.encoded()) == manifest, "\(name)")
    }
}
