import AdminMessages
import PackStore
import Testing

@testable import PackServer

/// Issue 19, item 8: admin JSON bodies are strict (docs/api.md "Admin API"). Foundation's decoders ignored
/// unknown keys (`{"tll":60}` minted a one-hour URL), took the last of two equal keys and read one string
/// with a comma as two installation events.
@Suite struct StrictAdminBodyTests {
    private func refusal(_ read: () throws(AdminRefusal) -> Void) -> String? {
        do {
            try read()
            return nil
        } catch {
            guard case .badRequest(let detail) = error else { return "\(error)" }
            return detail
        }
    }

    private func signURL(_ json: String) -> String? {
        refusal { () throws(AdminRefusal) in _ = try AdminAPI.decode(SignURLRequest.self, from: Array(json.utf8), orEmpty: nil) }
    }

    private func patch(_ json: String) -> String? {
        refusal { () throws(AdminRefusal) in _ = try PackPatch(json: Array(json.utf8)) }
    }

    @Test func anUnknownKeyIsRefusedNamingItAndTheAllowedOnes() {
        #expect(signURL(#"{"id":"a","tll":60}"#) == #"body:1:11: unknown key "tll" (allowed: id, ttl)"#)
        let publish = refusal { () throws(AdminRefusal) in
            _ = try AdminAPI.decode(PublishRequest.self, from: Array(#"{"nte":"x"}"#.utf8), orEmpty: nil)
        }
        #expect(publish == #"body:1:2: unknown key "nte" (allowed: channel, maxBuild, minBuild, note)"#)
        let rollback = refusal { () throws(AdminRefusal) in
            _ = try AdminAPI.decode(RollbackRequest.self, from: Array(#"{"release":1,"force":true}"#.utf8), orEmpty: nil)
        }
        #expect(rollback == #"body:1:14: unknown key "force" (allowed: channel, release)"#)
    }

    @Test func aDuplicateKeyIsRefused() {
        #expect(signURL(#"{"id":"a","ttl":60,"ttl":604800}"#) == #"body:1:20: duplicate key "ttl""#)
        #expect(patch(#"{"policy":"essential","policy":"on-demand"}"#) == #"body:1:23: duplicate key "policy""#)
    }

    @Test func aWrongTypeIsRefusedNamingTheKey() {
        #expect(signURL(#"{"id":"a","ttl":"60"}"#) == #"body:1:17: ttl: must be a whole number, not "60""#)
        #expect(patch(#"{"order":"1"}"#) == #"body:1:10: order: must be a whole number, not "1""#)
        #expect(patch(#"{"tags":["a",3]}"#) == #"body:1:14: tags[1]: must be a string, not 3"#)
    }

    @Test func aTrailingCommaIsRefused() {
        #expect(patch(#"{"policy":"essential",}"#) == "body:1:23: a trailing comma before }")
        #expect(patch(#"{"tags":["a",]}"#) == "body:1:14: a trailing comma before ]")
    }

    @Test func nullsStayRefused() {
        #expect(patch(#"{"policy":null}"#) == "body:1:11: policy: must be a string, not null (leave the key out instead)")
        #expect(signURL(#"{"id":"a","ttl":null}"#)?.contains("ttl: must be a whole number, not null") == true)
    }

    @Test func oneInstallationEventPerElement() throws {
        let comma = refusal { () throws(AdminRefusal) in
            _ = try PackPatch(json: Array(#"{"installationEvents":["firstInstallation,subsequentUpdate"]}"#.utf8))
        }
        #expect(comma != nil)
        let both = try PackPatch(json: Array(#"{"installationEvents":["subsequentUpdate","firstInstallation"]}"#.utf8))
        #expect(both.installationEvents == [.firstInstallation, .subsequentUpdate])
    }

    @Test func wellFormedBodiesAreRead() throws {
        let request = try AdminAPI.decode(SignURLRequest.self, from: Array(#"{"id":"level-1","ttl":600}"#.utf8), orEmpty: nil)
        #expect(request.id == "level-1" && request.ttl == 600)
        #expect(try AdminAPI.decode(PublishRequest.self, from: [], orEmpty: PublishRequest(note: nil)).note == nil)
        let edit = try PackPatch(json: Array(#"{"policy":"prefetch","order":2,"tags":["a"],"platforms":["all"]}"#.utf8))
        #expect(edit.policy == .prefetch && edit.order == 2 && edit.tags == ["a"] && edit.platforms == [])
        #expect(signURL(#"{"ttl":60}"#) == #"body:1:1: missing key "id""#)
    }

    /// `userInfo` takes any JSON value (strictly parsed: a duplicate key inside it is refused too), kept as the
    /// canonical JSON the store writes into the download manifest; `null` asks for PackServe's own again.
    @Test(arguments: [
        (#"{"userInfo":{"b":[1,2.5,"x/y"],"a":{"c":null,"d":true}}}"#, #"{"a":{"c":null,"d":true},"b":[1,2.5,"x/y"]}"#),
        (#"{"userInfo":"text"}"#, #""text""#),
        (#"{"userInfo":null}"#, "null"),
        (#"{"userInfo":-9223372036854775808}"#, "-9223372036854775808"),
    ])
    func userInfoIsAnyJSON(json: String, canonical: String) throws {
        let edit = try PackPatch(json: Array(json.utf8))
        #expect(edit.userInfo.map { String(decoding: $0, as: UTF8.self) } == canonical)
        #expect(edit.changesAttributes)
        #expect(patch(#"{"userInfo":{"a":1,"a":2}}"#) == #"body:1:20: duplicate key "userInfo.a""#)
    }
}
