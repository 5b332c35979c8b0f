/**
 * glibc's malloc thresholds, fixed at 1 MiB, as the environment that starts the server sets
 * them (the Containerfile's ENV, the npm scripts; benches pass it to what they spawn).
 *
 * glibc raises both as a program goes: each mapped block freed lifts the mmap threshold to its
 * size (up to 32 MiB) and the trim threshold to twice that. The embedded database's start frees
 * blocks that big, so from then on every arena kept up to 64 MiB free at its top. Set from
 * outside, the raising is off: a free top over 1 MiB goes back at once and a block of 1 MiB or
 * more is mapped and unmapped on its own (a new PGlite data folder idled at 304–353 MiB before,
 * ~216 after). Elsewhere than glibc the variable means nothing and does no harm.
 */
export const GLIBC_TUNABLES =
  'glibc.malloc.trim_threshold=1048576:glibc.malloc.mmap_threshold=1048576';
