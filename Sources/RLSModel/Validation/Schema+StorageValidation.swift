extension Schema {
    /// Mistakes in buckets: ids twice or unusable, row-folder plans on tables that are not declared,
    /// have no single-column primary key, or whose plans do not resolve.
    func storageErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        var ids: [String: DeclarationSite] = [:]
        for bucket in buckets {
            let subject = TableName(schema: "storage", name: "buckets")
            func fail(_ kind: ValidationError.Kind, _ message: String, at source: DeclarationSite? = nil) {
                errors.append(ValidationError(kind, table: subject, column: nil, source: source ?? bucket.source, message))
            }
            if let first = ids[bucket.id] {
                fail(.duplicateName, "bucket \"\(bucket.id)\" is declared twice (first at \(first)); rename or remove one")
            }
            ids[bucket.id] = bucket.source
            if bucket.id.isEmpty || bucket.id.contains("/")
                || bucket.id.unicodeScalars.contains(where: { $0.isControlCharacter })
            {
                fail(
                    .invalidName,
                    "bucket id \(bucket.id.debugDescription) must be non-empty, without '/' or control characters (it is the first part of every file's path)"
                )
            }
            errors += identifierErrors(Operation.allCases.map(bucket.policyName), table: subject, column: nil, bucket.source)
            if let limit = bucket.fileSizeLimit, limit <= 0 {
                fail(
                    .invalidDeclaration,
                    "bucket \"\(bucket.id)\" has fileSizeLimit \(limit); give a positive number of bytes or leave it out")
            }
            if bucket.allowedMimeTypes?.isEmpty == true {
                fail(
                    .invalidDeclaration,
                    "bucket \"\(bucket.id)\" allows no MIME type, so no upload could succeed; list the types or leave allowedMimeTypes out")
            }
            let location = bucket.access.source ?? bucket.source
            for operation in Operation.allCases {
                guard case .rowFolder(let name, let plans) = bucket.access[operation] else { continue }
                guard let table = table(name) else {
                    fail(
                        .unknownReference, "bucket \"\(bucket.id)\" names folders after rows of \(name), which the schema does not declare",
                        at: location)
                    continue
                }
                if table.primaryKey?.columns.count != 1 {
                    fail(
                        .invalidDeclaration,
                        "bucket \"\(bucket.id)\" names folders after rows of \(name), which needs a single-column primary key (folders are <primary key>/...)",
                        at: location)
                }
                if table.name == "objects" {
                    fail(
                        .invalidDeclaration,
                        "bucket \"\(bucket.id)\" names folders after rows of \(name), whose name would shadow storage.objects in the policy; rename the table",
                        at: location)
                }
                if plans.isEmpty || plans.contains(where: { $0.policyRoles.isEmpty }) {
                    fail(
                        .invalidDeclaration,
                        "bucket \"\(bucket.id)\": .rowFolder(of: \"\(name.name)\", ...) needs plans that let users in (owner, members, app role, authenticated), not \(plans.map(\.slug).joined(separator: ", "))",
                        at: location)
                }
                for plan in plans {
                    do {
                        switch plan {
                        case .owner, .ownerThrough: _ = try ownerPath(of: table, plan: plan)
                        case .members: _ = try membershipPath(of: table, plan: plan)
                        default: break
                        }
                    } catch {
                        if !errors.contains(error) { errors.append(error) }
                    }
                }
            }
        }
        return errors
    }
}
