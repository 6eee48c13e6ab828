import AppleArchive
import AppleArchiveTestSupport
import JSONText
import Testing

/// The pack manifest: the keys PackServe needs are read, the rest kept, only contradictions refused.
@Suite struct AssetPackManifestTests {
    /// What `ba-package template` prints (Xcode 26), filled in.
    static let template = """
        {
          "assetPackID" : "Tutorial",
          "downloadPolicy" : {
            "essential" : {
              "installationEventTypes" : [
                "firstInstallation",
                "subsequentUpdate"
              ]
            }
          },
          "fileSelectors" : [
            { "file" : "Videos/Introduction.m4v" },
            { "directory" : "Images" }
          ],
          "platforms" : [ ]
        }
        """

    @Test func template() throws {
        let manifest = try AssetPackManifest(json: Array(Self.template.utf8))
        #expect(manifest.assetPackID == "Tutorial")
        #expect(manifest.downloadPolicy == .essential(installationEventTypes: ["firstInstallation", "subsequentUpdate"]))
        #expect(manifest.platforms.isEmpty)
        #expect(manifest.userInfo == nil)
        #expect(manifest.document["fileSelectors"] != nil)
    }

    @Test(arguments: [
        (#"{"downloadPolicy":{"onDemand":{}}}"#, AssetPackDownloadPolicy.onDemand),
        (#"{"downloadPolicy":{"prefetch":{}}}"#, .prefetch(installationEventTypes: [])),
        (#"{"downloadPolicy":{"prefetch":{"installationEventTypes":["subsequentUpdate"],"later":1}}}"#,
         .prefetch(installationEventTypes: ["subsequentUpdate"])),
    ])
    func policies(json: String, policy: AssetPackDownloadPolicy) throws {
        #expect(try AssetPackManifest(json: Array(json.utf8)).downloadPolicy == policy)
    }

    /// Keys PackServe does not know, now or in a later Xcode, are kept and do not matter.
    @Test func unknownKeysAreKept() throws {
        let manifest = try AssetPackManifest(json: Array(#"{"assetPackID":"A","sourceRoot":"..","future":{"x":[1]}}"#.utf8))
        #expect(manifest.assetPackID == "A")
        #expect(manifest.downloadPolicy == nil)
        #expect(manifest.document["future"] == .object(["x": .array([.integer(1)])]))
    }

    @Test(arguments: [
        ("[1]", "the document is an array, not an object"),
        ("{", "not valid JSON: 1:2: the end of the document where a key in double quotes should be"),
        (#"{"assetPackID":["a"]}"#, "assetPackID is an array, not a string"),
        (#"{"downloadPolicy":"essential"}"#, "downloadPolicy is a string, not an object"),
        (#"{"downloadPolicy":{}}"#, "downloadPolicy names 0 policies (); a pack has exactly one"),
        (#"{"downloadPolicy":{"essential":{},"onDemand":{}}}"#,
         "downloadPolicy names 2 policies (essential, onDemand); a pack has exactly one"),
        (#"{"downloadPolicy":{"sometimes":{}}}"#, #"downloadPolicy "sometimes" is not essential, prefetch or onDemand"#),
        (#"{"downloadPolicy":{"prefetch":[]}}"#, "downloadPolicy.prefetch is an array, not an object"),
        (#"{"downloadPolicy":{"prefetch":{"installationEventTypes":"firstInstallation"}}}"#,
         "downloadPolicy.prefetch.installationEventTypes is a string, not an array"),
        (#"{"platforms":"iOS"}"#, "platforms is a string, not an array"),
        (#"{"platforms":["iOS",2]}"#, "platforms holds a number"),
    ])
    func refusals(json: String, problem: String) {
        #expect(throws: AssetPackManifestError(problem)) { try AssetPackManifest(json: Array(json.utf8)) }
    }

    /// userInfo re-serialises equal as JSON: same members and values, whatever the order or spacing.
    @Test(arguments: [
        (#"{"b":1,"a":[true,false,null],"c":{"z":"/x","y":-2.5}}"#, #"{"a":[true,false,null],"b":1,"c":{"y":-2.5,"z":"/x"}}"#),
        (#"{ "big" : 9223372036854775807, "neg": -9223372036854775808, "s": "é\n\"" }"#,
         #"{"big":9223372036854775807,"neg":-9223372036854775808,"s":"é\n\""}"#),
        (#""just text""#, #""just text""#),
    ])
    func userInfoRoundTrip(userInfo: String, canonical: String) throws {
        let manifest = try AssetPackManifest(json: Array(#"{"assetPackID":"a","userInfo":\#(userInfo)}"#.utf8))
        let value = try #require(manifest.userInfo)
        #expect(String(decoding: try value.canonicalJSON(), as: UTF8.self) == canonical)
        #expect(try JSONValue(json: try value.canonicalJSON()) == value)
        #expect(try JSONValue(json: Array(userInfo.utf8)) == value)
    }
}
