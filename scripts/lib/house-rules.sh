# Sourced by scripts/test (bash).
#
# house_rule_breaches ROOT: prints FILE:LINE: RULE for each place in the
# package at ROOT that breaks a rule of the house (issue 34), and nothing
# when none does:
#   - anywhere in Sources: the standard library's underscored uniqueness and
#     layout API (_isUnique, _isPOD, _withUnsafeGuaranteed...), unchecked
#     exclusivity, reads at a byte offset, the runtime's reference counts;
#     in Package.swift, exclusivity checking turned off;
#   - in Sources/NavigationEngine (the model of UIKit, plain safe Swift):
#     pointers and unmanaged references, InlineArray, Atomic; a line marked
#     `house rules: identity only` may compare two buffers' addresses;
#   - a Swift file in Sources over 400 lines; docs/performance.md over 200.
house_rule_breaches() {
    local root="$1"
    [ -d "$root/Sources" ] || return 0
    find "$root/Sources" -name '*.swift' -print0 | LC_ALL=C sort -z | xargs -0 -r grep -nHE \
        '\b_(isUnique|isUnique_native|isPOD|withUnsafeGuaranteedRef|getRetainCount|getUnownedRetainCount)\b|exclusivity\(unchecked\)|fromByteOffset|RefCountWord|ArrayHeader|swift_retainCount' \
        | sed 's/^\([^:]*:[0-9]*\):.*/\1: private runtime or standard-library API/'
    if [ -f "$root/Package.swift" ]; then
        grep -nE 'enforce-exclusivity=unchecked' "$root/Package.swift" \
            | sed "s|^\([0-9]*\):.*|$root/Package.swift:\1: exclusivity checking turned off|"
    fi
    if [ -d "$root/Sources/NavigationEngine" ]; then
        find "$root/Sources/NavigationEngine" -name '*.swift' -print0 | LC_ALL=C sort -z | xargs -0 -r grep -nHE \
            '\b(Unsafe[A-Za-z]*|withUnsafe[A-Za-z]*|Unmanaged|InlineArray|Atomic|unsafeBitCast|unsafelyUnwrapped)\b' \
            | grep -v 'house rules: identity only' | sed 's/^\([^:]*:[0-9]*\):.*/\1: unsafe or newer-platform code in the engine/'
    fi
    find "$root/Sources" -name '*.swift' -print0 | LC_ALL=C sort -z | xargs -0 -r wc -l \
        | awk '$2 != "total" && $1 > 400 { printf "%s:1: %d lines, over 400\n", $2, $1 }'
    if [ -f "$root/docs/performance.md" ]; then
        wc -l <"$root/docs/performance.md" \
            | awk -v f="$root/docs/performance.md" '$1 > 200 { printf "%s:1: %d lines, over 200\n", f, $1 }'
    fi
}
