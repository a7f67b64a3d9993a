/** Text made safe for the HTML part of an e-mail the product writes: every character markup could use is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
