import ArgumentParser

/// `packserve [--config PATH] <command>` (docs/api.md "Command line").
@main
struct PackServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "packserve",
        abstract: "Hosts asset packs for apps: a signed manifest, packs by id and tag, exact HTTP ranges.",
        version: PackServeVersion.current,
        subcommands: [
            ServeCommand.self, AddCommand.self, RemoveCommand.self, TagCommand.self, SetCommand.self, ListCommand.self,
            PublishCommand.self, ReleasesCommand.self, RollbackCommand.self, RenewCommand.self, ExportCommand.self,
            ChannelCommand.self, ChannelsCommand.self, PromoteCommand.self, BuildsCommand.self, RolloutCommand.self,
            FsckCommand.self, GCCommand.self,
            KeygenCommand.self, KeyCommand.self, CertsCommand.self, VerifyCommand.self, PlistCommand.self,
            CheckCommand.self, TokenCommand.self, PushCommand.self, SignURLCommand.self, HealthcheckCommand.self,
            BackupCommand.self, RestoreCommand.self,
        ]
    )

    @Option(name: .long, help: "Configuration file (default: $PACKSERVE_CONFIG, then ./config.json).")
    var config: String?

    /// ArgumentParser answers a mistyped command with "N unexpected arguments"; name the word instead, with
    /// the nearest command (`UnknownCommand`), before it parses.
    static func main() async {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        if let word = UnknownCommand.commandWord(in: Array(CommandLine.arguments.dropFirst())), !names.contains(word), word != "help" {
            exit(withError: ValidationError(UnknownCommand.message(for: word, commands: names)))
        }
        await main(nil)
    }
}
