/*
 * pd.h: the profile decoder library, which turns /dev/profile's log
 * (kernel/prof/uapi.h) into folded stacks, leak stacks, a boot timeline
 * and strace -c's table.  Portable C11 + POSIX: built for the guest's
 * `profile` command (static i386 musl) and for the host's prof-decode
 * and tests.  Functions return 0 or -Exxx unless said otherwise.
 *
 * pd_str.c      growable strings (an out-of-memory flag, checked once);
 * pd_file.c     whole files and descriptors read into memory;
 * pd_log.c      iterate a log's records, validating sizes;
 * pd_maps.c     per-process comm and executable mappings (EXEC, MMAP,
 *               FORK, EXIT records);
 * pd_symtab.c   sorted symbol arrays, address lookup;
 * pd_ksyms.c    kernel symbols from kallsyms / nm -n text;
 * pd_elf.c      an ELF32 file's PT_LOADs and function symbols;
 * pd_elfcache.c ELF files by path, each read once, under a root folder;
 * pd_name.c     names one kernel or user frame;
 * pd_stacks.c   a table of stack strings with weights, sorted output;
 * pd_fold.c     a SAMPLE record as a folded stack;
 * pd_mem.c      live allocations from ALLOC/FREE records, leak stacks;
 * pd_timeline.c SPAN records as TSV lines;
 * pd_sysstat.c  /proc/syscall_stats as strace -c's table;
 * pd_decode.c   the decoder: a log in, the chosen output out.
 */
#ifndef USERLAND_PROFILE_PD_H
#define USERLAND_PROFILE_PD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "kernel/prof/uapi.h"

/* ---- pd_str.c ---------------------------------------------------- */
struct pd_str {
	char *s;		/* NUL-terminated once anything was added */
	size_t len, cap;
	int oom;		/* an allocation failed: s is incomplete */
};
void pd_str_init(struct pd_str *b);
void pd_str_free(struct pd_str *b);
void pd_str_reset(struct pd_str *b);
void pd_str_add(struct pd_str *b, const char *s);
void pd_str_addf(struct pd_str *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Appends ";" (unless b is empty) then name, with ';', blanks and
 * control characters turned into '_', then suffix. */
void pd_str_frame(struct pd_str *b, const char *name, const char *suffix);

/* ---- pd_file.c --------------------------------------------------- */
/* Reads fd (or the file at path) until end of file into a malloc'd
 * buffer, NUL-terminated (not counted in *len).  The caller frees. */
int pd_read_fd(int fd, unsigned char **buf, size_t *len);
int pd_read_path(const char *path, unsigned char **buf, size_t *len);

/* ---- pd_log.c ---------------------------------------------------- */
#define PD_REC_MAX	65536	/* struct prof_rec.size is 16 bits */

struct pd_log {
	const unsigned char *buf;
	size_t len, off;
	char err[128];		/* why decoding stopped; "" at a clean end */
	/* The current record, copied so that it is aligned and followed
	 * by a NUL (paths need no check). */
	_Alignas(8) unsigned char rec[PD_REC_MAX + 8];
};
void pd_log_init(struct pd_log *lg, const void *buf, size_t len);
/* 1 with *rec set to the next record (valid for its type's body), 0 at
 * the end, -EINVAL when the log is bad from here on (lg->err). */
int pd_log_next(struct pd_log *lg, const struct prof_rec **rec);

/* ---- pd_maps.c --------------------------------------------------- */
struct pd_map {
	uint32_t start, end, offset;
	char *path;
};
struct pd_proc {
	uint32_t pid;
	char comm[16];		/* "" until an EXEC or a FORK names it */
	struct pd_map *maps;	/* newest last */
	size_t nmaps, cap;
	struct pd_proc *next;	/* hash chain */
};
#define PD_MAPS_HASH	1024
struct pd_maps {
	struct pd_proc *hash[PD_MAPS_HASH];
};
void pd_maps_init(struct pd_maps *m);
void pd_maps_free(struct pd_maps *m);
/* Applies an EXEC, MMAP, FORK or EXIT record; other types are ignored. */
int pd_maps_apply(struct pd_maps *m, const struct prof_rec *rec);
/* The process, NULL if no record named it. */
const struct pd_proc *pd_maps_proc(const struct pd_maps *m, uint32_t pid);
/* The newest mapping of p holding addr, NULL if none. */
const struct pd_map *pd_maps_find(const struct pd_proc *p, uint32_t addr);

/* ---- pd_symtab.c ------------------------------------------------- */
struct pd_sym {
	uint32_t addr;
	int prio;		/* among symbols at one address the highest wins */
	char *name;		/* NULL: not a function, ends the previous one */
};
struct pd_symtab {
	struct pd_sym *syms;
	size_t n, cap;
};
void pd_symtab_init(struct pd_symtab *t);
void pd_symtab_free(struct pd_symtab *t);
/* name NULL adds an end marker. */
int pd_symtab_add(struct pd_symtab *t, uint32_t addr, const char *name,
		  int prio);
/* Sorts and keeps one symbol per address; call before pd_symtab_find. */
void pd_symtab_finish(struct pd_symtab *t);
/* The function holding addr (it spans to the next address), or NULL. */
const char *pd_symtab_find(const struct pd_symtab *t, uint32_t addr);

/* ---- pd_ksyms.c -------------------------------------------------- */
/* Adds the symbols of kallsyms/nm text ("c0100000 T name" lines): T t W w
 * are functions, other types end the previous symbol; lines that do not
 * parse are skipped.  Returns the number of functions added or -ENOMEM.
 * The caller calls pd_symtab_finish. */
int pd_ksyms_parse(struct pd_symtab *t, const char *text, size_t len);

/* ---- pd_elf.c ---------------------------------------------------- */
struct pd_load {
	uint32_t offset, vaddr, filesz, memsz;
};
struct pd_elf {
	char *path;		/* as the records name it */
	int status;		/* 0, or why the file gave nothing */
	struct pd_load *loads;
	size_t nloads;
	struct pd_symtab syms;	/* finished */
	struct pd_elf *next;	/* cache list */
};
/* Fills e->loads and e->syms from the file image buf (an ELF32
 * little-endian file): -ENOEXEC if it is not one or is damaged. */
int pd_elf_parse(struct pd_elf *e, const unsigned char *buf, size_t len);
/* The file's virtual address of file offset off (through the PT_LOAD
 * holding it): 0, or -ENOENT. */
int pd_elf_vaddr(const struct pd_elf *e, uint32_t off, uint32_t *vaddr);
void pd_elf_free(struct pd_elf *e);

/* ---- pd_elfcache.c ----------------------------------------------- */
struct pd_elfcache {
	char *root;		/* prefix for paths, NULL: none */
	struct pd_elf *list;
};
int pd_elfcache_init(struct pd_elfcache *c, const char *root);
void pd_elfcache_free(struct pd_elfcache *c);
/* The file at path (root prepended), read and parsed the first time;
 * an unreadable file gives an entry with status set and no symbols.
 * NULL only when out of memory. */
const struct pd_elf *pd_elfcache_get(struct pd_elfcache *c,
				     const char *path);

/* ---- pd_name.c --------------------------------------------------- */
/* Append one frame to b.  exact: addr is the interrupted instruction,
 * else a return address (looked up at addr - 1). */
void pd_name_kernel(struct pd_str *b, const struct pd_symtab *ksyms,
		    uint32_t addr, int exact);
void pd_name_user(struct pd_str *b, struct pd_elfcache *elfs,
		  const struct pd_proc *p, uint32_t addr, int exact);

/* ---- pd_stacks.c ------------------------------------------------- */
struct pd_stack {
	char *key;
	uint64_t weight;	/* printed: samples, or bytes */
	uint64_t count;		/* how many adds */
	struct pd_stack *next;
};
struct pd_stacks {
	struct pd_stack **hash;
	size_t nbuckets, n;
};
int pd_stacks_init(struct pd_stacks *st);
void pd_stacks_free(struct pd_stacks *st);
int pd_stacks_add(struct pd_stacks *st, const char *key, uint64_t weight);
/* A malloc'd array of the n entries, sorted by key (by_weight 0) or by
 * weight descending then key; NULL when out of memory or empty. */
struct pd_stack **pd_stacks_sorted(const struct pd_stacks *st, int by_weight);
/* "stack WEIGHT" lines, sorted by stack. */
int pd_stacks_print(const struct pd_stacks *st, FILE *out);

/* ---- pd_fold.c --------------------------------------------------- */
struct pd_fold {
	const struct pd_symtab *ksyms;
	const struct pd_maps *maps;
	struct pd_elfcache *elfs;
	struct pd_stacks *out;
	struct pd_str buf;
};
/* Adds the sample's stack, and its irqs-off stack, to f->out. */
int pd_fold_sample(struct pd_fold *f, const struct prof_rec_sample *s);

/* ---- pd_mem.c ---------------------------------------------------- */
struct pd_alloc {
	uint32_t addr, bytes;
	uint8_t kind;
	uint16_t nips;
	uint32_t *ips;
	struct pd_alloc *next;
};
#define PD_MEM_HASH	4096
struct pd_mem {
	struct pd_alloc *hash[PD_MEM_HASH];
	uint64_t made, made_bytes;	/* ALLOC records */
	uint64_t live, live_bytes;	/* not freed (yet) */
	uint64_t frees, unmatched;	/* FREE records; of those, unknown */
};
void pd_mem_init(struct pd_mem *m);
void pd_mem_free(struct pd_mem *m);
/* Applies an ALLOC or FREE record; other types are ignored. */
int pd_mem_apply(struct pd_mem *m, const struct prof_rec *rec);
/* Adds each live allocation's stack ("kmalloc" or "pages", then kernel
 * frames outer..inner) with its bytes as weight. */
int pd_mem_fold(const struct pd_mem *m, const struct pd_symtab *ksyms,
		struct pd_stacks *out);
/* Totals and the top stacks of leaks (from pd_mem_fold's table). */
void pd_mem_summary(const struct pd_mem *m, const struct pd_stacks *leaks,
		    int top, const char *prog, FILE *out);

/* ---- pd_timeline.c ----------------------------------------------- */
/* "start_us\tduration_us\tkind\tname" for a SPAN record; start from
 * boot_tsc, tsc_khz ticks per millisecond (not 0). */
void pd_timeline_span(const struct prof_rec_span *s, uint64_t boot_tsc,
		      uint32_t tsc_khz, FILE *out);
/* ticks as microseconds with three decimals ("1234.567") into buf. */
void pd_tsc_us(uint64_t ticks, uint32_t tsc_khz, char *buf, size_t size);

/* ---- pd_sysstat.c ------------------------------------------------ */
/* Prints /proc/syscall_stats text as strace -c's table: -EINVAL if a
 * line does not parse, -ENOMEM. */
int pd_sysstat_print(const char *text, size_t len, FILE *out);

/* ---- pd_decode.c ------------------------------------------------- */
enum pd_mode { PD_FOLD, PD_MEMORY, PD_TIMELINE };

struct pd_decoder {
	const char *prog;	/* prefix of warnings */
	FILE *warn;
	struct pd_symtab ksyms;
	struct pd_maps maps;
	struct pd_elfcache elfs;
	struct pd_stacks stacks;
	struct pd_mem mem;
	struct pd_log log;
	struct prof_rec_info info;	/* the last INFO record */
	int have_info;
	uint64_t samples, lost;
};
/* d is big (the log's record buffer): allocate it, do not put it on a
 * small stack.  root: where user paths are looked up, NULL for "/". */
int pd_decoder_init(struct pd_decoder *d, const char *prog, FILE *warn,
		    const char *root);
void pd_decoder_free(struct pd_decoder *d);
/* Loads the kernel's symbols from a kallsyms file: a missing file is a
 * warning (kernel frames are then unnamed), not an error. */
int pd_decoder_kallsyms(struct pd_decoder *d, const char *path);
/* Decodes the log for mode and writes the output to out (the timeline
 * as it goes, stacks at the end, sorted).  A bad log stops the decoding
 * with a warning; what came before is still written: returns -EINVAL
 * then.  -ENOMEM, or -EIO if out could not be written. */
int pd_decode(struct pd_decoder *d, const void *log, size_t len,
	      enum pd_mode mode, FILE *out);

#endif
