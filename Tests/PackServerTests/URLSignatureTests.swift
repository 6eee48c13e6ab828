import Crypto
import Foundation
import Testing

@testable import PackServer

/// Signed URLs (docs/api.md "Private packs"): one resource, until the expiry, and no other spelling.
@Suite struct URLSignatureTests {
    let signature = URLSignature(secret: SymmetricKey(data: Data(repeating: 7, count: 32)))
    let path = "/packs/paid"

    func signedQuery(expires: Int64 = 1_800_000_000) -> String {
        signature.query(path: path, expires: expires)
    }

    @Test func validUntilTheExpirySecondIncluded() {
        let query = signedQuery()
        #expect(query.hasPrefix("expires=1800000000&sig="))
        #expect(signature.verdict(path: path, query: query, now: 1_799_999_000) == .valid)
        #expect(signature.verdict(path: path, query: query, now: 1_800_000_000) == .valid)
        #expect(signature.verdict(path: path, query: query, now: 1_800_000_001) == .expired)
    }

    @Test func everyOneByteChangeIsRefused() {
        let query = Array(signedQuery().utf8)
        for index in query.indices {
            for replacement in [UInt8(ascii: "0"), UInt8(ascii: "A"), UInt8(ascii: "_")] where query[index] != replacement {
                var changed = query
                changed[index] = replacement
                let verdict = signature.verdict(path: path, query: String(decoding: changed, as: UTF8.self), now: 0)
                #expect(verdict != .valid, "byte \(index) → \(replacement)")
            }
        }
        #expect(signature.verdict(path: "/packs/paie", query: signedQuery(), now: 0) == .forged)
        #expect(signature.verdict(path: "/blobs/sha256/x", query: signedQuery(), now: 0) == .forged)
        let otherKey = URLSignature(secret: SymmetricKey(data: Data(repeating: 8, count: 32)))
        #expect(otherKey.verdict(path: path, query: signedQuery(), now: 0) == .forged)
    }

    /// Every position, every base64url character: the last signature character's two spare bits included,
    /// no spelling but the issued one passes.
    @Test func noOtherCharacterAtAnyPositionIsValid() {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let query = Array(signedQuery().utf8)
        var tried = 0
        for index in query.indices {
            for replacement in alphabet where replacement != query[index] {
                var changed = query
                changed[index] = replacement
                let text = String(decoding: changed, as: UTF8.self)
                #expect(signature.verdict(path: path, query: text, now: 0) != .valid, "\(text)")
                tried += 1
            }
        }
        #expect(tried > 4000)
    }

    @Test func malformedQueriesAreForgedAndNoSignatureIsAbsent() {
        let sig = String(signedQuery().split(separator: "&")[1])
        #expect(signature.verdict(path: path, query: nil, now: 0) == .absent)
        #expect(signature.verdict(path: path, query: "expires=1800000000", now: 0) == .absent)
        #expect(signature.verdict(path: path, query: sig, now: 0) == .forged, "no expiry")
        #expect(signature.verdict(path: path, query: "expires=+1800000000&" + sig, now: 0) == .forged)
        #expect(signature.verdict(path: path, query: "expires=01800000000&" + sig, now: 0) == .forged)
        #expect(signature.verdict(path: path, query: signedQuery() + "&" + sig, now: 0) == .forged, "two signatures")
        #expect(signature.verdict(path: path, query: signedQuery() + "=", now: 0) == .forged, "padding")
        #expect(signature.verdict(path: path, query: "expires=1800000000&sig=%zz", now: 0) == .forged)
    }
}
