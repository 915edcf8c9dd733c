/*
 * list.h: circular doubly linked lists with the head embedded in the
 * element, as in Linux.
 *
 * Interface: LIST_HEAD_INIT, list_init, list_add (at the front),
 * list_add_tail, list_del, list_move, list_move_tail, list_empty, list_first_entry, list_entry,
 * list_for_each_entry, list_for_each_entry_safe.
 */
#ifndef LIB_LIST_H
#define LIB_LIST_H

#include <stddef.h>
#include <stdbool.h>

struct list_head {
	struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }

#define list_entry(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define list_first_entry(head, type, member) \
	list_entry((head)->next, type, member)

static inline void list_init(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline void list_insert_between(struct list_head *n,
				       struct list_head *prev,
				       struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

/* Insert n right after head (stack order). */
static inline void list_add(struct list_head *n, struct list_head *head)
{
	list_insert_between(n, head, head->next);
}

/* Insert n right before head (queue order). */
static inline void list_add_tail(struct list_head *n, struct list_head *head)
{
	list_insert_between(n, head->prev, head);
}

/* Unlink n; it is left pointing to itself, so list_empty(n) is true. */
static inline void list_del(struct list_head *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	list_init(n);
}

/* Move n to the end of the list at head (from whatever list it is on). */
static inline void list_move_tail(struct list_head *n, struct list_head *head)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	list_add_tail(n, head);
}

/* Move n to the front of the list at head. */
static inline void list_move(struct list_head *n, struct list_head *head)
{
	list_del(n);
	list_add(n, head);
}

static inline bool list_empty(const struct list_head *h)
{
	return h->next == h;
}

#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

#define list_for_each_entry_safe(pos, tmp, head, member)		\
	for (pos = list_entry((head)->next, __typeof__(*pos), member),	\
	     tmp = list_entry(pos->member.next, __typeof__(*pos), member); \
	     &pos->member != (head);					\
	     pos = tmp,							\
	     tmp = list_entry(tmp->member.next, __typeof__(*tmp), member))

#endif
