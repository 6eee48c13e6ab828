import Foundation

/// Whether the heavy loops run at full scale: `scripts/test-heavy` sets `PACKSERVE_HEAVY_TESTS=1`; the suite
/// (`scripts/test`) runs them smaller, to stay within its time (CONTRIBUTING.md "Test time").
public enum HeavyTests {
    public static let enabled = ProcessInfo.processInfo.environment["PACKSERVE_HEAVY_TESTS"] == "1"
}
