import { isAdminPath } from '@domain/admin-path.ts';
import { describe, expect, it } from 'vitest';

describe('isAdminPath', () => {
  it('takes the back office with or without a trailing part, query or hash', () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/solicitudes/4',
      '/admin?x=1',
      '/admin#top',
      '/admin.data',
    ])
      expect(isAdminPath(url), url).toBe(true);
  });

  it('leaves public pages and look-alikes alone', () => {
    for (const url of [
      '/',
      '/administracion',
      '/adminx',
      '/admins/',
      '/vehicles?admin=1',
      '/x/admin',
      'admin',
    ])
      expect(isAdminPath(url), url).toBe(false);
  });
});

describe('isAdminPath under other spellings', () => {
  it('takes every spelling the router matches as the back office', () => {
    for (const url of [
      '/%61dmin/solicitudes',
      '/%61%64%6D%69%6E',
      '/ADMIN/ingresar',
      '/Admin.data',
      '/x/../admin/stock',
      '/%2e%2e/admin',
      '//admin/stock',
      '/admin/./stock?x=1',
    ])
      expect(isAdminPath(url), url).toBe(true);
  });

  it('still leaves public look-alikes alone, and survives broken escapes', () => {
    for (const url of ['/%61dministracion', '/admin/../vehicles', '/%E0%A4%A', '/vehicles/%61dmin'])
      expect(isAdminPath(url), url).toBe(false);
  });
});
