import Foundation

extension PackServeConfiguration.Rollouts {
    /// `rollouts.webhook`: where halts are POSTed (docs/rollouts.md "Webhook"); off while `url` is empty.
    public struct Webhook: Sendable, Equatable {
        public var url = ""
        /// A file of `Name: value` lines sent with every delivery (an `Authorization`, say): kept out of
        /// config.json, which is not a secret.
        public var headersFile = ""
    }
}
