extension Catalog.View {
    /// True when `security_invoker` is on (`true`, `on`, `yes` or `1`, as `WITH (…)` accepts).
    var runsAsInvoker: Bool {
        options.contains { option in
            let parts = option.lowercased().split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 && parts[0] == "security_invoker" && ["true", "on", "yes", "1"].contains(parts[1])
        }
    }
}
