import RLSModel

extension ElectricRide {
    /// Reference data: colours and brands (public), vehicle models (signed-in users).
    /// Only the backend (service role) maintains them.
    @SchemaBuilder static var catalog: [SchemaElement] {
        Table("colour") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .text).unique()
        }
        .comment("Paint colours a listing can have.")
        .access(read: .public, write: .serviceRoleOnly)

        Table("brand") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .text).unique()
        }
        .comment("Vehicle makers, shown on the public welcome page.")
        .access(read: .public, write: .serviceRoleOnly)

        Table("vehicle") {
            Column("id", .bigint).identity().primaryKey()
            Column("brand_id", .bigint).references("brand")
            Column("model", .text)
            Column("model_year", .smallint).fixture(SQL(raw: "2024"))  // rls check: satisfies the CHECK below
            Column("battery_kwh", .numeric(5, 1)).nullable()
            Column("range_km", .integer).nullable()
            Unique("brand_id", "model", "model_year")
            CheckConstraint("vehicle_model_year_plausible", SQL(raw: "model_year between 1990 and 2100"))
        }
        .comment("Vehicle models that listings offer for sale.")
        .access(read: .authenticated, write: .serviceRoleOnly)
    }
}
