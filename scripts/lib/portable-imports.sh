# Sourced by scripts/test (bash).
#
# unconditional_glibc_imports DIR...: prints FILE:LINE: ... for each
# `import Glibc` in the Swift files under DIR that is not the first branch of
# `#if canImport(Glibc)` (or an `#elseif canImport(Glibc)`), and for each file
# that imports Glibc without a `canImport(Darwin)` branch beside it. Prints
# nothing when every import is portable.
unconditional_glibc_imports() {
    find "$@" -name '*.swift' -print0 | LC_ALL=C sort -z | xargs -0 -r awk '
        function report_file() {
            if (file != "" && glibc && !darwin) printf "%s:1: imports Glibc without a canImport(Darwin) branch\n", file
        }
        FNR == 1 { report_file(); file = FILENAME; last = ""; glibc = 0; darwin = 0 }
        /canImport\(Darwin\)/ { darwin = 1 }
        /^[ \t]*(@[A-Za-z_]+[ \t]+)*import[ \t]+([a-z]+[ \t]+)?Glibc([ \t.]|$)/ {
            glibc = 1
            if (last !~ /^[ \t]*#(el)?if[ \t]+canImport\(Glibc\)[ \t]*$/) {
                printf "%s:%d: import Glibc outside #if canImport(Glibc)\n", FILENAME, FNR
            }
        }
        /^[ \t]*#/ { last = $0 }
        /^[ \t]*[^ \t#\/]/ && !/^[ \t]*(@[A-Za-z_]+[ \t]+)*import[ \t]/ { last = $0 }
        END { report_file() }
    '
}
