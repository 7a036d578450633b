/* SPDX-License-Identifier: Apache-2.0 */
/*
 * void regs_probe_a64(struct regs_probe *p)   (test/c/regs_probe.h)
 * Loads p->fill[r] into x4..x15, x17 and x19..x28 (x0..x3 carry the
 * arguments, x16 the function), calls p->fn(p->S, p->in, p->nblocks,
 * p->inc), and stores x2..x17 and x19..x28 right after the return into
 * p->after[r], register r at index r. The probe's own caller's x19..x28
 * are saved and restored here (AAPCS64).
 */
#if defined(__aarch64__)

#include "regs_probe_layout.h"

	.text
	.globl	regs_probe_a64
	.type	regs_probe_a64, %function
	.balign	4
regs_probe_a64:
#if defined(__ARM_FEATURE_BTI_DEFAULT)
	hint	#34	/* bti c */
#endif
#if defined(__ARM_FEATURE_PAC_DEFAULT)
#if __ARM_FEATURE_PAC_DEFAULT & 2
	hint	#27	/* pacibsp */
#else
	hint	#25	/* paciasp */
#endif
#endif
	stp	x29, x30, [sp, #-112]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	str	x0, [sp, #96]
	add	x16, x0, #P_FILL
	ldp	x4, x5, [x16, #8*4]
	ldp	x6, x7, [x16, #8*6]
	ldp	x8, x9, [x16, #8*8]
	ldp	x10, x11, [x16, #8*10]
	ldp	x12, x13, [x16, #8*12]
	ldp	x14, x15, [x16, #8*14]
	ldr	x17, [x16, #8*17]
	ldp	x19, x20, [x16, #8*19]
	ldp	x21, x22, [x16, #8*21]
	ldp	x23, x24, [x16, #8*23]
	ldp	x25, x26, [x16, #8*25]
	ldp	x27, x28, [x16, #8*27]
	ldr	x16, [x0, #P_FN]
	ldr	x1, [x0, #P_IN]
	ldr	x2, [x0, #P_NBLOCKS]
	ldr	x3, [x0, #P_INC]
	ldr	x0, [x0, #P_S]
	blr	x16
	ldr	x0, [sp, #96]
	add	x0, x0, #P_AFTER
	stp	x2, x3, [x0, #8*2]
	stp	x4, x5, [x0, #8*4]
	stp	x6, x7, [x0, #8*6]
	stp	x8, x9, [x0, #8*8]
	stp	x10, x11, [x0, #8*10]
	stp	x12, x13, [x0, #8*12]
	stp	x14, x15, [x0, #8*14]
	stp	x16, x17, [x0, #8*16]
	stp	x19, x20, [x0, #8*19]
	stp	x21, x22, [x0, #8*21]
	stp	x23, x24, [x0, #8*23]
	stp	x25, x26, [x0, #8*25]
	stp	x27, x28, [x0, #8*27]
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #112
#if defined(__ARM_FEATURE_PAC_DEFAULT)
#if __ARM_FEATURE_PAC_DEFAULT & 2
	hint	#31	/* autibsp */
#else
	hint	#29	/* autiasp */
#endif
#endif
	ret
	.size	regs_probe_a64, . - regs_probe_a64

#if defined(__ARM_FEATURE_BTI_DEFAULT) || defined(__ARM_FEATURE_PAC_DEFAULT)
	.pushsection .note.gnu.property, "a"
	.balign	8
	.long	4
	.long	16
	.long	5		/* NT_GNU_PROPERTY_TYPE_0 */
	.asciz	"GNU"
	.long	0xc0000000	/* GNU_PROPERTY_AARCH64_FEATURE_1_AND */
	.long	4
#if defined(__ARM_FEATURE_BTI_DEFAULT) && defined(__ARM_FEATURE_PAC_DEFAULT)
	.long	3		/* BTI, PAC */
#elif defined(__ARM_FEATURE_BTI_DEFAULT)
	.long	1		/* BTI */
#else
	.long	2		/* PAC */
#endif
	.long	0
	.popsection
#endif

	.section .note.GNU-stack, "", %progbits

#endif
