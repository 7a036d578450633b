/* SPDX-License-Identifier: Apache-2.0 */
/* Reading the environment safely inside setuid/setgid programs. */
#ifndef BLAKE2NEON_CORE_ENV_H
#define BLAKE2NEON_CORE_ENV_H

/*
 * getenv(name), except NULL when the process runs with privileges its
 * invoker lacks (setuid, setgid, file capabilities: the kernel's
 * AT_SECURE), so that an unprivileged user cannot steer the backend
 * choice of a privileged program. Used by the provider and the library.
 */
const char *blake2b_secure_getenv(const char *name);

#endif
