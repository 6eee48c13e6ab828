import ReleaseViews

// libFuzzer entry point for the view prefix of request paths (docs/channels.md "Views"): every request whose
// path starts with /channels/, /builds/ or /cohorts/ goes through it before routing.
//
// Input: the request path's bytes. Checked with `precondition`, so a violation is a crash libFuzzer reports:
// - paths without a prefix word are left alone, and only they;
// - a view's path is what follows the prefix, and the prefix the view names reads back as the same view
//   with the same rest (the canonical form of a view is stable);
// - a refusal is one short line.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let path = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let split = ViewPrefix.split(Substring(path))
    switch split {
    case .none:
        precondition(!ViewPrefix.mayHavePrefix(Substring(path)), "a prefixed path was left alone")
    case .view(let selector, let rest):
        precondition(ViewPrefix.mayHavePrefix(Substring(path)), "a view without a prefix word")
        precondition(path.hasSuffix(rest), "the rest is not the end of the path")
        precondition(selector != .plain, "a prefix that names nothing")
        if let cohort = selector.cohort { precondition((0...ViewPrefix.maxCohort).contains(cohort), "cohort out of range") }
        let again = ViewPrefix.split(Substring(selector.pathPrefix + rest))
        precondition(again == .view(selector, rest: rest), "the view's own prefix reads back differently")
    case .malformed(let line):
        precondition(ViewPrefix.mayHavePrefix(Substring(path)), "a refusal of a path without a prefix word")
        precondition(
            !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 }
                && line.count < 200,
            "a refusal that is not one short line")
    }
    return 0
}
