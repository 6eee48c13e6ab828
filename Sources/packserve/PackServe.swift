import ArgumentParser

@main
struct PackServe: ParsableCommand {
    func run() throws {}
}
