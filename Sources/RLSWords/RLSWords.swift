// RLSWords: the words of Postgres and Supabase that every layer speaks (SQLSTATE codes, roles,
// privileges, row operations, qualified names), with no dependency: the libpq client names its
// errors with them without depending on the DSL, and RLSModel re-exports them.
