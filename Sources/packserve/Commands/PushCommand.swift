import ArgumentParser
import Foundation
import PackClient

/// `packserve push FILE --id ID --server URL --token-file F [--tag T]… [--policy P] [--order N]
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
        let token: String
        do {
            token = try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw CommandFailure("cannot read the token file \(tokenFile): \(error.localizedDescription)")
        }
        guard !token.isEmpty else { throw CommandFailure("the token file \(tokenFile) is empty") }
        let fileURL = URL(fileURLWithPath: file)
        guard FileManager.default.isReadableFile(atPath: file) else { throw CommandFailure("cannot read \(file)") }

        var query = tags.map { URLQueryItem(name: "tag", value: $0) }
        if let policy = attributes.policy { query.append(URLQueryItem(name: "policy", value: policy)) }
        if let order = attributes.order { query.append(URLQueryItem(name: "order", value: String(order))) }
        if let contentType = attributes.contentType {
            query.append(URLQueryItem(name: "contentType", value: contentType))
        }

        let client = AdminClient(server: base, token: token)
        let progress = ProgressLine(label: "pushing \(id)")
        let uploaded = try await client.upload(file: fileURL, id: id, query: query) { sent, total in
            progress.update(done: sent, total: total)
        }
        progress.finish()
        guard uploaded.status == 201 else { throw CommandFailure("upload refused (\(uploaded.status)): \(uploaded.detail)") }
        let pack = try JSONSerialization.jsonObject(with: uploaded.body) as? [String: Any] ?? [:]
        print("pushed \(id) version \(pack["version"] ?? "?"): \(pack["size"] ?? "?") bytes, sha256 \(pack["sha256"] ?? "?")")

        guard publish else { return }
        let body = try JSONSerialization.data(withJSONObject: note.map { ["note": $0] } ?? [:])
        let published = try await client.send("POST", "publish", json: body)
        guard published.status == 200 else { throw CommandFailure("publish refused (\(published.status)): \(published.detail)") }
        let release = try JSONSerialization.jsonObject(with: published.body) as? [String: Any] ?? [:]
        print("release \(release["release"] ?? "?") published (manifest version \(release["version"] ?? "?"))")
    }
}
