// A hint to the processor, for NavExplorer's seen-set: start loading the
// cache line at `address` now, without waiting for it. Swift has no way to
// say this itself.
#ifndef NAVSH_CPREFETCH_H
#define NAVSH_CPREFETCH_H

static inline void navsh_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
