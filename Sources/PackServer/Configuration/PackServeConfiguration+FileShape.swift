import Configuration
import JSONText

extension PackServeConfiguration {
    /// What config.json may hold: the keys of `defaultValues`, nested at their dots, each with its default's
    /// type; `metrics.listen` may also be `null` (metrics off). Checked before swift-configuration reads the
    /// file, because that reader takes the last of two equal keys, reads `true` as the number 1 and ignores
    /// keys nobody asks for (docs/configuration-files.md).
    static var fileShape: JSONShape {
        let leaves = defaultValues.mapValues(shape(of:)).merging(["cache.purge": purgeShape]) { $1 }
        return nestedObject(leaves, nullable: ["metrics.listen"], at: "")
    }

    /// The object whose members are `leaves`' dotted keys (`listen.port` → `{"listen": {"port": …}}`).
    private static func nestedObject(_ leaves: [String: JSONShape], nullable: Set<String>, at path: String) -> JSONShape {
        var members: [String: JSONShape] = [:]
        var groups: [String: [String: JSONShape]] = [:]
        for (key, shape) in leaves {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 1 {
                members[key] = shape
            } else {
                groups[parts[0], default: [:]][parts[1]] = shape
            }
        }
        for (name, nested) in groups {
            let memberPath = JSONKeyPath.member(name, of: path)
            let object = nestedObject(nested, nullable: nullable, at: memberPath)
            members[name] = nullable.contains(memberPath) ? .nullable(object) : object
        }
        return .object(members: members)
    }

    private static func shape(of value: ConfigContent) -> JSONShape {
        switch value {
        case .string: .string
        case .int: .wholeNumber
        case .double: .number
        case .bool: .boolean
        case .stringArray: .array(of: .string)
        default: preconditionFailure("config.json has no key of type \(value); give JSONShape one")
        }
    }
}
