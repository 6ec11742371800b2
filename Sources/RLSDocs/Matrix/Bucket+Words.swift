import RLSModel

extension Bucket {
    /// The bucket's rules in words for `rls docs`: one sentence per group of operations with the same
    /// plan, then the service role's. (Public-URL and limit sentences: ``publicSentence``, ``limitsSentence``.)
    ///
    /// ```text
    /// Only the signed-in user whose id names the folder (`<user id>/…`) can list and download, upload, replace and delete its files.
    /// The service role (the backend's secret key) can do all of it in every folder; it bypasses row-level security.
    /// ```
    func fileSentences(in schema: Schema) -> [String] {
        var groups: [(plan: StoragePlan, operations: [Operation])] = []
        for operation in Operation.allCases {
            if let index = groups.firstIndex(where: { $0.plan == access[operation] }) {
                groups[index].operations.append(operation)
            } else {
                groups.append((access[operation], [operation]))
            }
        }
        return groups.map { plan, operations in
            let verbs = Self.verbs(operations)
            switch plan {
            case .public: return "Anyone, signed in or not, can \(verbs) every file."
            case .authenticated: return "Any signed-in user can \(verbs) every file; visitors who are not signed in cannot."
            case .ownerFolder:
                return "Only the signed-in user whose id names the folder (`<user id>/…`) can \(verbs) its files."
            case .rowFolder(let name, let plans):
                let noun = name.name.replacingOccurrences(of: "_", with: " ").markdownText
                let who =
                    schema.table(name).map { table in plans.map { Self.who($0, of: table, noun: noun, in: schema) } }
                    ?? plans.map(\.description)
                return
                    "Only \(who.joinedWithOr) can \(verbs) files, each in the folder named after the \(noun)'s id (\("<\(name.name) id>/…".markdownCode))."
            case .serviceRoleOnly, .noAccess:
                return "No app user can \(verbs) files; only the service role (the backend) can."
            }
        } + ["The service role (the backend's secret key) can do all of it in every folder; it bypasses row-level security."]
    }

    /// For a public bucket: what its being public means.
    var publicSentence: String? {
        guard isPublic else { return nil }
        return "Public bucket: anyone who has a file's URL can download it without signing in; the rules below decide "
            + "who may list, upload, replace and delete files."
    }

    /// `Files up to 2 MB, of type image/png, image/jpeg or image/webp.`; nil without limits.
    var limitsSentence: String? {
        var parts: [String] = []
        if let fileSizeLimit { parts.append("up to \(Self.size(fileSizeLimit))") }
        if let types = allowedMimeTypes, !types.isEmpty { parts.append("of type \(types.map(\.markdownCode).joinedWithOr)") }
        return parts.isEmpty ? nil : "Files " + parts.joined(separator: ", ") + "."
    }

    /// `list and download, upload and replace`.
    static func verbs(_ operations: [Operation]) -> String {
        let words = operations.map { operation in
            switch operation {
            case .select: "list and download"
            case .insert: "upload"
            case .update: "replace"
            case .delete: "delete"
            }
        }
        return words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }

    /// Who a row plan lets reach a row of `table`, in the words of the table sentences, about "the listing".
    private static func who(_ plan: AccessPlan, of table: Table, noun: String, in schema: Schema) -> String {
        let words: String
        switch plan {
        case .owner, .ownerThrough:
            guard let path = try? schema.ownerPath(of: table, plan: plan) else { return plan.description }
            words = path.owner
        case .members:
            guard let path = try? schema.membershipPath(of: table, plan: plan) else { return plan.description }
            words = path.members(of: table)
        case .public: return "anyone"
        case .authenticated: return "any signed-in user"
        default: return plan.description
        }
        return words.replacingOccurrences(of: "the row's ", with: "the \(noun)'s ")
    }

    /// `2 MB`, `512 KB`, `1000 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MB" }
        if bytes % 1024 == 0 { return "\(bytes / 1024) KB" }
        return "\(bytes) bytes"
    }

    /// What `caller` may do with files in the bucket: overwrite and delete also need the read plan,
    /// as the storage API finds a file before changing it. The folder's owner does not apply to a
    /// bucket without folder plans.
    func outcome(_ caller: Caller, _ operation: Operation) -> Outcome {
        if caller == .serviceRole { return .allowed }
        let needed = operation == .update || operation == .delete ? [operation, .select] : [operation]
        let hasFolders = Operation.allCases.contains { operation in
            switch access[operation] {
            case .ownerFolder, .rowFolder: true
            default: false
            }
        }
        if caller == .rowOwner && !hasFolders { return .notApplicable }
        let allowed = needed.allSatisfy { operation in
            switch (access[operation], caller) {
            case (.public, _): true
            case (.authenticated, .signedInUser), (.authenticated, .rowOwner): true
            case (.ownerFolder, .rowOwner), (.rowFolder, .rowOwner): true
            default: false
            }
        }
        return allowed ? .allowed : .blocked
    }
}
