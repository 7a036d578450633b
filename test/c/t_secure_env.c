/* SPDX-License-Identifier: Apache-2.0 */
/*
 * BLAKE2NEON_BACKEND is obeyed in an ordinary process and ignored in a
 * set-user-ID one (the kernel's AT_SECURE), so that whoever runs a
 * privileged program cannot choose its backend or make the load fail.
 *
 *   t_secure_env MODULE_DIR DATA_DIR plain
 *       BLAKE2NEON_BACKEND=no-such-backend makes the load fail; without
 *       it the same load succeeds.
 *   t_secure_env MODULE_DIR DATA_DIR setuid [emulated]
 *       As root: run a copy of this program that is set-user-ID to
 *       "nobody" (so the real and effective user differ), with the same
 *       variable, in the role "child": there the load must succeed with
 *       the automatic choice. Skipped, saying why, when not root, under an
 *       emulator (qemu-user does not honour the set-user-ID bit), or where
 *       the copy runs without AT_SECURE (a nosuid mount).
 */
/* mkdtemp, fchown, fork, execv, setenv, readlink: POSIX, beyond C11. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/err.h>

#include "backend.h"
#include "t_ossl.h"

#define VAR "BLAKE2NEON_BACKEND"
#define BOGUS "no-such-backend"

/*
 * LeakSanitizer (sanitizer builds) asks this at exit. It cannot inspect a
 * set-user-ID process, which is not dumpable, and would abort the child,
 * which also cannot read ASAN_OPTIONS from /proc; the parent runs the
 * same code and is checked. Exported (ENABLE_EXPORTS) so the runtime's
 * weak default gives way to it; unused in other builds.
 */
__attribute__((visibility("default"))) int __lsan_is_turned_off(void);
int __lsan_is_turned_off(void)
{
    return getauxval(AT_SECURE) != 0;
}

/* Load blake2neon into a fresh context; the provider or NULL. */
static OSSL_PROVIDER *load(const char *module_dir, OSSL_LIB_CTX **libctx)
{
    *libctx = OSSL_LIB_CTX_new();
    if (!T_CHECK(*libctx != NULL, "OSSL_LIB_CTX_new")
        || !T_CHECK(OSSL_PROVIDER_set_default_search_path(*libctx, module_dir),
                    "set search path %s", module_dir))
        return NULL;
    return OSSL_PROVIDER_load(*libctx, "blake2neon");
}

/* With the variable set the load must succeed, on the automatic choice. */
static void expect_ignored(const char *module_dir)
{
    const char *want = blake2b_backend_auto()->name;
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov = load(module_dir, &libctx);
    const char *got;

    if (T_CHECK(prov != NULL, "load with %s=%s in a set-user-ID process",
                VAR, BOGUS)) {
        got = t_backend_of(prov);
        T_CHECK(got != NULL && strcmp(got, want) == 0,
                "backend %s, the automatic choice is %s",
                got != NULL ? got : "(none)", want);
        t_note("loaded, backend %s: %s was ignored", got != NULL ? got : "?",
               VAR);
    }
    t_ctx_free(libctx, prov);
}

static int role_plain(const char *module_dir)
{
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov;

    T_CHECK(getauxval(AT_SECURE) == 0, "AT_SECURE set in a plain run");
    setenv(VAR, BOGUS, 1);
    prov = load(module_dir, &libctx);
    T_FAILS(prov != NULL, BOGUS, "load with %s=%s", VAR, BOGUS);
    t_ctx_free(libctx, prov);

    unsetenv(VAR);
    prov = load(module_dir, &libctx);
    T_CHECK(prov != NULL, "load without %s", VAR);
    t_ctx_free(libctx, prov);
    return t_report("t_secure_env plain");
}

static int role_child(const char *module_dir)
{
    const char *value = getenv(VAR);

    if (getauxval(AT_SECURE) == 0) {
        printf("SKIP: the set-user-ID copy ran without AT_SECURE (uid %d, "
               "euid %d): is its file system mounted nosuid?\n",
               (int)getuid(), (int)geteuid());
        return T_SKIP;
    }
    t_note("set-user-ID copy: uid %d, euid %d, AT_SECURE set", (int)getuid(),
           (int)geteuid());
    /* The variable did reach us: ignoring it is the provider's doing. */
    T_CHECK(value != NULL && strcmp(value, BOGUS) == 0, "%s=%s in the child",
            VAR, value != NULL ? value : "(unset)");
    /* What the fallback without secure_getenv (core/env.c) tests. */
    T_CHECK(OPENSSL_issetugid() != 0, "OPENSSL_issetugid() is 0");
    expect_ignored(module_dir);
    return t_report("t_secure_env child");
}

/* Copy the file at from to to, mode 0755, owned by uid/gid; 0 on error. */
static int copy_owned(const char *from, const char *to, uid_t uid, gid_t gid)
{
    char buf[65536];
    int in = open(from, O_RDONLY), out = -1, ok = 0;
    ssize_t n;

    if (in < 0)
        return 0;
    out = open(to, O_WRONLY | O_CREAT | O_EXCL, 0700);
    if (out < 0)
        goto done;
    while ((n = read(in, buf, sizeof(buf))) > 0)
        if (write(out, buf, (size_t)n) != n)
            goto done;
    /* chown clears the set-user-ID bit: set the mode afterwards. */
    ok = n == 0 && fchown(out, uid, gid) == 0
         && fchmod(out, S_ISUID | 0755) == 0;
done:
    if (out >= 0 && close(out) != 0)
        ok = 0;
    close(in);
    return ok;
}

static int role_setuid(const char *module_dir, const char *data_dir,
                       int emulated)
{
    char exe[4096], dir[4200], copy[4300], *slash;
    struct passwd *nobody;
    ssize_t len;
    pid_t pid = -1;
    int status = 0, copied;

    if (emulated) {
        printf("SKIP: under an emulator the set-user-ID bit of a target "
               "program is not honoured\n");
        return T_SKIP;
    }
    if (geteuid() != 0) {
        printf("SKIP: not root (euid %d), so no set-user-ID copy owned by "
               "another user can be made; run as root to test AT_SECURE\n",
               (int)geteuid());
        return T_SKIP;
    }
    nobody = getpwnam("nobody");
    if (nobody == NULL || nobody->pw_uid == 0) {
        printf("SKIP: no user 'nobody' to own the set-user-ID copy\n");
        return T_SKIP;
    }
    /* Next to this program: the build tree, not a /tmp that may be nosuid. */
    len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (!T_CHECK(len > 0, "readlink /proc/self/exe: %s", strerror(errno)))
        return t_report("t_secure_env setuid");
    exe[len] = '\0';
    slash = strrchr(exe, '/');
    snprintf(dir, sizeof(dir), "%.*s/t_secure_env.XXXXXX",
             slash != NULL ? (int)(slash - exe) : 1, slash != NULL ? exe : ".");
    if (!T_CHECK(mkdtemp(dir) != NULL, "mkdtemp %s: %s", dir, strerror(errno)))
        return t_report("t_secure_env setuid");
    snprintf(copy, sizeof(copy), "%s/t_secure_env", dir);
    copied = T_CHECK(chmod(dir, 0755) == 0
                         && copy_owned(exe, copy, nobody->pw_uid, 0),
                     "set-user-ID copy %s: %s", copy, strerror(errno));

    if (copied) {
        t_note("running %s as euid %d (nobody) with %s=%s", copy,
               (int)nobody->pw_uid, VAR, BOGUS);
        fflush(stdout);
        setenv(VAR, BOGUS, 1);
        pid = fork();
        if (pid == 0) {
            char *args[] = { copy, (char *)module_dir, (char *)data_dir,
                             "child", NULL };
            execv(copy, args);
            printf("# execv %s: %s\n", copy, strerror(errno));
            _exit(126);
        }
        T_CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork/wait");
        unsetenv(VAR);
    }
    unlink(copy);
    rmdir(dir);
    if (copied && pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == T_SKIP)
        return T_SKIP; /* the child said why */
    if (copied)
        T_CHECK(pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
                "the set-user-ID child failed (wait status %#x)", status);
    return t_report("t_secure_env setuid");
}

int main(int argc, char **argv)
{
    struct t_args args;
    const char *role = argc >= 4 ? argv[3] : "";
    int emulated = argc == 5 && strcmp(argv[4], "emulated") == 0;

    if ((argc != 4 && !emulated) || !t_args_parse(3, argv, &args)
        || (strcmp(role, "plain") != 0 && strcmp(role, "setuid") != 0
            && strcmp(role, "child") != 0)) {
        printf("usage: %s MODULE_DIR DATA_DIR plain|setuid [emulated]\n",
               argv[0]);
        return EXIT_FAILURE;
    }
    if (strcmp(role, "plain") == 0)
        return role_plain(args.module_dir);
    if (strcmp(role, "child") == 0)
        return role_child(args.module_dir);
    return role_setuid(args.module_dir, args.data_dir, emulated);
}
