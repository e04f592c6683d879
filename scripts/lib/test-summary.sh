# Sourced by scripts/test (bash); tested by Tests/navshTests/TestSummaryScriptTests.swift.
#
# Reads the logs scripts/test keeps (colour codes already removed) and names
# what failed, so the summary at the end of a run says what broke.

# failing_xctests LOG: "XCTest NAME" for each failed XCTest case.
failing_xctests() {
    grep -E "^Test Case '.*' failed" "$1" | sed -E "s/^Test Case '(.*)' failed.*/XCTest \1/" | LC_ALL=C sort -u
}

# failing_swift_tests LOG: "NAME (FILE:LINE)" for each failed Swift Testing test,
# with the place of its first issue when the log has one.
failing_swift_tests() {
    local log="$1" name where
    grep -E '^[^A-Za-z]*Test .* failed after' "$log" | grep -vE 'Test run with' |
        sed -E 's/^[^A-Za-z]*Test (.*) failed after.*/\1/; s/ with [0-9]+ (test cases?|arguments?.*)$//' |
        sort -u |
        while IFS= read -r name; do
            where="$(grep -F "Test $name" "$log" | grep -oE 'recorded an issue( with [0-9]+ arguments?.*)? at [^ ]+:[0-9]+:[0-9]+' |
                head -n 1 | sed -E 's/.* at ([^ ]+:[0-9]+):[0-9]+$/\1/')"
            if [ -n "$where" ]; then
                echo "$name ($where)"
            else
                echo "$name"
            fi
        done
}

# count_failing_swift_tests LOG: how many Swift Testing tests failed.
count_failing_swift_tests() {
    grep -E '^[^A-Za-z]*Test .* failed after' "$1" | grep -vcE 'Test run with'
}

# failing_nav_files LOG: each .nav file `navsh test` reported as FAIL, with its first diagnostic.
failing_nav_files() {
    awk '/^FAIL / { if (file != "") print file; file = substr($0, 6); first = ""; next }
         file != "" && /^  / && first == "" { first = substr($0, 3); print file " -- " first; file = ""; next }
         file != "" { print file; file = "" }
         END { if (file != "") print file }' "$1"
}
