import RLSWords

extension DatabaseError {
    /// ``sqlState`` as a typed code.
    public var state: SQLState? { sqlState.map(SQLState.init(rawValue:)) }
}
