import Foundation

/// One `warning: …` line on standard error: the command goes on, its output stays clean for scripts.
func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}
