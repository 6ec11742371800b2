import RLSModel

/// Entry point of the `rls` command line (placeholder until the walking skeleton lands).
public enum RLSCommandLine {
    public static func run(schema: Schema) -> Never {
        print("rls: not built yet")
        exit(1)
    }
}
#if canImport(Glibc)
import Glibc
#endif
