/// The GitHub Actions workflow of Docs/CI.md, which `rls init` writes as `.github/workflows/rls.yml`.
///
/// Docs/CI.md shows this text verbatim; a test keeps the two equal.
enum CIWorkflow {
    static let yaml = """
        name: rls

        on:
          pull_request:
          push:
            branches: [main]
          schedule:
            - cron: "17 6 * * *"     # daily: catch policies edited in the dashboard

        jobs:
          prove:
            # Proves the migrations on a throwaway local database; no secrets, no network database.
            runs-on: ubuntu-latest
            container: swift:6.2-bookworm   # the Swift you build with; runs as root, so it can apt-get
            steps:
              - uses: actions/checkout@v4
              - uses: actions/cache@v4
                with:
                  path: .build
                  key: build-${{ runner.os }}-${{ hashFiles('Package.swift', 'Package.resolved', 'Sources/**') }}
                  restore-keys: build-${{ runner.os }}-
              - uses: actions/cache@v4
                # The schema's desired state (.rls/cache): rebuilt by increment from the last one after an
                # edit, from nothing only on the first run (Docs/PERFORMANCE.md has the costs).
                with:
                  path: .rls/cache
                  key: rls-${{ runner.os }}-${{ hashFiles('Package.resolved', 'Sources/**', 'Migrations/**') }}
                  restore-keys: rls-${{ runner.os }}-
              - name: Install libpq, pkg-config and the PostgreSQL server
                run: apt-get update -qq && apt-get install -y -qq --no-install-recommends libpq-dev pkg-config postgresql
              - name: Build
                run: swift build --product rls
              - name: Access rules hold (rls check)
                run: .build/debug/rls check --junit rls-check.xml
              - name: Access docs are current (rls docs --check)
                run: .build/debug/rls docs --check
              - name: The app's Swift types are current (rls types --check)
                run: .build/debug/rls types --check
              - name: Nothing unsafe or slow in the schema (rls lint)
                run: .build/debug/rls lint --schema-only
              - name: Keep the check report
                if: always()
                uses: actions/upload-artifact@v4
                with:
                  name: rls-check
                  path: rls-check.xml
                  if-no-files-found: ignore

          plan:
            # What would change on the real database. Pending migrations are expected on a pull request
            # (exit 2, reported); only an error (exit 1) fails. On main and on the schedule, anything
            # pending or drifted fails: either a deploy is missing or someone edited the database by hand.
            runs-on: ubuntu-latest
            container: swift:6.2-bookworm
            if: github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository
            env:
              # Session pooler: GitHub's runners have no IPv6, which the direct connection needs.
              # postgres://postgres.PROJECT_REF:PASSWORD@REGION-HOST.pooler.supabase.com:5432/postgres?sslmode=require
              DATABASE_URL: ${{ secrets.SUPABASE_DATABASE_URL }}
            steps:
              - uses: actions/checkout@v4
              - uses: actions/cache@v4
                with:
                  path: .build
                  key: build-${{ runner.os }}-${{ hashFiles('Package.swift', 'Package.resolved', 'Sources/**') }}
                  restore-keys: build-${{ runner.os }}-
              - uses: actions/cache@v4
                # The schema's desired state (.rls/cache): rebuilt by increment from the last one after an
                # edit, from nothing only on the first run (Docs/PERFORMANCE.md has the costs).
                with:
                  path: .rls/cache
                  key: rls-${{ runner.os }}-${{ hashFiles('Package.resolved', 'Sources/**', 'Migrations/**') }}
                  restore-keys: rls-${{ runner.os }}-
              - name: Install libpq, pkg-config and the PostgreSQL server
                # plan computes the desired state on a throwaway local database
                run: apt-get update -qq && apt-get install -y -qq --no-install-recommends libpq-dev pkg-config postgresql
              - name: Build
                run: swift build --product rls
              - name: Plan
                shell: bash
                run: |
                  set +e
                  .build/debug/rls plan --exit-code | tee plan.txt
                  code=${PIPESTATUS[0]}
                  { echo '```'; cat plan.txt; echo '```'; } >> "$GITHUB_STEP_SUMMARY"
                  if [ "$code" = 2 ] && [ "${{ github.event_name }}" = pull_request ]; then
                    echo "::notice::This pull request has migrations to apply; see the job summary."
                    exit 0
                  fi
                  exit "$code"

        """
}
