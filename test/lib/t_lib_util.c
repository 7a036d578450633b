/* SPDX-License-Identifier: Apache-2.0 */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "blake2neon.h"
#include "t_lib_util.h"
#include "t_util.h"

int t_lib_backend_is(const char *want)
{
    const char *used = blake2neon_backend();

    if (strcmp(want, "auto") != 0) {
        const char *forced = getenv("BLAKE2NEON_BACKEND");
        const struct blake2b_backend *b = blake2b_backend_by_name(want);

        if (!T_CHECK(forced != NULL && strcmp(forced, want) == 0,
                     "BLAKE2NEON_BACKEND=%s, the test was told %s",
                     forced ? forced : "(unset)", want)
            || !T_CHECK(b != NULL, "this build has no backend %s", want))
            return 1;
        if (!blake2b_backend_cpu_can_run(b)) {
            printf("SKIP: this CPU cannot run backend %s\n", want);
            T_CHECK(used == NULL, "forced %s, which this CPU cannot run, "
                    "but the library uses %s", want, used ? used : "");
            return 0;
        }
        T_CHECK(used != NULL && strcmp(used, want) == 0,
                "forced %s, the library reports %s", want,
                used ? used : "(none)");
        t_note("backend %s, as forced by BLAKE2NEON_BACKEND", want);
    } else {
        const char *expect = getenv("BLAKE2NEON_EXPECT_BACKEND");
        const char *forced = getenv("BLAKE2NEON_BACKEND");

        /* A whole run on one forced backend (scripts/cross-test.sh)
         * forces the "auto" tests too. */
        if (forced != NULL && forced[0] != '\0' && strcmp(forced, "auto") != 0)
            expect = forced;
        T_CHECK(used != NULL, "no backend in use");
        if (expect != NULL && expect[0] != '\0')
            T_CHECK(used != NULL && strcmp(used, expect) == 0,
                    "automatic choice %s, BLAKE2NEON_EXPECT_BACKEND=%s",
                    used ? used : "(none)", expect);
        t_note("backend %s (automatic)", used ? used : "(none)");
    }
    return 1;
}

int t_lib_start(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s DATA_DIR BACKEND|auto\n", argv[0]);
        return 2;
    }
    return t_lib_backend_is(argv[2]) ? -1 : T_SKIP;
}

int t_lib_hash_split(uint8_t *out, size_t outlen, const uint8_t *key,
                     size_t keylen, const uint8_t *salt,
                     const uint8_t *personal, const uint8_t *msg, size_t len,
                     struct t_rng *rng)
{
    blake2neon_ctx ctx;
    size_t done = 0;
    int rc = blake2neon_init_param(&ctx, outlen, key, keylen, salt, personal);

    while (rc == BLAKE2NEON_OK && done < len) {
        size_t n = rng != NULL ? t_random_chunk(rng, len - done) : len - done;

        rc = blake2neon_update(&ctx, msg + done, n);
        done += n;
    }
    if (rc == BLAKE2NEON_OK)
        rc = blake2neon_final(&ctx, out);
    return rc;
}
