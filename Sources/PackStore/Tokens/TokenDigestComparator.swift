import Crypto
import Foundation

/// Compares the digest of a presented token with a stored one. A seam so that tests can observe that
/// verification goes through the constant-time comparison and compares every stored token.
public protocol TokenDigestComparator: Sendable {
    func matches(_ presented: SHA256Digest, _ stored: Data) -> Bool
}

/// swift-crypto's comparison of a digest with bytes (`Digest ==`), which is constant-time: it runs
/// OpenSSL's `CRYPTO_memcmp` (BoringSSL's, in swift-crypto) over every byte whatever the first difference.
public struct ConstantTimeDigestComparator: TokenDigestComparator {
    public init() {}

    public func matches(_ presented: SHA256Digest, _ stored: Data) -> Bool {
        presented == stored
    }
}
