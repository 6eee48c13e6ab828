import ArgumentParser
import Foundation
import JSONText
import Manifest
import PackStore

/// `packserve token create|ls|revoke`: API tokens for the admin routes (docs/api.md "Tokens").
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Make, list and revoke API tokens for the /admin/ routes.",
        subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self])

    @ParentCommand var root: PackServe

    func store() async throws -> PackStore {
        try await StoreContext.open(configPath: root.config).store
    }
}

/// `packserve token create --name NAME --scope upload,publish,read[,download]`
struct TokenCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Make a token and print its secret (once: only its SHA-256 is stored).")

    @ParentCommand var token: TokenCommand

    @Option(help: "The token's name (1-64 of A-Z, a-z, 0-9, '.', '_', '-'), used by ls and revoke.")
    var name: String

    @Option(help: "Comma-separated scopes: upload, publish, read, download.")
    var scope: String

    func run() async throws {
        let scopes = try TokenScope.parseList(scope)
        let store = try await token.store()
        let (secret, made) = try store.createToken(name: name, scopes: scopes)
        // The secret alone on stdout, so `packserve token create … > ci.token` writes a usable token file.
        print(secret)
        FileHandle.standardError.write(Data(
            "token \(made.name) (\(TokenScope.encode(made.scopes))) created; the line above is its secret, shown only now\n".utf8))
    }
}

/// `packserve token ls [--json]`
struct TokenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ls", abstract: "List tokens (never their secrets).")

    @ParentCommand var token: TokenCommand

    @Flag(help: "Print a JSON array of {name, scopes, createdAt}.")
    var json = false

    func run() async throws {
        let tokens = try await token.store().tokens()
        if json {
            print(try CanonicalJSON.string(tokens.map(TokenListItem.init)))
            return
        }
        guard !tokens.isEmpty else {
            print("no tokens: make one with packserve token create --name NAME --scope upload,publish,read")
            return
        }
        let rows = tokens.map { [$0.name, TokenScope.encode($0.scopes), $0.createdAt.formatted(.iso8601)] }
        print(TextTable.render(header: ["NAME", "SCOPES", "CREATED"], rows: rows))
    }
}

/// `packserve token revoke NAME`
struct TokenRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Delete a token: the server refuses it from the next request on.")

    @ParentCommand var token: TokenCommand

    @Argument(help: "The token's name.")
    var name: String

    func run() async throws {
        try await token.store().revokeToken(name: name)
        print("token \(name) revoked")
    }
}

/// One element of `token ls --json`.
struct TokenListItem: Encodable {
    let name: String
    let scopes: [String]
    let createdAt: String

    init(_ token: AdminToken) {
        name = token.name
        scopes = token.scopes.sorted().map(\.rawValue)
        createdAt = token.createdAt.formatted(.iso8601)
    }
}
