/// For one pack in one channel: the highest Apple version any view of the channel ever served to builds at or
/// below each point of the build axis. A device only moves later in time or up the axis (apps update
/// upwards), so what a view serves next must be at least this at the view's highest build
/// (docs/channels.md "Apple versions").
///
/// A step function: `steps` rise strictly in both point and version; below the first step the floor is 0.
public struct ServedFloor: Sendable, Hashable, CustomStringConvertible {
    public struct Step: Sendable, Hashable {
        public let from: BuildPoint
        public let version: Int
    }

    public private(set) var steps: [Step]

    public static let none = ServedFloor(checkedSteps: [])

    private init(checkedSteps: [Step]) { steps = checkedSteps }

    /// A floor of `version` for every build: what a channel served before builds existed.
    public init(everywhere version: Int) {
        steps = version > 0 ? [Step(from: .zero, version: version)] : []
    }

    /// The floor at `point`.
    public func value(at point: BuildPoint) -> Int {
        steps.last { $0.from <= point }?.version ?? 0
    }

    /// The highest floor of the builds below `upper` (nil: of every build): what a view serving all of them must
    /// at least serve.
    public func highest(below upper: BuildPoint?) -> Int {
        guard let upper else { return steps.last?.version ?? 0 }
        return steps.last { $0.from < upper }?.version ?? 0
    }

    /// This floor after the views served `served` (each view's lowest build and the version it served,
    /// ascending): at every point, the higher of the two.
    public func raised(by served: [(lower: BuildPoint, version: Int)]) -> ServedFloor {
        var points = Set(steps.map(\.from))
        for view in served { points.insert(view.lower) }
        var merged: [Step] = []
        var servedIndex = 0
        var servedHighest = 0
        let ordered = served.sorted { $0.lower < $1.lower }
        for point in points.sorted() {
            while servedIndex < ordered.count, ordered[servedIndex].lower <= point {
                servedHighest = max(servedHighest, ordered[servedIndex].version)
                servedIndex += 1
            }
            let version = max(value(at: point), servedHighest)
            if version > (merged.last?.version ?? 0) { merged.append(Step(from: point, version: version)) }
        }
        return ServedFloor(checkedSteps: merged)
    }

    /// `3@0.0.0,5@1.10.0`: how the index stores it.
    public var description: String {
        steps.map { "\($0.version)@\($0.from)" }.joined(separator: ",")
    }

    /// Reads `description`'s form back, refusing steps that do not rise in both point and version (the index
    /// is read as untrusted input).
    public init?(stored text: Substring) {
        var steps: [Step] = []
        if !text.isEmpty {
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let at = part.firstIndex(of: "@"), let version = Int(part[..<at]), version > 0,
                    let from = BuildPoint(exactly: part[part.index(after: at)...])
                else { return nil }
                if let last = steps.last, !(last.from < from && last.version < version) { return nil }
                steps.append(Step(from: from, version: version))
            }
        }
        self.init(checkedSteps: steps)
    }
}
