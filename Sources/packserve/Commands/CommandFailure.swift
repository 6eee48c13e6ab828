/// A command that cannot do what was asked. ArgumentParser prints it as one line, `Error: …`, and
/// exits non-zero (a ValidationError would add the usage text).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
