// SHA-256's block function on the CPU's SHA extensions, for the streaming SHA256 of Services
// (through IntegrationSupport's `SHA256.fastest()`). Only the compression of whole 64-byte blocks
// is here: buffering, padding and the digest stay in Swift, which also keeps the portable block
// function every CPU can run and the tests check both against the same vectors.
#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU can run `csha256_compress_blocks` (x86-64 with the SHA extensions, SSSE3 and
/// SSE4.1), 0 otherwise. Cheap after the first call.
int csha256_has_sha_extensions(void);

/// Absorbs `block_count` consecutive 64-byte blocks at `blocks` into `state` (SHA-256's eight
/// words H0...H7, in order). Call only when `csha256_has_sha_extensions()` is 1.
void csha256_compress_blocks(uint32_t state[8], const uint8_t *blocks, size_t block_count);

#endif
