import Configuration
import Foundation
import Testing

@testable import PackServer

/// The one table of configuration keys (`ConfigurationKeys`): each key once, integers bounded, and
/// docs/configuration.md written from it.
@Suite struct ConfigurationKeyTableTests {
    @Test func everyKeyIsListedOnce() {
        let names = ConfigurationKeys.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A new integer key cannot skip the range check, and every default is inside its own range.
    @Test func everyIntegerKeyHasARangeHoldingItsDefault() {
        let defaults = PackServeConfiguration()
        for key in ConfigurationKeys.all where key.kind == .integer {
            let value = key.integer(in: defaults)
            #expect(value.map { key.range?.contains($0) ?? false } == true, "\(key.name)")
        }
        #expect(ConfigurationKeys.all.filter { $0.kind != .integer }.allSatisfy { $0.range == nil })
    }

    /// What a key reads lands where its value is read back from: for every key, a value other than its
    /// default, read into a default configuration, comes back out of `content` unchanged.
    @Test(arguments: ConfigurationKeys.all.map(\.name))
    func readingAndWritingAgree(_ name: String) throws {
        let key = try #require(ConfigurationKeys.all.first { $0.name == name })
        var configuration = PackServeConfiguration()
        let other = Self.otherValue(than: key.content(configuration), key: key)
        let reader = ConfigReader(provider: InMemoryProvider(values: [
            AbsoluteConfigKey(ConfigKey(name)): ConfigValue(other, isSecret: false),
        ]))
        try key.read(reader, &configuration)
        #expect("\(key.content(configuration))" == "\(other)")
        #expect("\(key.content(configuration))" != "\(key.content(PackServeConfiguration()))")
    }

    private static func otherValue(than value: ConfigContent, key: ConfigurationKey) -> ConfigContent {
        switch value {
        case .int(let number):
            let range = key.range!
            return .int(Int(number == Int(range.lowerBound) ? range.upperBound : range.lowerBound))
        case .bool(let flag): return .bool(!flag)
        case .double(let number): return .double(number == 0 ? 1 : number / 2)
        case .stringArray(let values): return .stringArray(values + ["198.51.100.0/24"])
        case .string(let text):
            return .string(key.spellings?.first { $0 != text } ?? text + "-changed")
        default: return value
        }
    }

    @Test func theDocumentIsTheTable() throws {
        let url = Self.repository.appendingPathComponent("docs/configuration.md")
        if ProcessInfo.processInfo.environment["REGENERATE_DOCS"] == "1" {
            try ConfigurationKeys.document.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == ConfigurationKeys.document, "docs/configuration.md is stale: REGENERATE_DOCS=1 swift test --filter ConfigurationKeyTableTests")
    }

    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
