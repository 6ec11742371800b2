// Each mode lives in its own file; main only dispatches.
switch CommandLine.arguments.dropFirst().first {
case "check":
    try CheckBench.run()
default:
    print("rls-bench: modes: check")
}
