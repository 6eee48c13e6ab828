import AdminMessages
import ArgumentParser
import Foundation
import Manifest
import PackClient
import PackKitWire

/// `packserve push FILE --id ID --server URL --token-file F [--cacert CA.pem] [--tag T]… [--policy P] [--order N]
/// [--content-type T] [--user-info FILE] [--publish [--note TEXT]]`: the admin API's client side (docs/api.md
/// "Admin API").
/// Needs no config or store: it runs where the build runs.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Upload a file to a server's admin API as a new version of a pack; with --publish, publish the draft.")

    @Argument(help: "The file to upload.")
    var file: String

    @Option(help: "Pack id.")
    var id: String

    @Option(help: "The server's base URL, e.g. https://assets.example.com.")
    var server: String

    @Option(help: "A file holding the token (the line `packserve token create` printed).")
    var tokenFile: String

    @Option(help: "PEM certificates to trust for HTTPS instead of the system's (e.g. the development CA, .packserve/tls/ca.pem).")
    var cacert: String?

    @Option(name: .customLong("tag"), help: "A tag to add (repeatable).")
    var tags: [String] = []

    @OptionGroup var attributes: PackAttributeOptions

    @Option(help: "A JSON file: the pack's userInfo in the download manifest, sent once the upload is in (not for Apple Archives, whose Manifest.json has theirs).")
    var userInfo: String?

    @Flag(help: "Publish the draft once the upload is in.")
    var publish = false

    @Option(help: "With --publish: a note stored with the release.")
    var note: String?

    @Option(help: "With --publish: the channel to point at the release (default production).")
    var channel: String?

    @Option(help: "With --publish: the lowest app build the release works with.")
    var minBuild: String?

    @Option(help: "With --publish: the highest app build the release works with.")
    var maxBuild: String?

    func run() async throws {
        // Checked here, before a byte is sent: the server would refuse them after the upload.
        if let channel { _ = try ViewArguments.channel(channel) }
        _ = try ViewArguments.range(min: minBuild, max: maxBuild)
        guard publish || (channel == nil && minBuild == nil && maxBuild == nil) else {
            throw CommandFailure("--channel, --min-build and --max-build go with --publish")
        }
        guard let base = URL(string: server), base.scheme == "http" || base.scheme == "https", base.host != nil else {
            throw CommandFailure("--server must be an http or https URL, not \(server)")
        }
        let token = try TokenFile.read(tokenFile)
        let userInfoJSON = try userInfo.map(UserInfoFile.read)
        let fileURL = URL(fileURLWithPath: file)
        guard FileManager.default.isReadableFile(atPath: file) else { throw CommandFailure("cannot read \(file)") }

        var query = tags.map { URLQueryItem(name: "tag", value: $0) }
        if let policy = attributes.policy { query.append(URLQueryItem(name: "policy", value: policy)) }
        if let order = attributes.order { query.append(URLQueryItem(name: "order", value: String(order))) }
        if let contentType = attributes.contentType {
            query.append(URLQueryItem(name: "contentType", value: contentType))
        }

        let client: AdminClient
        do { client = try AdminClient(server: base, token: token, caFile: cacert) } catch {
            throw CommandFailure(error.description)
        }
        let progress = ProgressLine(label: "pushing \(id)")
        let uploaded = try await Self.answer(from: base) {
            try await client.upload(file: fileURL, id: id, query: query) { sent, total in
                progress.update(done: sent, total: total)
            }
        }
        progress.finish()
        switch uploaded.status {
        case 201:
            // The answer is the draft's pack: the manifest's pack object plus the catalog's keys.
            let pack = try Self.decode(PackDescriptor.self, from: uploaded)
            print("pushed \(id) version \(pack.version): \(pack.size) bytes, sha256 \(pack.sha256)")
        case 200:
            // The draft already has these bytes: the server made no new version.
            let pack = try Self.decode(PackDescriptor.self, from: uploaded)
            print("\(id) unchanged: version \(pack.version) already has these bytes")
        default:
            throw CommandFailure("upload refused (\(uploaded.status)): \(uploaded.detail)")
        }

        if let userInfoJSON {
            // The server parses the body strictly: the file's JSON goes in as it is, and is refused there if invalid.
            let body = Data(Array(#"{"userInfo":"#.utf8) + userInfoJSON + Array("}".utf8))
            let patched = try await Self.answer(from: base) { try await client.send("PATCH", "packs/\(id)", json: body) }
            guard patched.status == 200 else {
                throw CommandFailure("userInfo refused (\(patched.status)): \(patched.detail)")
            }
            print("set \(id)'s userInfo")
        }

        guard publish else { return }
        let body = try JSONEncoder().encode(
            PublishRequest(note: note, channel: channel, minBuild: minBuild, maxBuild: maxBuild))
        let published = try await Self.answer(from: base) { try await client.send("POST", "publish", json: body) }
        switch published.status {
        case 200:
            let outcome = try Self.decode(PublishOutcome.self, from: published)
            let to = outcome.channel.map { $0 == "production" ? "" : " to \($0)" } ?? ""
            print("release \(outcome.release) published\(to) (manifest version \(outcome.version))")
        case 409:
            // The draft equals the latest release: nothing was asked that is not already out, as for `publish`.
            print(published.detail)
        default:
            throw CommandFailure("publish refused (\(published.status)): \(published.detail)")
        }
    }

    /// A success's body as the server's own type, or one line saying it is not one.
    private static func decode<T: Decodable>(_ type: T.Type, from answer: AdminClient.Answer) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: answer.body)
        } catch {
            throw CommandFailure("the server answered \(answer.status) with a body that is not the admin API's: \(answer.detail)")
        }
    }

    /// The server's answer, or one line saying why there was none.
    private static func answer(
        from server: URL, _ request: () async throws -> AdminClient.Answer
    ) async throws -> AdminClient.Answer {
        do {
            return try await request()
        } catch {
            throw CommandFailure(TransportFailure.describe(error, url: server))
        }
    }
}
