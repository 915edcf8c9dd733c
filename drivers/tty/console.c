/*
 * console.c: /dev/console (5, 1) until the tty layer exists.
 *
 * Writes go to the kernel consoles (serial port and VGA), as raw bytes
 * without a log level; reads return 0 (end of file); ioctl answers
 * -ENOTTY, so C libraries treat it as a plain file.  The tty issue
 * replaces this with a real terminal.
 *
 * Interface: none; the node is registered with devfs at INIT_FS.
 */
#include "drivers/tty/serial.h"
#include "drivers/tty/vga.h"
#include "fs/devfs/devfs.h"
#include "kernel/errno.h"
#include "kernel/init.h"

static ssize_t console_read(struct file *f, void *buf, size_t len,
			    uint64_t *pos)
{
	return 0;
}

static ssize_t console_write(struct file *f, const void *buf, size_t len,
			     uint64_t *pos)
{
	serial_write(buf, len);
	vga_write(buf, len);
	return (ssize_t)len;
}

static int console_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	return -ENOTTY;
}

static const struct file_ops console_fops = {
	.read = console_read,
	.write = console_write,
	.ioctl = console_ioctl,
};

static int console_dev_init(void)
{
	return devfs_register_char("console", 0600, MKDEV(5, 1), &console_fops);
}
INITCALL(INIT_FS, console_dev_init);
