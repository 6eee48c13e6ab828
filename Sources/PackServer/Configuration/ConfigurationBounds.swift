/// Named upper bounds of the numeric configuration keys (see `PackServeConfiguration.numericBounds`).
enum ConfigurationBounds {
    /// Ten years of 365.25 days: no manifest needs to outlive its key rotation by more, and `now` plus this
    /// many seconds stays far inside Int64.
    static let tenYearsInHours: Int64 = 87_660
    /// A day: a longer header, idle or write timeout only keeps dead connections; in nanoseconds it is ~2^46.
    static let oneDayInSeconds: Int64 = 86_400
    /// 1 TiB per pack (and for the essential total): 8 million such packs still sum inside Int64.
    static let oneTebibyte: Int64 = 1 << 40
}
