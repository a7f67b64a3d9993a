// Dates of the back office as people in Chile read them, whatever the time zone of the server or the browser.
const dateTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '2026-03-10T02:30:00Z' → '09-03-2026, 23:30' (Chile time). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
