extension HTTPRequestHead {
    /// What the `Expect` field asks of the server (RFC 9110 §10.1.1).
    package enum Expectation: Equatable {
        case none
        /// `100-continue`: the client waits for a 100 (Continue) before it sends the body.
        case continueBeforeBody
        /// Any other expectation, which this server cannot meet (→ 417).
        case unsupported
    }

    package var expectation: Expectation {
        guard let value = headers.combinedValue("expect") else { return .none }
        let members = Self.lowercasedTokens(value).filter { !$0.isEmpty }
        if members.isEmpty { return .none }
        return members.allSatisfy { $0 == "100-continue" } ? .continueBeforeBody : .unsupported
    }
}
