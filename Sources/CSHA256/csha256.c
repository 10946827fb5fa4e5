#include "CSHA256.h"

#if defined(__x86_64__) || defined(__i386__)

#include <cpuid.h>
#include <immintrin.h>

// The round constants K0...K63 of FIPS 180-4, read four at a time.
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

int csha256_has_sha_extensions(void) {
    static int known = -1;
    if (known >= 0) return known;
    unsigned int eax, ebx, ecx, edx;
    int available = 0;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
        int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
        if (ssse3 && sse41 && __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
            available = (ebx >> 29) & 1;
        }
    }
    known = available;
    return available;
}

__attribute__((target("sha,sse4.1,ssse3")))
void csha256_compress_blocks(uint32_t state[8], const uint8_t *blocks, size_t block_count) {
    // Reverses the bytes of each 32-bit lane: the message words are big-endian.
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);

    // The SHA instructions keep the eight words as ABEF and CDGH (most significant lane first).
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);
    __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);
    __m128i abef = _mm_alignr_epi8(abcd, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, abcd, 0xF0);

    for (; block_count > 0; block_count--, blocks += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        // The message schedule, four words at a time: groups 0-3 are the block, each later group
        // i is sigma1/sigma0 of groups i-1 ... i-4, as FIPS 180-4's W[t].
        __m128i schedule[4];
        for (int group = 0; group < 16; group++) {
            __m128i words;
            if (group < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * group)), byte_swap);
            } else {
                __m128i sum = _mm_sha256msg1_epu32(schedule[group & 3], schedule[(group + 1) & 3]);
                sum = _mm_add_epi32(sum, _mm_alignr_epi8(schedule[(group + 3) & 3], schedule[(group + 2) & 3], 4));
                words = _mm_sha256msg2_epu32(sum, schedule[(group + 3) & 3]);
            }
            schedule[group & 3] = words;
            // Four rounds: two with the low pair of W+K, two with the high pair.
            __m128i with_constants = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, with_constants);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(with_constants, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }

    // Back to A...H in order.
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#else

int csha256_has_sha_extensions(void) { return 0; }

void csha256_compress_blocks(uint32_t state[8], const uint8_t *blocks, size_t block_count) {
    (void)state;
    (void)blocks;
    (void)block_count;
}

#endif
