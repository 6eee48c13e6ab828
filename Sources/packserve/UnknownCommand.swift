/// What `packserve` says to a first word that names no command (`packserve addd`): that word, and the
/// nearest command by edit distance when it is a likely typo, instead of ArgumentParser's "2 unexpected
/// arguments".
enum UnknownCommand {
    /// The first word of `arguments` that is neither an option nor `--config`'s value: the command.
    static func commandWord(in arguments: [String]) -> String? {
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
            } else if argument == "--config" {
                skipNext = true
            } else if !argument.hasPrefix("-") {
                return argument
            }
        }
        return nil
    }

    static func message(for word: String, commands: [String]) -> String {
        var text = "unknown command '\(word)'"
        if let nearest = nearest(to: word, in: commands) { text += " (did you mean '\(nearest)'?)" }
        return text + "; see packserve --help"
    }

    /// The command closest to `word`, if at most a third of its letters (and at least one) differ.
    static func nearest(to word: String, in commands: [String]) -> String? {
        let scored = commands.map { ($0, distance(Array(word.lowercased()), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, word.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance: insertions, deletions and substitutions of one character each count one.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
