import ArgumentParser
import Foundation
import PackClient

/// `packserve push FILE --id ID --server URL --token-file F [--cacert CA.pem] [--tag T]… [--policy P] [--order N]
/// [--content-type T] [--publish [--note TEXT]]`: the admin API's client side (docs/api.md "Admin API").
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

    @Flag(help: "Publish the draft once the upload is in.")
    var publish = false

    @Option(help: "With --publish: a note stored with the release.")
    var note: String?

    func run() async throws {
        guard let base = URL(string: server), base.scheme == "http" || base.scheme == "https", base.host != nil else {
            throw CommandFailure("--server must be an http or https URL, not \(server)")
        }
        let token = try TokenFile.read(tokenFile)
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
        let pack = (try? JSONSerialization.jsonObject(with: uploaded.body)) as? [String: Any] ?? [:]
        switch uploaded.status {
        case 201:
            print("pushed \(id) version \(pack["version"] ?? "?"): \(pack["size"] ?? "?") bytes, sha256 \(pack["sha256"] ?? "?")")
        case 200:
            // The draft already has these bytes: the server made no new version.
            print("\(id) unchanged: version \(pack["version"] ?? "?") already has these bytes")
        default:
            throw CommandFailure("upload refused (\(uploaded.status)): \(uploaded.detail)")
        }

        guard publish else { return }
        let body = try JSONSerialization.data(withJSONObject: note.map { ["note": $0] } ?? [:])
        let published = try await Self.answer(from: base) { try await client.send("POST", "publish", json: body) }
        switch published.status {
        case 200:
            let release = try JSONSerialization.jsonObject(with: published.body) as? [String: Any] ?? [:]
            print("release \(release["release"] ?? "?") published (manifest version \(release["version"] ?? "?"))")
        case 409:
            // The draft equals the latest release: nothing was asked that is not already out, as for `publish`.
            print(published.detail)
        default:
            throw CommandFailure("publish refused (\(published.status)): \(published.detail)")
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
