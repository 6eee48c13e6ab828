import JSONText
import Testing

@testable import PackServer

/// The configuration's shape (`JSONShape` from the table of keys and defaults), read by the strict parser.
@Suite struct ConfigurationShapeTests {
    private func refusal(_ json: String, shape: JSONShape) -> String? {
        do {
            _ = try shape.read(Array(json.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    /// The configuration's shape comes from its table of keys and defaults: every key of the shipped
    /// config.json has one, and `metrics.listen` may be null.
    @Test func theConfigurationShapeFollowsTheDefaults() {
        let shape = PackServeConfiguration.fileShape
        #expect(refusal(#"{"listen":{"port":8080,"host":"h","enabled":true},"metrics":{"listen":null}}"#, shape: shape) == nil)
        #expect(refusal(#"{"signing":{"additionalPublicKeys":[1]}}"#, shape: shape)
            == "1:37: signing.additionalPublicKeys[0]: must be a string, not 1")
    }
}
