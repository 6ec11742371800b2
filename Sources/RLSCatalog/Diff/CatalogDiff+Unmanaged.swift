import RLSSQL

extension CatalogDiff {
    /// True when `table` lies outside what the catalogs manage (`auth.users`, `storage.objects`):
    /// its triggers and policies are read, but only the declared ones belong to the schema.
    func isUnmanaged(_ table: QualifiedName) -> Bool {
        currentTables[table] == nil && desiredTables[table] == nil
    }

    /// Triggers to keep as they are although the desired catalog lacks them: those on tables outside
    /// the managed schemas (Supabase and extensions put their own on `auth.users`), unless they run
    /// a function the plan drops, which marks them as the schema's own and would block the drop.
    var undeclaredTriggersKept: [Catalog.Trigger] {
        let wanted = Set(desired.triggers.map { "\($0.table)\u{1F}\($0.name)" })
        let droppedFunctions = current.functions.filter { !desiredFunctions.contains($0.signature) }
        return current.triggers.filter { trigger in
            guard isUnmanaged(trigger.table) else { return false }
            return !wanted.contains("\(trigger.table)\u{1F}\(trigger.name)")
                && !droppedFunctions.contains { Self.trigger(trigger, executes: $0) }
        }
    }

    /// Policies to keep as they are although the desired catalog lacks them: those on tables outside
    /// the managed schemas (`storage.objects`), which other tools and the dashboard also write,
    /// except those the DSL's channels and buckets name (one it no longer declares is dropped).
    var undeclaredPoliciesKept: [Catalog.Policy] {
        let wanted = Set(desired.policies.map { "\($0.table)\u{1F}\($0.name)" })
        return current.policies.filter { policy in
            isUnmanaged(policy.table) && !wanted.contains("\(policy.table)\u{1F}\(policy.name)")
                && !Self.isChannelPolicy(policy) && !policy.isBucketPolicy
        }
    }

    /// True for a policy the DSL's channels name (`channel_<prefix>_receive|send` on
    /// `realtime.messages`): one the DSL no longer declares is dropped, not kept.
    static func isChannelPolicy(_ policy: Catalog.Policy) -> Bool { policy.isChannelPolicy }

    /// True when the trigger's definition (`… EXECUTE FUNCTION private.handle_new_user()`) calls `function`.
    /// `pg_get_triggerdef` quotes a name only when it must, so both spellings are tried.
    private static func trigger(_ trigger: Catalog.Trigger, executes function: Catalog.Function) -> Bool {
        ["EXECUTE FUNCTION \(function.name)(", "EXECUTE FUNCTION \(function.name.sql)("].contains {
            trigger.definition.contains($0)
        }
    }
}

extension Catalog.Policy {
    /// True for a policy the DSL's channels name (`channel_<prefix>_receive|send` on `realtime.messages`).
    public var isChannelPolicy: Bool {
        table.schema == realtimeMessages.schema && table.name == realtimeMessages.name && name.hasPrefix("channel_")
            && (name.hasSuffix("_receive") || name.hasSuffix("_send"))
    }
}

extension Catalog.Policy {
    /// True for a policy the DSL's buckets name (`bucket_<id>_select|insert|update|delete` on `storage.objects`).
    public var isBucketPolicy: Bool {
        table.schema == storageObjects.schema && table.name == storageObjects.name && name.hasPrefix("bucket_")
            && ["_select", "_insert", "_update", "_delete"].contains { name.hasSuffix($0) }
    }
}
