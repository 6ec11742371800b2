extension Array {
    /// The elements in the order `areInIncreasingOrder` gives, and the array itself when they are
    /// in that order already: a catalog read in name order, or built from one, is checked in one pass
    /// and no element moves. (Sorting copies the elements: a thousand tables with their columns, four
    /// thousand policies, for every catalog a plan makes.)
    func sortedIfNeeded(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        for index in indices.dropFirst() where areInIncreasingOrder(self[index], self[index - 1]) {
            return sorted(by: areInIncreasingOrder)
        }
        return self
    }
}

extension Array where Element: Comparable {
    /// ``sortedIfNeeded(by:)`` in ascending order.
    func sortedIfNeeded() -> [Element] { sortedIfNeeded(by: <) }
}
