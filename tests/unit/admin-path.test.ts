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
