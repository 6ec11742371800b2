import RLSModel

extension Operation {
    /// The verb a reader uses: `see`, `add`, `change`, `remove`.
    public var verb: String {
        switch self {
        case .select: "see"
        case .insert: "add"
        case .update: "change"
        case .delete: "remove"
        }
    }
}

extension [Operation] {
    /// `see, add, change or remove`.
    var verbs: String { listed(map(\.verb), conjunction: "or") }
}

/// `a`, `a or b`, `a, b or c`.
func listed(_ items: [String], conjunction: String = "and") -> String {
    switch items.count {
    case 0: ""
    case 1: items[0]
    default: items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }
}
