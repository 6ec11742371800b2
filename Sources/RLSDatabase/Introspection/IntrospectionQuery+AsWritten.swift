import RLSEmbedded

extension IntrospectionQuery {
    /// The objects the DSL declares as written (``RLSModel/AsWritten``): domains, composite and range
    /// types, aggregates and sequences no column owns, each with the statements that create it and
    /// its comments, rebuilt from the catalog (with `search_path = ''`, so every name is qualified).
    /// Two databases holding the same object give the same text, which is how plans compare them.
    static let asWritten = """
        select kind, schema, name, arguments, definition from (
        select 'domain' as kind, n.nspname as schema, t.typname as name, null::text as arguments,
               'CREATE DOMAIN ' || \(qualified("n.nspname", "t.typname")) || ' AS ' || format_type(t.typbasetype, t.typtypmod)
               || case when t.typcollation <> 0 and t.typcollation <> (select b.typcollation from pg_type b where b.oid = t.typbasetype)
                       then ' COLLATE ' || \(collation("t.typcollation")) else '' end
               || coalesce(' DEFAULT ' || t.typdefault, '')
               || case when t.typnotnull then ' NOT NULL' else '' end
               || coalesce((select string_agg(' CONSTRAINT ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid), ''
                                              order by c.conname)
                            from pg_constraint c where c.contypid = t.oid and c.contype = 'c'), '')
               || ';' || \(commentOn("'DOMAIN ' || \(qualified("n.nspname", "t.typname"))", "t.oid", "pg_type")) as definition
        from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where t.typtype = 'd' and \(managed) and \(ManagedSchemas.notExtensionMember("t.oid", catalog: "pg_type"))
        union all
        select 'composite type', n.nspname, t.typname, null,
               'CREATE TYPE ' || \(qualified("n.nspname", "t.typname")) || ' AS ('
               || coalesce((select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
                                              || case when a.attcollation <> 0 and a.attcollation
                                                           <> (select b.typcollation from pg_type b where b.oid = a.atttypid)
                                                      then ' COLLATE ' || \(collation("a.attcollation")) else '' end,
                                              ', ' order by a.attnum)
                            from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '')
               || ');' || \(commentOn("'TYPE ' || \(qualified("n.nspname", "t.typname"))", "t.oid", "pg_type"))
               || coalesce((select string_agg(chr(10) || 'COMMENT ON COLUMN ' || \(qualified("n.nspname", "t.typname")) || '.'
                                              || quote_ident(a.attname) || ' IS ' || quote_literal(ds.description) || ';', '' order by a.attnum)
                            from pg_attribute a join pg_description ds
                              on ds.objoid = t.typrelid and ds.classoid = 'pg_class'::regclass and ds.objsubid = a.attnum
                            where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '')
        from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_class r on r.oid = t.typrelid
        where t.typtype = 'c' and r.relkind = 'c' and \(managed) and \(ManagedSchemas.notExtensionMember("t.oid", catalog: "pg_type"))
        union all
        select 'range type', n.nspname, t.typname, null,
               'CREATE TYPE ' || \(qualified("n.nspname", "t.typname")) || ' AS RANGE (SUBTYPE = ' || format_type(g.rngsubtype, null)
               || case when o.opcdefault then ''
                       else ', SUBTYPE_OPCLASS = ' || (select \(qualified("on_.nspname", "o.opcname")) from pg_namespace on_
                                                       where on_.oid = o.opcnamespace) end
               || case when g.rngcollation <> 0 and g.rngcollation <> (select b.typcollation from pg_type b where b.oid = g.rngsubtype)
                       then ', COLLATION = ' || \(collation("g.rngcollation")) else '' end
               || case when g.rngcanonical <> 0 then ', CANONICAL = ' || g.rngcanonical::regproc::text else '' end
               || case when g.rngsubdiff <> 0 then ', SUBTYPE_DIFF = ' || g.rngsubdiff::regproc::text else '' end
               || ', MULTIRANGE_TYPE_NAME = ' || (select \(qualified("mn.nspname", "m.typname"))
                                                  from pg_type m join pg_namespace mn on mn.oid = m.typnamespace
                                                  where m.oid = g.rngmultitypid)
               || ');' || \(commentOn("'TYPE ' || \(qualified("n.nspname", "t.typname"))", "t.oid", "pg_type"))
        from pg_type t join pg_namespace n on n.oid = t.typnamespace
        join pg_range g on g.rngtypid = t.oid join pg_opclass o on o.oid = g.rngsubopc
        where t.typtype = 'r' and \(managed) and \(ManagedSchemas.notExtensionMember("t.oid", catalog: "pg_type"))
        union all
        select 'aggregate', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid),
               'CREATE AGGREGATE ' || \(qualified("n.nspname", "p.proname"))
               || '(' || case when p.pronargs = 0 then '*' else pg_get_function_arguments(p.oid) end || ') ('
               || 'SFUNC = ' || a.aggtransfn::regproc::text || ', STYPE = ' || format_type(a.aggtranstype, null)
               || case when a.aggtransspace <> 0 then ', SSPACE = ' || a.aggtransspace else '' end
               || case when a.aggfinalfn <> 0 then ', FINALFUNC = ' || a.aggfinalfn::regproc::text else '' end
               || case when a.aggfinalextra then ', FINALFUNC_EXTRA' else '' end
               || case when a.aggfinalfn <> 0 and a.aggfinalmodify <> case a.aggkind when 'n' then 'r' else 'w' end
                       then ', FINALFUNC_MODIFY = ' || case a.aggfinalmodify when 'r' then 'READ_ONLY' when 's' then 'SHAREABLE'
                                                             else 'READ_WRITE' end else '' end
               || case when a.aggcombinefn <> 0 then ', COMBINEFUNC = ' || a.aggcombinefn::regproc::text else '' end
               || case when a.aggserialfn <> 0 then ', SERIALFUNC = ' || a.aggserialfn::regproc::text else '' end
               || case when a.aggdeserialfn <> 0 then ', DESERIALFUNC = ' || a.aggdeserialfn::regproc::text else '' end
               || coalesce(', INITCOND = ' || quote_literal(a.agginitval), '')
               || case when a.aggmtransfn <> 0 then ', MSFUNC = ' || a.aggmtransfn::regproc::text
                                                   || ', MINVFUNC = ' || a.aggminvtransfn::regproc::text
                                                   || ', MSTYPE = ' || format_type(a.aggmtranstype, null) else '' end
               || case when a.aggmtransspace <> 0 then ', MSSPACE = ' || a.aggmtransspace else '' end
               || case when a.aggmfinalfn <> 0 then ', MFINALFUNC = ' || a.aggmfinalfn::regproc::text else '' end
               || case when a.aggmfinalextra then ', MFINALFUNC_EXTRA' else '' end
               || coalesce(', MINITCOND = ' || quote_literal(a.aggminitval), '')
               || case when a.aggsortop <> 0 then ', SORTOP = ' || a.aggsortop::regoper::text else '' end
               || case p.proparallel when 's' then ', PARALLEL = SAFE' when 'r' then ', PARALLEL = RESTRICTED' else '' end
               || case when a.aggkind = 'h' then ', HYPOTHETICAL' else '' end
               || ');'
               || \(commentOn("'AGGREGATE ' || \(qualified("n.nspname", "p.proname")) || '('"
                   + " || case when p.pronargs = 0 then '*' else pg_get_function_identity_arguments(p.oid) end || ')'", "p.oid", "pg_proc"))
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_aggregate a on a.aggfnoid = p.oid
        where p.prokind = 'a' and \(managed) and \(ManagedSchemas.notExtensionMember("p.oid", catalog: "pg_proc"))
        union all
        select 'sequence', n.nspname, c.relname, null,
               'CREATE SEQUENCE ' || \(qualified("n.nspname", "c.relname")) || ' AS ' || format_type(s.seqtypid, null)
               || ' START WITH ' || s.seqstart || ' INCREMENT BY ' || s.seqincrement || ' MINVALUE ' || s.seqmin
               || ' MAXVALUE ' || s.seqmax || ' CACHE ' || s.seqcache || case when s.seqcycle then ' CYCLE' else ' NO CYCLE' end
               || ';' || \(commentOn("'SEQUENCE ' || \(qualified("n.nspname", "c.relname"))", "c.oid", "pg_class"))
        from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_sequence s on s.seqrelid = c.oid
        where c.relkind = 'S' and \(managed) and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
          and not exists (select 1 from pg_depend d
                          where d.classid = 'pg_class'::regclass and d.objid = c.oid
                            and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i'))
        ) o order by kind, schema, name, arguments
        """

    /// `"schema"."name"`, quoted where needed.
    private static func qualified(_ schema: String, _ name: String) -> String {
        "quote_ident(\(schema)) || '.' || quote_ident(\(name))"
    }

    /// The collation `oid`, qualified.
    private static func collation(_ oid: String) -> String {
        """
        (select quote_ident(cn.nspname) || '.' || quote_ident(co.collname)
         from pg_collation co join pg_namespace cn on cn.oid = co.collnamespace where co.oid = \(oid))
        """
    }

    /// A new line and `COMMENT ON <object> IS '...';` when the object `oid` has a comment, else ''.
    private static func commentOn(_ object: String, _ oid: String, _ catalog: String) -> String {
        "coalesce(chr(10) || 'COMMENT ON ' || \(object) || ' IS ' || quote_literal(\(comment(oid, catalog: catalog))) || ';', '')"
    }
}
