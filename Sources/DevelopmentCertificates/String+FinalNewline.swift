extension String {
    /// PEM text ending in exactly the newline that lets blocks be concatenated into a chain file
    /// (swift-crypto and SwiftASN1 end their PEM at the last dash).
    var withFinalNewline: String { hasSuffix("\n") ? self : self + "\n" }
}
