/* SHA-256 (FIPS 180-4), self-contained: the preloaded library links libc only, because linking
 * a crypto library into every process it is loaded into would clash with the program's own copy
 * of that library (another version, other symbols). Pure computation: async-signal-safe. */
#ifndef SVC_SHA256_H
#define SVC_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SVC_SHA256_LEN 32

struct svc_sha256 {
  uint32_t h[8];
  uint64_t bytes;    /* message length so far */
  uint8_t block[64]; /* a partial block waiting for more input */
  size_t fill;
};

void svc_sha256_init(struct svc_sha256 *c) __attribute__((visibility("hidden")));
void svc_sha256_update(struct svc_sha256 *c, const void *data, size_t n) __attribute__((visibility("hidden")));
void svc_sha256_final(struct svc_sha256 *c, uint8_t out[SVC_SHA256_LEN]) __attribute__((visibility("hidden")));

/* Tests (koffi): the digest of buf as 64 lowercase hex digits and a NUL into out (65 bytes).
 * 0, or -EINVAL when out is too small. */
__attribute__((visibility("default"))) int svc_sha256_hex(const void *buf, size_t n, char *out, size_t outlen);

#endif
