/// The protected header of a compact JWS (RFC 7515 §4.1), as far as PackKit reads it. Parameters it does
/// not name are ignored, as §4 allows, unless `crit` says they must be understood.
public struct JWSHeader: Sendable, Hashable, Decodable {
    /// The signature algorithm (§4.1.1); PackServe writes `EdDSA` (RFC 8037 §3.1).
    public var alg: String?
    /// Which key signed (§4.1.4); PackServe writes the key id of the signing key.
    public var kid: String?
    /// The media type of the whole JWS (§4.1.9); PackServe writes `JWT`. Advisory only.
    public var typ: String?
    /// Extensions the recipient must understand (§4.1.11).
    public var crit: [String]?

    public init(alg: String?, kid: String?, typ: String? = nil, crit: [String]? = nil) {
        self.alg = alg
        self.kid = kid
        self.typ = typ
        self.crit = crit
    }
}
