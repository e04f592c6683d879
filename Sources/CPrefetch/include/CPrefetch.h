// Hints and atomics for NavExplorer's seen-set, which Swift has no way to
// say itself: start loading a cache line now, without waiting for it; and
// loads and stores of a word that another thread may write at the same time
// (a relaxed access compiles to a plain move on x86-64 and AArch64, and
// tells the compiler the race is meant).
#ifndef NAVSH_CPREFETCH_H
#define NAVSH_CPREFETCH_H

#include <stdint.h>

static inline void navsh_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

static inline uint64_t navsh_load_relaxed(const uint64_t *address) {
    return __atomic_load_n(address, __ATOMIC_RELAXED);
}

static inline void navsh_store_relaxed(uint64_t *address, uint64_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

static inline uint64_t *navsh_load_acquire_table(uint64_t *const *address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

static inline void navsh_store_release_table(uint64_t **address, uint64_t *table) {
    __atomic_store_n(address, table, __ATOMIC_RELEASE);
}

#endif
