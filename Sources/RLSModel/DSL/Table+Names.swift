/// The names the compiler gives constraints, indexes and sequences, following
/// Postgres' own conventions so the catalog reads naturally.
extension Table {
    /// `<table>_pkey` unless named.
    public var primaryKeyName: String? {
        primaryKey.map { $0.name ?? "\(name)_pkey" }
    }

    /// `<table>_<columns>_key` unless named.
    public func name(of unique: Unique) -> String {
        unique.name ?? "\(name)_\(unique.columns.joined(separator: "_"))_key"
    }

    /// `<table>_<columns>_fkey` unless named.
    public func name(of foreignKey: ForeignKey) -> String {
        foreignKey.name ?? "\(name)_\(foreignKey.columns.joined(separator: "_"))_fkey"
    }

    /// `<table>_<columns>_idx` unless named.
    public func name(of index: Index) -> String {
        index.name ?? "\(name)_\(index.columns.joined(separator: "_"))_idx"
    }

    /// `<table>_<column>_seq`: the explicitly named sequence behind an identity column.
    public func identitySequenceName(of column: Column) -> String {
        "\(name)_\(column.name)_seq"
    }

    /// Column lists that already lead an index: primary key, unique constraints, declared indexes.
    var indexedPrefixes: [[String]] {
        (primaryKey.map { [$0.columns] } ?? []) + uniques.map(\.columns) + indexes.map(\.columns)
    }

    /// Whether some existing index starts with exactly these columns.
    func isIndexed(_ columns: [String]) -> Bool {
        indexedPrefixes.contains { $0.starts(with: columns) }
    }
}

extension Table {
    /// The generated policy's name for `operation`: `<operation>_<plan>`, such as
    /// `select_public` or `update_owner`; nil when the plan needs no policy.
    public func planPolicyName(_ operation: Operation) -> String? {
        let plan = access[operation]
        return plan.policyRoles.isEmpty ? nil : "\(operation)_\(plan.slug)"
    }
}
