/**
 * Whether an address belongs to the back office: `/admin`, `/admin/…`, and React Router's data requests for them
 * (`/admin.data`). Takes a pathname or a request URL with its query; `/administracion` or `/admins` is not it.
 * The path is judged as the router will match it: percent escapes decoded, dot segments resolved, any case
 * (`/%61dmin/…`, `/x/../ADMIN/…`), so no spelling of a back office page is taken for a public one.
 */
export function isAdminPath(url: string): boolean {
  if (!url.startsWith('/')) return false;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  let resolved: string;
  try {
    resolved = decodeURIComponent(new URL(`http://h${path.replace(/\/{2,}/g, '/')}`).pathname);
  } catch {
    resolved = path;
  }
  return /^\/admin(?:\.data)?(?:\/|$)/i.test(resolved);
}
