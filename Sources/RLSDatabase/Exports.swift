// RLSDatabase is the database layer the commands, check, docs and pull see: its own introspection
// and drift, and the three targets below it, re-exported so that `import RLSDatabase` is still the
// one import they need. Inside, the layers stay apart: RLSPostgres (the libpq client) knows nothing
// of clusters or migrations, RLSEmbedded and RLSMigrations know nothing of each other or of drift.
@_exported import RLSEmbedded
@_exported import RLSMigrations
@_exported import RLSPostgres
