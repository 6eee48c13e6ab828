import JSONText

/// How every body a rollout takes from outside is first read (a device's report, a replica's forward): at
/// most `maxBytes`, strict JSON of `shape`, nested at most `maxDepth` deep; anything else is one refusal line.
enum StrictBody {
    static func read(_ body: [UInt8], as shape: JSONShape, maxBytes: Int, maxDepth: Int) throws(ReportRefusal) -> JSONNode {
        guard body.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
        do {
            return try shape.read(body, maxDepth: maxDepth)
        } catch {
            throw .malformed("body:\(error)")
        }
    }
}
