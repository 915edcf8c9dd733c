/*
 * rtc.c: the wall clock from the CMOS real-time clock.
 *
 * rtc_read() waits for the RTC to be outside an update, reads the date
 * twice until two reads agree, and converts BCD and 12-hour formats.
 * clock_init_realtime() takes the boot-time wall clock once; afterwards
 * clock_realtime_ns() is the boot time plus the monotonic clock.
 */
#include "kernel/clock.h"
#include "kernel/x86/cpu.h"
#include "lib/errno.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"

#define CMOS_INDEX	0x70
#define CMOS_DATA	0x71
#define CMOS_NMI_OFF	0x80

#define RTC_SECONDS	0x00
#define RTC_MINUTES	0x02
#define RTC_HOURS	0x04
#define RTC_DAY		0x07
#define RTC_MONTH	0x08
#define RTC_YEAR	0x09
#define RTC_STATUS_A	0x0A
#define RTC_STATUS_B	0x0B
#define RTC_CENTURY	0x32

#define RTC_A_UPDATING	0x80
#define RTC_B_24H	0x02
#define RTC_B_BINARY	0x04
#define RTC_HOUR_PM	0x80

static struct spinlock cmos_lock = SPINLOCK_INIT;
static uint64_t boot_realtime_ns;

static uint8_t cmos_read(uint8_t reg)
{
	outb(CMOS_INDEX, CMOS_NMI_OFF | reg);
	return inb(CMOS_DATA);
}

static int bcd_to_bin(int v) { return (v & 0x0f) + (v >> 4) * 10; }

static bool rtc_wait_update(void)
{
	for (int i = 0; i < 1000000; i++)
		if (!(cmos_read(RTC_STATUS_A) & RTC_A_UPDATING))
			return true;
	return false;
}

static void rtc_read_raw(struct rtc_time *t)
{
	t->second = cmos_read(RTC_SECONDS);
	t->minute = cmos_read(RTC_MINUTES);
	t->hour = cmos_read(RTC_HOURS);
	t->day = cmos_read(RTC_DAY);
	t->month = cmos_read(RTC_MONTH);
	t->year = cmos_read(RTC_YEAR) | cmos_read(RTC_CENTURY) << 8;
}

static void rtc_normalize(struct rtc_time *t, uint8_t status_b)
{
	bool pm = t->hour & RTC_HOUR_PM;
	int century = t->year >> 8;

	t->hour &= ~RTC_HOUR_PM;
	t->year &= 0xff;
	if (!(status_b & RTC_B_BINARY)) {
		t->second = bcd_to_bin(t->second);
		t->minute = bcd_to_bin(t->minute);
		t->hour = bcd_to_bin(t->hour);
		t->day = bcd_to_bin(t->day);
		t->month = bcd_to_bin(t->month);
		t->year = bcd_to_bin(t->year);
		century = bcd_to_bin(century);
	}
	if (!(status_b & RTC_B_24H))
		t->hour = (t->hour % 12) + (pm ? 12 : 0);
	if (century < 19 || century > 30)	/* no century register */
		century = t->year < 70 ? 20 : 19;
	t->year += century * 100;
}

int rtc_read(struct rtc_time *t)
{
	struct rtc_time again;
	uint32_t flags = spin_lock_irqsave(&cmos_lock);
	int tries = 0, err = 0;

	do {
		if (!rtc_wait_update() || ++tries > 10) {
			err = -EIO;
			goto out;
		}
		rtc_read_raw(t);
		rtc_wait_update();
		rtc_read_raw(&again);
	} while (t->second != again.second || t->minute != again.minute ||
		 t->hour != again.hour || t->day != again.day);
	rtc_normalize(t, cmos_read(RTC_STATUS_B));
out:
	spin_unlock_irqrestore(&cmos_lock, flags);
	return err;
}

/* Days from 1970-01-01 to year-month-day (proleptic Gregorian). */
static int64_t days_from_civil(int y, int m, int d)
{
	y -= m <= 2;
	int era = (y >= 0 ? y : y - 399) / 400;
	int yoe = y - era * 400;
	int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return (int64_t)era * 146097 + doe - 719468;
}

int64_t rtc_to_unix(const struct rtc_time *t)
{
	return days_from_civil(t->year, t->month, t->day) * 86400 +
	       t->hour * 3600 + t->minute * 60 + t->second;
}

void clock_init_realtime(void)
{
	struct rtc_time t;

	if (rtc_read(&t) < 0) {
		pr_err("rtc: the clock never left its update cycle; time is 1970\n");
		return;
	}
	boot_realtime_ns = (uint64_t)rtc_to_unix(&t) * NSEC_PER_SEC - clock_ns();
	pr_info("rtc: %04d-%02d-%02d %02d:%02d:%02d UTC\n", t.year, t.month,
		t.day, t.hour, t.minute, t.second);
}

uint64_t clock_realtime_ns(void)
{
	return boot_realtime_ns + clock_ns();
}
