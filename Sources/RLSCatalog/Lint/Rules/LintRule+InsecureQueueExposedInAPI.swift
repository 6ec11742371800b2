import RLSModel

extension LintRule {
    /// `insecure-queue-exposed-in-api` (error): a Supabase Queues (pgmq) queue table with RLS off
    /// that `anon` or `authenticated` may read: with `pgmq_public` exposed to the API, anyone with the
    /// key reads (and through its functions sends or deletes) every message.
    ///
    ///     alter table "pgmq"."q_jobs" enable row level security;
    public static let insecureQueueExposedInAPI = LintRule(
        id: .insecureQueueExposedInAPI, summary: "A pgmq queue table without RLS is readable by anon or authenticated.",
        splinter: ["0019_insecure_queue_exposed_in_api"]
    ) { catalog in
        catalog.environment.queueTables.filter { !$0.readers.isEmpty }.map { queue in
            LintFinding(
                rule: .insecureQueueExposedInAPI, level: .error, object: queue.name.description,
                message:
                    "Queue table \(queue.name) has RLS off and \(queue.readers.map(\.name).joined(separator: ", ")) may read it: with pgmq_public "
                    + "exposed to the API, every message in the queue is theirs. Enable RLS and add policies for who may read and send.",
                fix: "alter table \(queue.name.sql) enable row level security;"
            )
        }
    }
}
