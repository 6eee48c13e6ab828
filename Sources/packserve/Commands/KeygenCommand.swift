import ArgumentParser
import Foundation
import Manifest

/// `packserve keygen [--out DIR]`: a new Ed25519 manifest-signing key pair.
struct KeygenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write an Ed25519 key pair: PKCS#8 PEM private key (mode 0600) and SPKI PEM public key.")

    @Option(help: "Directory to write manifest-signing.key and manifest-signing.pub into.")
    var out: String = "."

    func run() async throws {
        let key = SigningKey()
        let privatePath = URL(fileURLWithPath: out).appendingPathComponent("manifest-signing.key").path
        let publicPath = URL(fileURLWithPath: out).appendingPathComponent("manifest-signing.pub").path
        do {
            try key.writePrivateKey(to: privatePath)
            try key.publicKey.writePEM(to: publicPath)
        } catch {
            throw CommandFailure(error.description)
        }
        print("private key: \(privatePath) (keep it secret, back it up)")
        print("public key:  \(publicPath)")
        for line in PublicKeySummary.lines(key.publicKey) { print(line) }
    }
}
