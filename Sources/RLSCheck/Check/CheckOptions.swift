import RLSSQL

/// How `rls check` runs.
public struct CheckOptions: Sendable {
    /// `statement_timeout` for every statement of the check, so a bad policy cannot hang CI.
    public var statementTimeout: Duration
    /// `lock_timeout`, so the check never waits long behind a migration on a live database.
    public var lockTimeout: Duration
    /// Also probe the policies alone for roles the schema denies by grant (see ``ProbeLayer/policiesOnly``).
    public var probesPoliciesOnly: Bool
    /// How many connections run the table probes at once, each in its own rolled-back transaction
    /// (see `rls check --connections` in Docs/CHECK.md); 1 runs everything on the given connection.
    public var connections: Int
    /// Also run the probes that fire a trigger calling something a rollback cannot undo (an HTTP
    /// request, dblink; see ``SideEffectTrigger``), and insert fixtures where one fires on insert.
    /// Off: those probes do not run, and the check fails saying which trigger.
    public var allowsSideEffects: Bool
    /// Where the check says what it leaves behind should the process stop while it runs (a signal
    /// handler reads it; see ``CheckProgress``); nil when nobody asks.
    public var progress: CheckProgress?

    /// The defaults: 10 s statements, 5 s locks, policies-only probes on, two connections, no side effects.
    public init(
        statementTimeout: Duration = .seconds(10), lockTimeout: Duration = .seconds(5), probesPoliciesOnly: Bool = true,
        connections: Int = 2,
        allowsSideEffects: Bool = false
    ) {
        self.statementTimeout = statementTimeout
        self.lockTimeout = lockTimeout
        self.probesPoliciesOnly = probesPoliciesOnly
        self.connections = connections
        self.allowsSideEffects = allowsSideEffects
    }

    /// The statement that opens one connection's transaction of the check, its settings local to it:
    /// the timeouts (`lockTimeout` instead of ``lockTimeout`` for the further connections, see
    /// `ProbeLanes`), and notices delivered whatever the role or database says, as the probe blocks
    /// report through them.
    func beginSQL(lockTimeout: Duration? = nil) -> String {
        "begin; set local statement_timeout = \((statementTimeout).settingMilliseconds); "
            + "set local lock_timeout = \((lockTimeout ?? self.lockTimeout).settingMilliseconds); set local client_min_messages = notice"
    }
}
