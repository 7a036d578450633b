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
 *       the automatic choice. The copy and a copy of the module live in a
 *       private directory under $TMPDIR, /tmp or /var/tmp (the first that
 *       "nobody" can reach and that is not mounted nosuid), since the build
 *       tree may not be reachable (a checkout under /root, mode 0700).
 *       Skipped, saying why, when not root, under an emulator (qemu-user
 *       does not honour the set-user-ID bit), or where no such directory
 *       can be made or the copy runs without AT_SECURE.
 */
/* mkdtemp, fchown, fork, execv, setenv, readlink, seteuid, statvfs:
 * POSIX, beyond C11. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
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

/*
 * Copy the file at from to to, owned by uid/gid with the given mode; 0 on
 * error, errno saying why.
 */
static int copy_file(const char *from, const char *to, uid_t uid, gid_t gid,
                     mode_t mode)
{
    char buf[65536];
    int in = open(from, O_RDONLY), out = -1, ok = 0, saved;
    ssize_t n;

    if (in < 0)
        return 0;
    out = open(to, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (out < 0)
        goto done;
    while ((n = read(in, buf, sizeof(buf))) > 0)
        if (write(out, buf, (size_t)n) != n)
            goto done;
    /* chown clears the set-user-ID bit: set the mode afterwards. */
    ok = n == 0 && fchown(out, uid, gid) == 0 && fchmod(out, mode) == 0;
done:
    saved = errno;
    if (out >= 0 && close(out) != 0)
        ok = 0;
    close(in);
    errno = saved;
    return ok;
}

/*
 * The private directory the set-user-ID run works in: the test's own
 * copy and the module's, since the build tree may sit where "nobody"
 * cannot reach it (a checkout under /root, mode 0700).
 */
struct priv_dir {
    char dir[4096];
    char exe[4200];    /* set-user-ID copy of this program */
    char module[4200]; /* copy of blake2neon.so */
};

static void priv_dir_remove(struct priv_dir *p)
{
    unlink(p->exe);
    unlink(p->module);
    rmdir(p->dir);
}

/*
 * Can the child, real user root and effective user "nobody", open the
 * module copy? Tried with exactly those credentials in a forked process:
 * every directory above the copy must let "nobody" through.
 */
static int reachable_by(const struct priv_dir *p, uid_t uid)
{
    int status;
    pid_t pid = fork();

    if (pid == 0) {
        int fd;

        if (seteuid(uid) != 0)
            _exit(2);
        fd = open(p->module, O_RDONLY);
        _exit(fd >= 0 ? 0 : 1);
    }
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status)
           && WEXITSTATUS(status) == 0;
}

/*
 * Make the private directory under base: 0711 (nobody passes, nobody
 * lists), the program set-user-ID to uid and not writable by it, the
 * module readable. 1 on success; 0 with why (at most len bytes) otherwise.
 */
static int priv_dir_make(struct priv_dir *p, const char *base,
                         const char *exe, const char *module_dir, uid_t uid,
                         char *why, size_t len)
{
    struct statvfs vfs;
    char module[4200];

    if (statvfs(base, &vfs) != 0) {
        snprintf(why, len, "%s: %s", base, strerror(errno));
        return 0;
    }
    /* There the kernel would run the copy without AT_SECURE. */
    if (vfs.f_flag & ST_NOSUID) {
        snprintf(why, len, "%s is mounted nosuid", base);
        return 0;
    }
    snprintf(p->dir, sizeof(p->dir), "%s/b2n-secure-env.XXXXXX", base);
    if (mkdtemp(p->dir) == NULL) {
        snprintf(why, len, "mkdtemp %s: %s", p->dir, strerror(errno));
        return 0;
    }
    snprintf(p->exe, sizeof(p->exe), "%s/t_secure_env", p->dir);
    snprintf(p->module, sizeof(p->module), "%s/blake2neon.so", p->dir);
    snprintf(module, sizeof(module), "%s/blake2neon.so", module_dir);
    if (chmod(p->dir, 0711) != 0
        || !copy_file(exe, p->exe, uid, 0, S_ISUID | 0555)
        || !copy_file(module, p->module, 0, 0, 0444)) {
        snprintf(why, len, "copying into %s: %s", p->dir, strerror(errno));
        priv_dir_remove(p);
        return 0;
    }
    if (!reachable_by(p, uid)) {
        snprintf(why, len, "user %d cannot open %s (a directory above it "
                 "shuts it out)", (int)uid, p->module);
        priv_dir_remove(p);
        return 0;
    }
    return 1;
}

static int role_setuid(const char *module_dir, int emulated)
{
    const char *tmpdir = getenv("TMPDIR");
    const char *bases[] = { tmpdir != NULL && tmpdir[0] == '/' ? tmpdir : NULL,
                            "/tmp", "/var/tmp" };
    char exe[4096], why[3][4400];
    struct priv_dir priv;
    struct passwd *nobody;
    ssize_t len;
    pid_t pid = -1;
    int status = 0, made = 0;
    size_t i;

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
    len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (!T_CHECK(len > 0, "readlink /proc/self/exe: %s", strerror(errno)))
        return t_report("t_secure_env setuid");
    exe[len] = '\0';
    /* A module missing from the build is a failure, not a place to skip. */
    snprintf(why[0], sizeof(why[0]), "%s/blake2neon.so", module_dir);
    if (access(why[0], R_OK) != 0) {
        T_CHECK(0, "%s: %s", why[0], strerror(errno));
        return t_report("t_secure_env setuid");
    }

    for (i = 0; i < sizeof(bases) / sizeof(bases[0]) && !made; i++) {
        why[i][0] = '\0';
        if (bases[i] != NULL)
            made = priv_dir_make(&priv, bases[i], exe, module_dir,
                                 nobody->pw_uid, why[i], sizeof(why[i]));
    }
    if (!made) {
        const char *sep = "";

        printf("SKIP: no directory where user 'nobody' can reach a "
               "set-user-ID copy and the module: ");
        for (i = 0; i < sizeof(bases) / sizeof(bases[0]); i++)
            if (why[i][0] != '\0') {
                printf("%s%s", sep, why[i]);
                sep = "; ";
            }
        printf("\n");
        return T_SKIP;
    }

    t_note("running %s as euid %d (nobody) with %s=%s, module %s", priv.exe,
           (int)nobody->pw_uid, VAR, BOGUS, priv.module);
    fflush(stdout);
    setenv(VAR, BOGUS, 1);
    pid = fork();
    if (pid == 0) {
        /* The private directory is also the data directory: unused there. */
        char *args[] = { priv.exe, priv.dir, priv.dir, "child", NULL };
        execv(priv.exe, args);
        printf("# execv %s: %s\n", priv.exe, strerror(errno));
        _exit(126);
    }
    T_CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork/wait");
    unsetenv(VAR);
    priv_dir_remove(&priv);
    if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == T_SKIP)
        return T_SKIP; /* the child said why */
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
    return role_setuid(args.module_dir, emulated);
}
