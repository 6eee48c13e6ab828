/// One bar and whether it passed (nil: shown, not judged).
struct Verdict {
    let text: String
    let passed: Bool?
}
