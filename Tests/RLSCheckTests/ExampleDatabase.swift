import ElectricRide
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport

/// A fresh Supabase-shaped database with a schema's rendered SQL applied, as `postgres`.
enum ExampleDatabase {
    static func make(_ schema: Schema = ElectricRide.schema) throws -> (url: String, connection: Connection) {
        let (url, connection) = try TestDatabase.make()
        try connection.execute("begin;\n" + render(schema) + "\ncommit;")
        return (url, connection)
    }

    /// The check of the example, with its scenarios.
    static func check(_ connection: Connection, _ schema: Schema = ElectricRide.schema) throws -> CheckReport {
        try AccessCheck.run(schema, scenarios: schema == ElectricRide.schema ? ElectricRide.scenarios : [], on: connection)
    }
}
