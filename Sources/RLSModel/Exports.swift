// The Postgres and Supabase words (SQLState, Role, Privilege, Operation, QualifiedName) live in
// RLSWords, the bottom module that the libpq client, the catalog and the DSL share; every module
// that imports RLSModel sees them as before.
@_exported import RLSWords
