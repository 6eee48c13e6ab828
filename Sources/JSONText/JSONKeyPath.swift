/// The dotted names that problems are reported with: `listen.port` for a member, `tags[1]` for an element,
/// the same spelling the configuration keys and their environment variables use.
public enum JSONKeyPath {
    public static func member(_ name: String, of path: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }

    public static func element(_ index: Int, of path: String) -> String {
        "\(path)[\(index)]"
    }
}
