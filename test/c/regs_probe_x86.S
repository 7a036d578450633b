/* SPDX-License-Identifier: Apache-2.0 */
/*
 * void regs_probe_avx512(struct regs_probe *p)   (test/c/regs_probe.h)
 * Loads p->fill into ymm0..ymm31 and the callee's red zone, calls
 * p->fn(p->S, p->in, p->nblocks, p->inc), stores ymm0..ymm31 into
 * p->after and the red zone into p->below. Needs AVX-512VL at run time.
 * The callee's red zone is the 128 bytes below the return address the
 * call pushes: here, below -8(%rsp). Its lowest 8 bytes lie below this
 * function's own red zone, where a signal frame could land; the test
 * installs no signal handler, and no frame is built without one.
 */
#include "regs_probe_layout.h"

	.text
	.globl	regs_probe_avx512
	.type	regs_probe_avx512, @function
	.balign	16
regs_probe_avx512:
	.cfi_startproc
	endbr64
	push		%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset	%rbx, -16
	mov		%rdi, %rbx
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vmovdqu64	P_FILL + 32 * \n(%rbx), %ymm\n
	.endr
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	mov		P_FILL + 8 * \n(%rbx), %rax
	mov		%rax, -136 + 8 * \n(%rsp)
	.endr
	mov		P_S(%rbx), %rdi
	mov		P_IN(%rbx), %rsi
	mov		P_NBLOCKS(%rbx), %rdx
	mov		P_INC(%rbx), %rcx
	call		*P_FN(%rbx)
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vmovdqu64	%ymm\n, P_AFTER + 32 * \n(%rbx)
	.endr
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	mov		-136 + 8 * \n(%rsp), %rax
	mov		%rax, P_BELOW + 8 * \n(%rbx)
	.endr
	vzeroupper
	pop		%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	regs_probe_avx512, . - regs_probe_avx512

	.section .note.GNU-stack, "", @progbits
