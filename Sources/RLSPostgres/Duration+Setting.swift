extension Duration {
    /// Whole milliseconds, at least 1, for `SET LOCAL …_timeout` (0 would mean "no limit").
    public var settingMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    /// As a person reads it in a message: `250ms`, `5s`, `1.5s`, `2min`.
    public var readable: String {
        let milliseconds = settingMilliseconds
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        if milliseconds % 60_000 == 0 { return "\(milliseconds / 60_000)min" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(Double(milliseconds) / 1000)s"
    }
}
