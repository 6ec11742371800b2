/// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo.
func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { (candidate: $0, distance: editDistance(word, $0)) }
    guard let best = scored.min(by: { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }) else { return nil }
    let tolerance = max(2, word.count / 3)
    return best.distance <= tolerance ? best.candidate : nil
}

/// Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
