/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ELF notes each x86-64 assembly file of the core ends with
 * (#include it last: it switches sections).
 *
 * No executable stack. And compatible with Intel CET (an endbr64 at each
 * entry point, plain call and ret): say so, whether or not the file was
 * assembled with -fcf-protection (CMake passes CFLAGS to C files only).
 * The linker keeps the mark only if every object of the module has it.
 */
	.section .note.GNU-stack, "", @progbits

	.section .note.gnu.property, "a"
	.balign	8
	.long	4			/* name size: "GNU" and its NUL */
	.long	16			/* descriptor size */
	.long	5			/* NT_GNU_PROPERTY_TYPE_0 */
	.asciz	"GNU"
	.long	0xc0000002		/* GNU_PROPERTY_X86_FEATURE_1_AND */
	.long	4			/* data size */
	.long	3			/* IBT | SHSTK */
	.balign	8
