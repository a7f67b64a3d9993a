/**
 * Whether an address belongs to the back office: `/admin`, `/admin/…`, and React Router's data requests for them
 * (`/admin.data`). Takes a pathname or a request URL with its query; `/administracion` or `/admins` is not it.
 */
export function isAdminPath(url: string): boolean {
  return /^\/admin(?:\.data)?(?:[/?#]|$)/.test(url);
}
