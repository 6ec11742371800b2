import RLSModel

/// The name of a database object inside a schema, such as `public.saved`: the model's one
/// ``RLSModel/QualifiedName``, so a name read from the catalog and one declared in Swift are the
/// same value. Its quoted form, `"public"."saved"`, is `RLSSQL`'s `sql`.
public typealias QualifiedName = RLSModel.QualifiedName
