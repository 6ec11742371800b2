import RLSModel

/// One small schema per DSL construct: each is snapshotted and applied to a real database.
enum Constructs {
    static let all: [(name: String, schema: Schema)] = [
        ("column_types", columnTypes),
        ("defaults_and_nullability", defaults),
        ("keys_and_references", keys),
        ("indexes_and_comments", indexes),
        ("custom_schema", customSchema),
        ("plan_public_read", planTable(read: .public, write: .serviceRoleOnly)),
        ("plan_authenticated_read", planTable(read: .authenticated, write: .noAccess)),
        ("plan_owner_only", planTable(read: .owner(column: "owner_id"), write: .owner(column: "owner_id"))),
        ("plan_read_public_write_owner", planTable(read: .public, write: .owner(column: "owner_id"))),
        ("plan_service_role_only", planTable(read: .serviceRoleOnly, write: .serviceRoleOnly)),
        ("plan_no_access", planTable(read: .noAccess, write: .noAccess)),
        ("plan_per_operation", perOperation),
        ("plan_owner_through", ownerThrough),
        ("plan_members", members),
        ("raw_policies", rawPolicies),
        ("sign_up_profile", signUpProfile),
        ("functions_and_triggers", functionsAndTriggers),
        ("views", views),
        ("reference_cycle", referenceCycle),
        ("live_tables", liveTables),
        ("private_channels", privateChannels),
        ("storage_buckets", storageBuckets),
        ("grant_options", grantOptions),
    ]

    /// Privileges held with grant option: on a table (one through its column grant), the sequence
    /// behind its serial column, a view and a function.
    static let grantOptions = Schema {
        Table("note") {
            Column("id", .bigint).serial().primaryKey()
            Column("owner_id", .uuid).default(.currentUserID)
            Column("title", .text)
        }
        .access(read: .authenticated, write: .owner(column: "owner_id"))
        .updatable(only: "title")
        .withGrantOption([.authenticated: [.select, .update]], sequences: [.authenticated: [.usage]])
        View("note_titles", readableBy: [.authenticated], query: SQL(raw: "select id, title from public.note"))
            .withGrantOption([.authenticated: [.select]])
        Function(
            "add_one", arguments: [.init("n", .integer)], returns: .type(.integer), language: .sql, executableBy: [.anon, .authenticated],
            body: SQL(raw: "select n + 1")
        )
        .withGrantOption(execute: [.authenticated])
    }

    /// Every storage plan shape: a public bucket written in the owner's folder, a private one
    /// written in folders named after rows (their owner or their team's admins), a signed-in one,
    /// one only the backend touches.
    static let storageBuckets = Schema {
        EnumType("crew_role", values: "admin", "member")
        Table("crew") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .text)
        }
        .access(read: .members(of: "id", through: "crew_member"), write: .members(of: "id", through: "crew_member", roles: ["admin"]))
        Table("crew_member") {
            Column("crew_id", .bigint).references("crew", onDelete: .cascade)
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("role", .enumeration("crew_role")).default("member")
            PrimaryKey("crew_id", "user_id")
        }
        .access(.members(of: "crew_id", through: "crew_member", roles: ["admin"]))
        Table("boat") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .text)
            Column("skipper_id", .uuid).default(.currentUserID).references(.authUsers)
            Column("crew_id", .bigint).nullable().references("crew", onDelete: .setNull)
        }
        .access(read: .authenticated, write: .owner(column: "skipper_id"))
        Bucket("avatars", public: true, fileSizeLimit: 1_048_576, allowedMimeTypes: ["image/png", "image/jpeg"])
            .access(.ownerFolder)
        Bucket("boat-photos")
            .access(
                read: .authenticated,
                write: .rowFolder(
                    of: "boat", .owner(column: "skipper_id"), .members(of: "crew_id", through: "crew_member", roles: ["admin"])))
        Bucket("flyers", public: true).access(select: .public, insert: .authenticated)
        Bucket("invoices").access(.serviceRoleOnly)
    }

    static let liveTables = Schema {
        Table("price") {
            Column("id", .bigint).identity().primaryKey()
            Column("amount", .numeric(10, 2))
        }
        .access(read: .authenticated, write: .serviceRoleOnly)
        .live()
        Table("ticket") {
            Column("id", .bigint).identity().primaryKey()
            Column("holder_id", .uuid).default(.currentUserID)
        }
        .access(.owner(column: "holder_id"))
        .live(oldRows: true)
    }

    static let privateChannels = Schema {
        Table("room") {
            Column("id", .bigint).identity().primaryKey()
            Column("host_id", .uuid).default(.currentUserID)
        }
        .access(read: .authenticated, write: .owner(column: "host_id"))
        .channel("room", receive: .authenticated, send: .owner(column: "host_id"))
        Table("seat") {
            Column("id", .uuid).default(.randomUUID).primaryKey()
            Column("room_id", .bigint).references("room", onDelete: .cascade)
        }
        .access(read: .authenticated, write: .owner(through: "room_id"))
        .channel("seat", receive: .owner(through: "room_id"), features: [.presence])
    }

    static let columnTypes = Schema {
        EnumType("mood", values: "happy", "sad", "it's complicated")
        Table("every_type") {
            Column("id", .bigint).identity(.byDefault).primaryKey()
            Column("small", .smallint).identity()
            Column("whole", .integer)
            Column("key", .uuid)
            Column("label", .text)
            Column("code", .varchar(12))
            Column("free_varchar", .varchar)
            Column("amount", .numeric(12, 2))
            Column("exact", .numeric)
            Column("ratio", .real)
            Column("precise", .doublePrecision)
            Column("flag", .boolean)
            Column("day", .date)
            Column("at", .timestamptz)
            Column("local_at", .timestamp)
            Column("data", .jsonb)
            Column("blob", .bytea)
            Column("tags", .array(.text))
            Column("scores", .array(.integer))
            Column("feeling", .enumeration("mood"))
            Column("feelings", .array(.enumeration("mood")))
            Column("address", .raw(SQL(raw: "inet")))
        }
    }

    static let defaults = Schema {
        Table("defaults") {
            Column("id", .uuid).default(.randomUUID).primaryKey()
            Column("owner_id", .uuid).default(.currentUserID).nullable()
            Column("created_at", .timestamptz).default(.now)
            Column("title", .text).default("it's \"new\"\\n")
            Column("count", .integer).default(0)
            Column("price", .numeric(6, 2)).default(9.5)
            Column("active", .boolean).default(true)
            Column("due", .date).default(.raw(SQL(raw: "current_date + 30")))
            Column("note", .text).nullable()
        }
    }

    static let keys = Schema {
        Table("parent") {
            Column("a", .integer)
            Column("b", .integer)
            PrimaryKey("a", "b")
        }
        Table("child") {
            Column("id", .bigint).identity().primaryKey()
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("parent_a", .integer).nullable()
            Column("parent_b", .integer).nullable()
            Column("email", .text).unique()
            Column("rank", .integer)
            ForeignKey(["parent_a", "parent_b"], references: "parent", columns: ["a", "b"], onDelete: .setNull)
            Unique("user_id", "rank", name: "child_rank_per_user")
            CheckConstraint("child_rank_positive", SQL(raw: "rank > 0"))
        }
        Table("actions") {
            Column("id", .integer).primaryKey()
            Column("no_action", .bigint).references("child")
            Column("restrict", .bigint).references("child", onDelete: .restrict)
            Column("cascade", .bigint).references("child", onDelete: .cascade)
            Column("set_null", .bigint).nullable().references("child", onDelete: .setNull)
            Column("set_default", .bigint).nullable().references("child", onDelete: .setDefault)
        }
    }

    static let indexes = Schema {
        Table("document") {
            Column("id", .uuid).default(.randomUUID).primaryKey().comment("Stable id; never reused.")
            Column("owner_id", .uuid)
            Column("title", .text)
            Column("tags", .array(.text))
            Column("deleted_at", .timestamptz).nullable()
            Index("title")
            Index("tags", using: "gin")
            Index("title", "owner_id", unique: true, name: "document_live_title", where: SQL(raw: "deleted_at is null"))
        }
        .comment("A user's document. Owner column index is automatic.")
        .access(.owner(column: "owner_id"))
    }

    static let customSchema = Schema {
        SchemaUsage("app", by: .authenticated, .serviceRole).withGrantOption(usage: [.serviceRole])
        EnumType("level", schema: "app", values: "low", "high")
        Table("setting", schema: "app") {
            Column("id", .integer).primaryKey()
            Column("level", .enumeration(TableName(schema: "app", name: "level")))
        }
        .access(read: .authenticated, write: .serviceRoleOnly)
        Table("audit", schema: "private") {
            Column("id", .bigint).identity().primaryKey()
            Column("setting_id", .integer).references(TableName(schema: "app", name: "setting"))
        }
    }

    static func planTable(read: AccessPlan, write: AccessPlan) -> Schema {
        Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("owner_id", .uuid).default(.currentUserID)
                Column("body", .text)
            }
            .access(read: read, write: write)
        }
    }

    static let perOperation = Schema {
        Table("message") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID)
            Column("body", .text)
        }
        .access(select: .public, insert: .owner(column: "author_id"), update: .noAccess, delete: .serviceRoleOnly)
    }

    /// Members of a group with roles: the group itself, its memberships, a table one hop away.
    static let members = Schema {
        EnumType("team_role", values: "owner", "admin", "member")
        Table("team") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .text)
        }
        .access(select: .members(of: "id", through: "team_member"), update: .members(of: "id", through: "team_member", roles: ["owner"]))
        Table("team_member") {
            Column("team_id", .bigint).references("team", onDelete: .cascade)
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("role", .enumeration("team_role")).default("member")
            PrimaryKey("team_id", "user_id")
        }
        .access(
            read: .members(of: "team_id", through: "team_member"),
            write: .members(of: "team_id", through: "team_member", roles: ["admin", "owner"]))
        Table("court") {
            Column("id", .bigint).identity().primaryKey()
            Column("team_id", .bigint).references("team", onDelete: .cascade)
        }
        .access(
            read: .members(of: "team_id", through: "team_member"),
            write: .members(of: "team_id", through: "team_member", roles: ["admin", "owner"]))
        Table("booking") {
            Column("id", .bigint).identity().primaryKey()
            Column("court_id", .bigint).references("court", onDelete: .cascade)
        }
        .access(.members(of: "court_id", through: "team_member"))
    }

    static let ownerThrough = Schema {
        Table("project") {
            Column("id", .bigint).identity().primaryKey()
            Column("owner_id", .uuid).default(.currentUserID)
        }
        .access(.owner(column: "owner_id"))
        Table("task") {
            Column("id", .bigint).identity().primaryKey()
            Column("project_id", .bigint).references("project", onDelete: .cascade)
        }
        .access(.owner(through: "project_id"))
        Table("task_comment") {
            Column("id", .bigint).identity().primaryKey()
            Column("task_id", .bigint).references("task", onDelete: .cascade)
            Column("body", .text)
        }
        .access(read: .authenticated, write: .owner(through: "task_id"))
        Table("bookmark") {
            Column("user_id", .uuid).references(.authUsers, onDelete: .cascade)
            Column("project_id", .bigint).references("project", onDelete: .cascade)
            PrimaryKey("user_id", "project_id")
        }
        .access(.owner(through: "user_id"))
    }

    static let rawPolicies = Schema {
        Table("post") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID)
            Column("published", .boolean).default(false)
            Policy(
                "published posts are public", for: .select, to: [.anon, .authenticated],
                using: SQL(raw: "published"))
            Policy(
                "authors write own posts", for: .all, to: [.authenticated],
                using: SQL(raw: "author_id = (select auth.uid())"),
                withCheck: SQL(raw: "author_id = (select auth.uid())"))
            Policy(
                "no writes for anonymous sign-ins", for: .insert, to: [.authenticated], restrictive: true,
                withCheck: SQL(raw: "coalesce(((select auth.jwt()) ->> 'is_anonymous')::boolean, false) = false"))
        }
    }

    static let signUpProfile = Schema {
        Table("profiles") {
            Column("id", .uuid).primaryKey().references(.authUsers, onDelete: .cascade)
            Column("email", .text).nullable()
            Column("phone", .text).nullable()
            Column("display_name", .text).nullable()
            Column("provider", .text).nullable()
            Column("joined_at", .timestamptz).default(.now)
        }
        .access(select: .authenticated, update: .owner(column: "id"))
        SignUpProfile(
            table: "profiles",
            values: [
                "id": .userID, "email": .email, "phone": .phone, "display_name": .metadata("name"),
                "provider": .appMetadata("provider"), "joined_at": .raw(SQL(raw: "coalesce(new.created_at, now())")),
            ])
    }

    static let functionsAndTriggers = Schema {
        Table("item") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .text)
            Column("updated_at", .timestamptz).default(.now)
        }
        .access(read: .authenticated, write: .serviceRoleOnly)
        Function(
            "touch_updated_at", returns: .trigger,
            body: SQL(raw: "begin\n  new.updated_at := now();\n  return new;\nend;"))
        Function(
            "item_count", arguments: [.init("prefix", .text)], returns: .type(.bigint), language: .sql,
            volatility: .stable, executableBy: [.authenticated], comment: "Counts items by name prefix.",
            body: SQL(raw: "select count(*) from public.item where name like prefix || '%' -- $function$"))
        Function(
            "items_named", arguments: [.init("wanted", .text)], returns: .setOf("item"), language: .sql,
            volatility: .stable, searchPath: ["public"], executableBy: [.authenticated, .serviceRole],
            body: SQL(raw: "select * from item where name = wanted"))
        Trigger("item_touch", on: "item", .before, [.update(of: ["name"])], execute: "public.touch_updated_at")
        Trigger(
            "item_touch_insert", on: "item", .before, [.insert], when: SQL(raw: "new.name is not null"),
            execute: "public.touch_updated_at")
        Function(
            "log_renames", returns: .trigger,
            body: SQL(raw: "begin\n  perform count(*) from old_items join new_items using (id);\n  return null;\nend;"))
        Trigger(
            "item_renamed", on: "item", .after, [.update], level: .statement,
            referencing: .init(old: "old_items", new: "new_items"), execute: "public.log_renames")
    }

    static let views = Schema {
        Table("score") {
            Column("id", .bigint).identity().primaryKey()
            Column("points", .integer)
        }
        .access(read: .public, write: .serviceRoleOnly)
        View(
            "top_scores", readableBy: [.anon, .authenticated], comment: "Scores above 100.",
            query: SQL(raw: "select id, points from public.score where points > 100;"))
        View(
            "score_totals", securityInvoker: false,
            query: SQL(raw: "select sum(points) as total from public.score"))
        View(
            "score_counts", comment: "Scores per points.", query: SQL(raw: "select points, count(*) as n from public.score group by points")
        )
        .materialized()
        .indexes(Index("points", unique: true, name: "score_counts_points"), Index("n"))
    }

    static let referenceCycle = Schema {
        Table("team") {
            Column("id", .integer).primaryKey()
            Column("captain_id", .integer).nullable().references("player")
        }
        Table("player") {
            Column("id", .integer).primaryKey()
            Column("team_id", .integer).references("team")
            Column("mentor_id", .integer).nullable().references("player")
        }
    }
}
