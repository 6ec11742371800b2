import RLSModel

extension Trigger {
    /// `insert`, `insert, update or delete`.
    var eventWords: String {
        listed(
            events.map { event in
                switch event {
                case .insert: "insert"
                case .update(let columns): columns.isEmpty ? "update" : "update of \(columns.joined(separator: ", "))"
                case .delete: "delete"
                case .truncate: "truncate"
                }
            }, conjunction: "or")
    }
}
