import Foundation
import RLSTypes

/// `rls types`: the app's Swift models from the schema, shaped by who may write what; `--check`
/// fails when the committed file is stale.
enum TypesCommand {
    struct Options: CommandOptions {
        var output = "Types/Database.swift"
        var access = SwiftTypesOptions.AccessLevel.public
        var role = ClientRole.authenticated
        var schemas: [String] = []
        var check = false

        static let arguments: [Argument<Self>] = [
            .value("output", "FILE", short: "o", \.output, help: "The Swift file to write (default Types/Database.swift)."),
            .value("access", \.access, help: "The access level of the declarations (default public)."),
            .repeated(
                "schema", "NAME", \.schemas, help: "Only this database schema's objects; repeatable (default every schema declared)."),
            .value(
                "role", \.role,
                help: "Whose Insert and Update types: a signed-in user's (default) or the backend's service_role, unrestricted."),
            .flag("check", \.check, help: "Write nothing; exit 1 when FILE differs from what would be written (for CI)."),
        ]
    }

    static let command = Command(
        "types",
        summary: "Write the app's Swift models (Codable rows, Insert, Update) from the schema.",
        discussion: """
            Writes one Swift file from the compiled-in schema, without a database: per table a Codable row type
            (Identifiable when the key is one column) with the column names as constants, an Insert and an
            Update type; per enum type a String-backed enum; per view its name; per function the API may call
            its parameters and result. Columns keep their Postgres names in CodingKeys and take Swift names
            (seller_id → sellerID). uuid is UUID, timestamptz and date are Date, numeric is Decimal, bigint is
            Int64, jsonb is JSONValue; PostgresJSON.decoder() and encoder() read and write dates as PostgREST
            sends them.

            Insert and Update hold only what a signed-in user may write: no type when the plans refuse the
            operation, no property for a column without the privilege (.insertable(only:), .updatable(only:)),
            generated always, or the owner column filled with auth.uid(). Code that the database would refuse
            then does not compile. Each type's comment says who may read, add, change and remove its rows, in
            the sentences of rls docs. --role service_role writes every column instead, for server code.

            --check writes nothing and exits 1 when FILE differs, naming the first differing line.
            """,
        options: Options.self,
        run: { options, invocation in
            let file = try SwiftTypesFile(
                schema: invocation.schema, options: SwiftTypesOptions(role: options.role, access: options.access, schemas: options.schemas))
            let path = options.output
            if options.check {
                if let stale = file.staleness(of: path) {
                    invocation.console.error(stale.description)
                    invocation.console.error("Run '\(invocation.program) types\(options.words)' and commit the result.")
                    return .failure
                }
                invocation.console.output("\(path) is up to date.")
                return .success
            }
            if file.staleness(of: path) == nil {
                invocation.console.output("\(path) is up to date.")
                return .success
            }
            do {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw CommandError("could not write \(path): \(error.localizedDescription). Check that its folder is writable.")
            }
            invocation.console.output("wrote \(path)")
            return .success
        }
    )
}

extension TypesCommand.Options {
    /// The options that differ from the defaults, as typed: ` --output App/Models.swift --role service_role`.
    var words: String {
        var words: [String] = []
        if output != Self().output { words += ["--output", output] }
        if access != Self().access { words += ["--access", access.rawValue] }
        words += schemas.flatMap { ["--schema", $0] }
        if role != Self().role { words += ["--role", role.rawValue] }
        return words.map { " " + $0 }.joined()
    }
}

extension SwiftTypesOptions.AccessLevel: ArgumentChoice {
    static var noun: String { "access level" }
}

extension ClientRole: ArgumentChoice {
    static var noun: String { "role" }
}
