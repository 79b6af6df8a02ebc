const formats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of `ms` in the time zone (the calendar day the dashboard counts in). */
export function dayOf(ms: number, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(ms);
}
