import Crypto
import Foundation
import PackKitWire

// libFuzzer entry point for what a client reads before it trusts anything (docs/packkit.md): the bytes of
// `/manifest` through PackKit's compact JWS parser and verifier, the same bytes as a `/manifest.json` payload
// with a detached signature, and as a `Content-Range` value for the resume plan.
//
// Checked with `precondition`, so a violation is a crash libFuzzer reports:
// - nothing verifies that this key did not sign (the key signs no fuzzed input, so every input is refused),
//   and every refusal is one short line;
// - a `Content-Range` the parser accepts is a satisfied range inside its complete length, and the plan
//   appends only the bytes it asked for.

private let key = Curve25519.Signing.PrivateKey()
private let verifier: ManifestVerifier = {
    let pinned = try! PinnedKey(rawRepresentation: Array(key.publicKey.rawRepresentation))
    return ManifestVerifier(keys: [pinned], clockSkewLeeway: .zero)
}()

private func isOneShortLine(_ text: String) -> Bool {
    !text.contains("\n") && text.count < 400
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try verifier.verify(compactJWS: bytes, now: Date(timeIntervalSince1970: 0))
        preconditionFailure("an input nobody signed verified as a JWS")
    } catch {
        precondition(isOneShortLine(error.description), "a refusal that is not one short line: \(error)")
    }
    do {
        _ = try verifier.verify(payload: bytes, detachedSignature: Array(bytes.prefix(64)), now: nil)
        preconditionFailure("an input nobody signed verified as a payload")
    } catch {
        precondition(isOneShortLine(error.description), "a refusal that is not one short line: \(error)")
    }
    let value = String(decoding: bytes, as: UTF8.self)
    if let range = ContentRange(value) {
        precondition(range.first <= range.last, "an accepted range that ends before it starts")
        if let complete = range.completeLength { precondition(range.last < complete, "an accepted range past its end") }
        let plan = RangeRequestPlan(expectedSize: 1 << 20, have: 4096, validator: "\"v\"", chunkSize: 65536)
        if case .append(let count) = plan.action(status: 206, contentRange: value, contentLength: nil) {
            precondition(count == range.count && range.first == 4096 && range.last <= plan.last, "appended bytes not asked for")
        }
    }
    return 0
}
