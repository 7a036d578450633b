/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The sample config as a program meets it: OPENSSL_CONF names
 * conf/blake2neon.cnf, OPENSSL_MODULES the build directory, and the program
 * loads no provider itself and passes no property query. Every BLAKE2b
 * name and the Argon2 KDFs must then come from blake2neon, with the
 * right answers, and
 * everything else the default provider has (SHA-256, HMAC, EC keys and
 * ECDSA, key loading, random numbers) must still come from default.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/kdf.h>
#include <openssl/pem.h>
#include <openssl/rand.h>

#include "t_ossl.h"

enum { MSG_LEN = 129 };

static const char *provider_name(const OSSL_PROVIDER *prov)
{
    return prov != NULL ? OSSL_PROVIDER_get0_name(prov) : "(none)";
}

static int from(const OSSL_PROVIDER *prov, const char *want)
{
    return prov != NULL && strcmp(OSSL_PROVIDER_get0_name(prov), want) == 0;
}

/* Every name and alias of the four digests, by default output size. */
static const struct {
    const char *name;
    size_t size;
} digest_names[] = {
    { "BLAKE2B-160", 20 }, { "BLAKE2b160", 20 }, { "1.3.6.1.4.1.1722.12.2.1.5", 20 },
    { "BLAKE2B-256", 32 }, { "BLAKE2b256", 32 }, { "1.3.6.1.4.1.1722.12.2.1.8", 32 },
    { "BLAKE2B-384", 48 }, { "BLAKE2b384", 48 }, { "1.3.6.1.4.1.1722.12.2.1.12", 48 },
    { "BLAKE2B-512", 64 }, { "BLAKE2b512", 64 }, { "1.3.6.1.4.1.1722.12.2.1.16", 64 },
};

static void check_digests(const struct t_kat *kat, const uint8_t *msg)
{
    for (size_t i = 0; i < sizeof(digest_names) / sizeof(digest_names[0]); i++) {
        const char *name = digest_names[i].name;
        EVP_MD *md = EVP_MD_fetch(NULL, name, NULL);
        uint8_t out[64];
        size_t len;

        if (!T_CHECK(md != NULL, "EVP_MD_fetch(NULL, \"%s\", NULL)", name))
            continue;
        T_CHECK(from(EVP_MD_get0_provider(md), "blake2neon"),
                "%s comes from %s, not blake2neon", name,
                provider_name(EVP_MD_get0_provider(md)));
        len = t_digest(md, 0, msg, MSG_LEN, NULL, out);
        if (T_CHECK(len == digest_names[i].size, "%s: %zu bytes", name, len))
            T_SAME(out, t_kat_digest(kat, len, 0, MSG_LEN), len,
                   "%s of %d bytes", name, MSG_LEN);
        EVP_MD_free(md);
    }
}

/*
 * The legacy route of Ruby, PHP, Node and Net::SSLeay:
 * EVP_get_digestbyname gives OpenSSL's built-in table entry, and
 * EVP_DigestInit_ex fetches an implementation for it with the default
 * properties. Only BLAKE2b512 has a built-in entry. The context does not
 * say which implementation it holds (EVP_MD_CTX_get0_md gives back the
 * built-in entry), but it answers EVP_MD_CTX_gettable_params with the
 * table of the implementation running, and each provider has its own.
 */
static void check_legacy_route(const struct t_kat *kat, const uint8_t *msg)
{
    const EVP_MD *legacy = EVP_get_digestbyname("BLAKE2b512");
    EVP_MD *ours = EVP_MD_fetch(NULL, "BLAKE2B-512", "provider=blake2neon");
    EVP_MD *theirs = EVP_MD_fetch(NULL, "BLAKE2B-512", "provider=default");
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    const OSSL_PARAM *ours_table, *running_table;
    uint8_t out[64];
    unsigned int len = 0;

    T_CHECK(EVP_get_digestbyname("BLAKE2b256") == NULL,
            "EVP_get_digestbyname(\"BLAKE2b256\") is NULL: provider-only "
            "names have no built-in entry (if this changes, update docs/clients.md)");
    if (!T_CHECK(legacy != NULL && ours != NULL && theirs != NULL && ctx != NULL,
                 "EVP_get_digestbyname(\"BLAKE2b512\"), and BLAKE2B-512 "
                 "from each provider")
        || !T_CHECK(EVP_DigestInit_ex(ctx, legacy, NULL),
                    "EVP_DigestInit_ex with the built-in BLAKE2b512"))
        goto done;
    ours_table = EVP_MD_gettable_ctx_params(ours);
    running_table = EVP_MD_CTX_gettable_params(ctx);
    if (T_CHECK(ours_table != NULL
                && ours_table != EVP_MD_gettable_ctx_params(theirs),
                "the two BLAKE2B-512 implementations have distinct gettable "
                "tables (else this check cannot tell them apart)"))
        T_CHECK(running_table == ours_table,
                "EVP_get_digestbyname(\"BLAKE2b512\") runs in %s",
                running_table == NULL ? "an implementation without gettable "
                "context params (default on OpenSSL 3.0/3.1)"
                : "another implementation than blake2neon's");
    if (T_CHECK(EVP_DigestUpdate(ctx, msg, MSG_LEN)
                && EVP_DigestFinal_ex(ctx, out, &len) && len == 64,
                "legacy BLAKE2b512: %u bytes", len))
        T_SAME(out, t_kat_digest(kat, 64, 0, MSG_LEN), 64,
               "legacy BLAKE2b512 of %d bytes", MSG_LEN);
done:
    EVP_MD_free(ours);
    EVP_MD_free(theirs);
    EVP_MD_CTX_free(ctx);
}

static void check_mac(const struct t_kat *kat, const uint8_t *msg)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "BLAKE2BMAC", NULL);
    uint8_t key[64], out[64];
    struct t_mac_input in = { key, sizeof(key), NULL, 0, NULL, 0, 0 };
    size_t len;

    if (!T_CHECK(mac != NULL, "EVP_MAC_fetch(NULL, \"BLAKE2BMAC\", NULL)"))
        return;
    T_CHECK(from(EVP_MAC_get0_provider(mac), "blake2neon"),
            "BLAKE2BMAC comes from %s, not blake2neon",
            provider_name(EVP_MAC_get0_provider(mac)));
    t_pattern(key, sizeof(key)); /* kat.txt's key: 00 01 .. 3f */
    len = t_mac(mac, &in, msg, MSG_LEN, NULL, out);
    if (T_CHECK(len == 64, "BLAKE2BMAC: %zu bytes", len))
        T_SAME(out, t_kat_digest(kat, 64, 1, MSG_LEN), 64,
               "BLAKE2BMAC of %d bytes", MSG_LEN);
    EVP_MAC_free(mac);
}

/* The Argon2 KDFs too, on every OpenSSL (3.2 and later have their own
 * in default, which the preference passes over): RFC 9106's Argon2id
 * vector (section 5.3). */
static void check_argon2(void)
{
    static const uint8_t rfc9106_argon2id[32] = {
        0x0d, 0x64, 0x0d, 0xf5, 0x8d, 0x78, 0x76, 0x6c, 0x08, 0xc0, 0x37,
        0xa3, 0x4a, 0x8b, 0x53, 0xc9, 0xd0, 0x1e, 0xf0, 0x45, 0x2d, 0x75,
        0xb6, 0x5e, 0xb5, 0x25, 0x20, 0xe9, 0x6b, 0x01, 0xe6, 0x59,
    };
    uint8_t pass[32], salt[16], secret[8], ad[12], out[32];
    uint32_t iter = 3, memcost = 32, lanes = 4;
    OSSL_PARAM params[] = {
        OSSL_PARAM_octet_string("pass", pass, sizeof(pass)),
        OSSL_PARAM_octet_string("salt", salt, sizeof(salt)),
        OSSL_PARAM_octet_string("secret", secret, sizeof(secret)),
        OSSL_PARAM_octet_string("ad", ad, sizeof(ad)),
        OSSL_PARAM_uint32("iter", &iter),
        OSSL_PARAM_uint32("memcost", &memcost),
        OSSL_PARAM_uint32("lanes", &lanes),
        OSSL_PARAM_END
    };
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "ARGON2ID", NULL);
    EVP_KDF_CTX *ctx = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;

    memset(pass, 1, sizeof(pass));
    memset(salt, 2, sizeof(salt));
    memset(secret, 3, sizeof(secret));
    memset(ad, 4, sizeof(ad));
    if (T_CHECK(ctx != NULL, "EVP_KDF_fetch(NULL, \"ARGON2ID\", NULL)")) {
        T_CHECK(from(EVP_KDF_get0_provider(kdf), "blake2neon"),
                "ARGON2ID comes from %s, not blake2neon",
                provider_name(EVP_KDF_get0_provider(kdf)));
        if (T_CHECK(EVP_KDF_derive(ctx, out, sizeof(out), params) == 1,
                    "ARGON2ID derive"))
            T_SAME(out, rfc9106_argon2id, sizeof(out), "RFC 9106's Argon2id");
    }
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
}

/* What blake2neon does not offer is untouched by the preference. */
static void check_default_keeps_the_rest(void)
{
    /* FIPS 180-2's SHA-256 of "abc". */
    static const uint8_t sha256_abc[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40,
        0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17,
        0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
    };
    EVP_MD *sha = EVP_MD_fetch(NULL, "SHA2-256", NULL);
    EVP_MAC *hmac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_RAND *drbg = EVP_RAND_fetch(NULL, "CTR-DRBG", NULL);
    uint8_t out[64], rnd[16];

    if (T_CHECK(sha != NULL, "EVP_MD_fetch SHA2-256")) {
        T_CHECK(from(EVP_MD_get0_provider(sha), "default"),
                "SHA2-256 comes from %s, not default",
                provider_name(EVP_MD_get0_provider(sha)));
        if (T_CHECK(t_digest(sha, 0, (const uint8_t *)"abc", 3, NULL, out) == 32,
                    "SHA2-256 of abc"))
            T_SAME(out, sha256_abc, 32, "SHA2-256 of abc");
    }
    if (T_CHECK(hmac != NULL, "EVP_MAC_fetch HMAC"))
        T_CHECK(from(EVP_MAC_get0_provider(hmac), "default"),
                "HMAC comes from %s, not default",
                provider_name(EVP_MAC_get0_provider(hmac)));
    if (T_CHECK(drbg != NULL, "EVP_RAND_fetch CTR-DRBG"))
        T_CHECK(from(EVP_RAND_get0_provider(drbg), "default"),
                "CTR-DRBG comes from %s, not default",
                provider_name(EVP_RAND_get0_provider(drbg)));
    T_CHECK(RAND_bytes(rnd, sizeof(rnd)) == 1, "RAND_bytes");
    EVP_MD_free(sha);
    EVP_MAC_free(hmac);
    EVP_RAND_free(drbg);
}

/* ECDSA over BLAKE2B-256 with a key generated, saved and loaded again. */
static void check_ec(const uint8_t *msg)
{
    EVP_PKEY *key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    EVP_PKEY *loaded = NULL;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    BIO *pem = BIO_new(BIO_s_mem());
    uint8_t sig[128], tampered[MSG_LEN];
    size_t siglen = sizeof(sig);

    if (!T_CHECK(key != NULL && ctx != NULL && pem != NULL,
                 "EC P-256 key generation"))
        goto done;
    T_CHECK(from(EVP_PKEY_get0_provider(key), "default"),
            "the EC key is held by %s, not default",
            provider_name(EVP_PKEY_get0_provider(key)));
    if (!T_CHECK(PEM_write_bio_PrivateKey(pem, key, NULL, NULL, 0, NULL, NULL)
                 && (loaded = PEM_read_bio_PrivateKey(pem, NULL, NULL, NULL))
                        != NULL,
                 "EC key written as PEM and loaded again"))
        goto done;
    T_CHECK(from(EVP_PKEY_get0_provider(loaded), "default"),
            "the loaded EC key is held by %s, not default",
            provider_name(EVP_PKEY_get0_provider(loaded)));

    if (!T_CHECK(EVP_DigestSignInit_ex(ctx, &pctx, "BLAKE2B-256", NULL, NULL,
                                       loaded, NULL) == 1,
                 "EVP_DigestSignInit_ex, ECDSA with BLAKE2B-256"))
        goto done;
    T_CHECK(from(EVP_PKEY_CTX_get0_provider(pctx), "default"),
            "ECDSA runs in %s, not default",
            provider_name(EVP_PKEY_CTX_get0_provider(pctx)));
    if (!T_CHECK(EVP_DigestSign(ctx, sig, &siglen, msg, MSG_LEN) == 1,
                 "ECDSA-BLAKE2B-256 sign"))
        goto done;

    EVP_MD_CTX_reset(ctx);
    T_CHECK(EVP_DigestVerifyInit_ex(ctx, NULL, "BLAKE2B-256", NULL, NULL, key,
                                    NULL) == 1
            && EVP_DigestVerify(ctx, sig, siglen, msg, MSG_LEN) == 1,
            "ECDSA-BLAKE2B-256 signature verifies with the generated key");
    memcpy(tampered, msg, MSG_LEN);
    tampered[MSG_LEN / 2] ^= 1;
    EVP_MD_CTX_reset(ctx);
    T_CHECK(EVP_DigestVerifyInit_ex(ctx, NULL, "BLAKE2B-256", NULL, NULL, key,
                                    NULL) == 1
            && EVP_DigestVerify(ctx, sig, siglen, tampered, MSG_LEN) == 0,
            "ECDSA-BLAKE2B-256 signature fails on a tampered message");
    ERR_clear_error();
done:
    EVP_PKEY_free(key);
    EVP_PKEY_free(loaded);
    EVP_MD_CTX_free(ctx);
    BIO_free(pem);
}

int main(int argc, char **argv)
{
    struct t_args args;
    static struct t_kat kat;
    uint8_t msg[MSG_LEN];
    const char *conf = getenv("OPENSSL_CONF");

    if (!t_args_parse(argc, argv, &args))
        return 2;
    if (!T_CHECK(conf != NULL && conf[0] != '\0',
                 "OPENSSL_CONF must name the sample config"))
        return t_report("t_conf");
    t_note("OPENSSL_CONF=%s OPENSSL_MODULES=%s; %s", conf,
           getenv("OPENSSL_MODULES") != NULL ? getenv("OPENSSL_MODULES") : "(unset)",
           OpenSSL_version(OPENSSL_VERSION));
    if (!T_CHECK(OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL) == 1,
                 "OpenSSL reads %s", conf))
        return t_report("t_conf");
    if (!t_kat_load(&kat, args.data_dir))
        return t_report("t_conf");

    t_pattern(msg, sizeof(msg));
    check_digests(&kat, msg);
    check_legacy_route(&kat, msg);
    check_mac(&kat, msg);
    check_argon2();
    check_default_keeps_the_rest();
    check_ec(msg);
    /*
     * Asked only now: on OpenSSL 3.0, OSSL_PROVIDER_available() before the
     * first fetch changes which of two providers offering a name wins a
     * fetch without preference, and would hide a sample that lacks one.
     * (3.0 also drops a provider the config fails to load, silently.)
     */
    T_CHECK(OSSL_PROVIDER_available(NULL, "blake2neon"),
            "the config activated blake2neon");
    T_CHECK(OSSL_PROVIDER_available(NULL, "default"),
            "the config activated default");
    return t_report("t_conf");
}
