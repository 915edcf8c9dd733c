/*
 * kbd.c: the PS/2 keyboard driver (see kbd.h for the interface).
 */
#include "drivers/tty/kbd.h"
#include "drivers/tty/kbd_map.h"
#include "drivers/tty/kbdreg.h"
#include "drivers/tty/vt.h"
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/init.h"
#include "kernel/x86/interrupt.h"
#include "kernel/printk.h"
#include "kernel/random.h"
#include "kernel/spinlock.h"

#define I8042_SPIN_LIMIT	100000	/* status polls before giving up */
#define LED_TIMEOUT_NS		100000000ull	/* an unanswered LED command */

enum led_step { LED_IDLE, LED_SENT_COMMAND, LED_SENT_VALUE };

static struct kbd_state kbd_state;
static enum led_step led_step;
static uint8_t led_value;
static bool led_queued;
static uint64_t led_sent_at;
static struct spinlock kbd_lock = SPINLOCK_INIT;

/* Wait (bounded) until the controller takes a byte; false if it never
 * does. */
static bool i8042_wait_write(void)
{
	for (int i = 0; i < I8042_SPIN_LIMIT; i++) {
		if (!(inb(I8042_STATUS) & I8042_STR_IBF))
			return true;
		cpu_relax();
	}
	return false;
}

static bool i8042_wait_read(void)
{
	for (int i = 0; i < I8042_SPIN_LIMIT; i++) {
		if (inb(I8042_STATUS) & I8042_STR_OBF)
			return true;
		cpu_relax();
	}
	return false;
}

static bool i8042_send(uint16_t port, uint8_t byte)
{
	if (!i8042_wait_write())
		return false;
	outb(port, byte);
	return true;
}

/* Ask for new LEDs; a command in flight finishes first, unless the
 * keyboard never answered it.  Called with kbd_lock held. */
static void led_request(uint8_t value)
{
	led_value = value;
	if (led_step != LED_IDLE &&
	    clock_ns() - led_sent_at < LED_TIMEOUT_NS) {
		led_queued = true;
		return;
	}
	led_queued = false;
	led_step = i8042_send(I8042_DATA, KBD_CMD_SET_LEDS) ?
		   LED_SENT_COMMAND : LED_IDLE;
	led_sent_at = clock_ns();
}

/* The keyboard answered (ACK or RESEND) the LED command. */
static void led_reply(uint8_t reply)
{
	if (led_step == LED_SENT_COMMAND && reply == KBD_REPLY_ACK) {
		led_step = i8042_send(I8042_DATA, led_value) ?
			   LED_SENT_VALUE : LED_IDLE;
		return;
	}
	led_step = LED_IDLE;	/* done, or refused: give up this one */
	if (led_queued)
		led_request(led_value);
}

static void act(const struct kbd_event *ev)
{
	unsigned int fg = vt_foreground();

	switch (ev->action) {
	case KBD_INPUT:
		vt_keyboard_input(ev->bytes, ev->len);
		break;
	case KBD_CONSOLE:
		vt_switch(ev->arg);	/* -EINVAL past the last one */
		break;
	case KBD_CONSOLE_PREV:
		vt_switch((fg + VT_COUNT - 1) % VT_COUNT);
		break;
	case KBD_CONSOLE_NEXT:
		vt_switch((fg + 1) % VT_COUNT);
		break;
	case KBD_LEDS:
		led_request((uint8_t)ev->arg);
		break;
	case KBD_SCROLL_BACK:
		vt_scroll_view(VT_SCROLL_STEP);
		break;
	case KBD_SCROLL_FORWARD:
		vt_scroll_view(-VT_SCROLL_STEP);
		break;
	default:
		break;
	}
}

void kbd_scancode(uint8_t byte)
{
	struct kbd_event ev;
	uint32_t flags = spin_lock_irqsave(&kbd_lock);

	if (byte == KBD_REPLY_ACK || byte == KBD_REPLY_RESEND) {
		led_reply(byte);
		ev.action = KBD_NONE;
	} else {
		kbd_translate(&kbd_state, byte, vt_keyboard_modes(), &ev);
		if (ev.action == KBD_LEDS)
			act(&ev);
	}
	spin_unlock_irqrestore(&kbd_lock, flags);
	if (ev.action != KBD_LEDS)
		act(&ev);	/* outside the lock: it reaches the tty layer */
}

static void kbd_irq(struct trap_frame *frame)
{
	for (int i = 0; i < I8042_BUFFER_SIZE; i++) {
		uint8_t status = inb(I8042_STATUS);

		if (!(status & I8042_STR_OBF))
			break;
		uint8_t byte = inb(I8042_DATA);

		if (!(status & I8042_STR_AUXDATA)) {
			add_input_randomness(byte);
			kbd_scancode(byte);
		}
	}
}

/* Set the controller up: translation to set 1, keyboard interrupt on,
 * mouse port off. */
static int i8042_setup(void)
{
	uint8_t ctr;

	for (int i = 0; i < 4 * I8042_BUFFER_SIZE; i++) {
		if (!(inb(I8042_STATUS) & I8042_STR_OBF))
			break;
		inb(I8042_DATA);
	}
	if (!i8042_send(I8042_COMMAND, I8042_CMD_READ_CTR) ||
	    !i8042_wait_read())
		return -ENODEV;
	ctr = inb(I8042_DATA);
	ctr |= I8042_CTR_KBDINT | I8042_CTR_XLATE | I8042_CTR_AUXDIS;
	ctr &= (uint8_t)~(I8042_CTR_KBDDIS | I8042_CTR_AUXINT);
	if (!i8042_send(I8042_COMMAND, I8042_CMD_WRITE_CTR) ||
	    !i8042_send(I8042_DATA, ctr))
		return -ENODEV;
	return 0;
}

static int kbd_init(void)
{
	uint32_t flags;
	int err = i8042_setup();

	if (err) {
		pr_info("kbd: no i8042 keyboard controller\n");
		return 0;
	}
	kbd_state_init(&kbd_state);
	irq_register(IRQ_KEYBOARD, kbd_irq);
	flags = spin_lock_irqsave(&kbd_lock);
	led_request(0);		/* Num Lock starts off, as Linux */
	spin_unlock_irqrestore(&kbd_lock, flags);
	pr_info("kbd: PS/2 keyboard on IRQ %d, US layout\n", IRQ_KEYBOARD);
	return 0;
}
INITCALL(INIT_DEVICE, kbd_init);
