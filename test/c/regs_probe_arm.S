/* SPDX-License-Identifier: Apache-2.0 */
/*
 * void regs_probe_neon(struct regs_probe *p)   (test/c/regs_probe.h)
 * Loads p->fill into d0..d31, calls p->fn(p->S, p->in, p->nblocks, p->inc),
 * stores d0..d31 into p->after. AAPCS: d8..d15 are the probe's caller's
 * and are saved and restored here.
 */
	.syntax	unified
	.arch	armv7-a
	.fpu	neon
	.arm

#include "regs_probe_layout.h"

	.text
	.globl	regs_probe_neon
	.type	regs_probe_neon, %function
	.balign	4
regs_probe_neon:
	push		{r4, lr}
	vpush		{d8-d15}
	mov		r4, r0
	add		r12, r4, #P_FILL
	vldm		r12!, {d0-d15}
	vldm		r12, {d16-d31}
	ldr		r0, [r4, #P_S]
	ldr		r1, [r4, #P_IN]
	ldr		r2, [r4, #P_NBLOCKS]
	ldr		r3, [r4, #P_INC]
	ldr		r12, [r4, #P_FN]
	blx		r12
	movw		r12, #P_AFTER			@ too big for an immediate add
	add		r12, r4, r12
	vstm		r12!, {d0-d15}
	vstm		r12, {d16-d31}
	vpop		{d8-d15}
	pop		{r4, pc}
	.size	regs_probe_neon, . - regs_probe_neon

	.section .note.GNU-stack, "", %progbits
