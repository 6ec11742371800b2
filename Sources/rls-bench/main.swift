print("rls-bench: not built yet")
