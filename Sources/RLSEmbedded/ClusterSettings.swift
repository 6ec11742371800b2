import RLSPostgres

/// Server configuration for a local development and test cluster.
enum ClusterSettings {
    /// Appended to `postgresql.conf`. Durability is traded for speed: the cluster is disposable.
    static let postgresqlConf = """

        # rls embedded cluster: disposable, so durability is traded for speed.
        fsync = off
        synchronous_commit = off
        full_page_writes = off
        wal_level = minimal
        max_wal_senders = 0
        # Small WAL keeps the template, and so every copy of it, small.
        min_wal_size = 2MB
        max_wal_size = 256MB
        autovacuum = off
        jit = off
        max_connections = 200
        shared_buffers = 32MB
        timezone = 'UTC'
        lc_messages = 'C'
        password_encryption = 'scram-sha-256'
        log_min_messages = warning
        log_checkpoints = off
        # Keep statement text, and with it any password in ALTER ROLE, out of the log.
        log_min_error_statement = panic
        # The socket trusts whoever reaches it, so only the server's own OS user (and root) may.
        unix_socket_permissions = 0700

        """

    /// Trust on the socket (mode 0700: only the server's OS user and root reach it); passwords over
    /// TCP, as on a real server.
    static let pgHbaConf = """
        # rls embedded cluster
        local all all trust
        host all all 127.0.0.1/32 scram-sha-256
        host all all ::1/128 scram-sha-256

        """

    /// The database every copy of the template starts from, per default-privileges behaviour.
    static func templateDatabase(_ privileges: DefaultPrivileges) -> String {
        switch privileges {
        case .none: "rls_template"
        case .legacyGrantAll: "rls_template_legacy"
        }
    }
}
