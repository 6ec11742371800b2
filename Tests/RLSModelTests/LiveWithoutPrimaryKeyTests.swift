import RLSModel
import Testing

/// A live table without a primary key is refused (its updates and deletes fail), unless it is
/// acknowledged as a production table kept as it is.
@Suite struct LiveWithoutPrimaryKeyTests {
    static func events(_ live: (Table) -> Table) -> Schema {
        Schema {
            live(
                Table("event") {
                    Column("id", .bigint)
                    Column("body", .text)
                })
        }
    }

    @Test func isRefusedNamingTheAcknowledgement() throws {
        let errors = Self.events { $0.live() }.validationErrors()
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].message.contains("has no primary key, so its updates and deletes would fail (55000)"))
        #expect(errors[0].message.contains(".live(withoutPrimaryKey:"), "\(errors[0].message)")
    }

    @Test func anAcknowledgedTableIsAccepted() {
        let table = Self.events { $0.live(withoutPrimaryKey: "production table, pulled as it is") }
        #expect(table.tables[0].live?.withoutPrimaryKey == "production table, pulled as it is")
        #expect(table.validationErrors().isEmpty)
    }
}
