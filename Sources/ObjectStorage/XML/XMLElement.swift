/// One element of an S3 response document: its name without a namespace prefix, its text (character data
/// directly inside it, entities decoded) and its child elements. Attributes are read past and dropped:
/// nothing S3 answers carries information in them.
public struct XMLElement: Sendable, Equatable {
    public var name: String
    public var text: String
    public var children: [XMLElement]

    public init(name: String, text: String = "", children: [XMLElement] = []) {
        self.name = name
        self.text = text
        self.children = children
    }

    /// The first child named `name`.
    public func child(_ name: String) -> XMLElement? {
        children.first { $0.name == name }
    }

    /// Every child named `name`, in document order.
    public func children(_ name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The text of the first child named `name`.
    public func text(of name: String) -> String? {
        child(name)?.text
    }
}
