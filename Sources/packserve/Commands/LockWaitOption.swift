import ArgumentParser
import Foundation
import PackStore

/// `--wait SECONDS` of `gc` and `fsck --repair`: how long to wait for uploads and adds in progress, saying
/// so on stderr when they have to wait at all.
struct LockWaitOption: ParsableArguments {
    @Option(name: .customLong("wait"), help: ArgumentHelp(
        "Seconds to wait for uploads and adds in progress before giving up.", valueName: "seconds"))
    var seconds: Int = LockWait.defaultSeconds

    func validate() throws {
        guard seconds >= 0 else { throw ValidationError("--wait must be 0 or more seconds, not \(seconds)") }
    }

    var lockWait: LockWait {
        LockWait(seconds: Double(seconds)) { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
    }
}
