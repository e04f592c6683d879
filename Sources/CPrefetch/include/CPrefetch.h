// Hints and atomics for NavExplorer's seen-set and threads, which Swift has
// no way to say itself: start loading a cache line now, without waiting for
// it; loads and stores of a word that another thread may write at the same
// time (a relaxed access compiles to a plain move on x86-64 and AArch64, and
// tells the compiler the race is meant); and a spinning thread's pause.
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

// A hint that this thread is spinning on a word another thread will write.
static inline void navsh_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

// Under a memory limit, every thread allocates from the one malloc arena:
// glibc would reserve 64 MiB of address space for each thread's own
// (NavExplorer's MemoryBudget). Nothing elsewhere.
#if defined(__GLIBC__)
#include <malloc.h>
static inline void navsh_share_malloc_arena(void) { mallopt(M_ARENA_MAX, 1); }
#else
static inline void navsh_share_malloc_arena(void) {}
#endif

#endif
