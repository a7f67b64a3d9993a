import type { SessionUser } from '@server/services/auth/sessions.ts';
import { describe, expect, it } from 'vitest';
import { safeNextPath } from '~/lib/admin/session.server';
import { loader } from '~/routes/admin/sign-in';

describe('safeNextPath', () => {
  it('keeps a path inside the back office with its query', () => {
    expect(safeNextPath('/admin')).toBe('/admin');
    expect(safeNextPath('/admin/solicitudes?estado=nueva')).toBe('/admin/solicitudes?estado=nueva');
    expect(safeNextPath('/admin/stock/./4')).toBe('/admin/stock/4');
  });

  it('sends anything that resolves outside /admin to /admin', () => {
    for (const value of [
      null,
      '',
      'admin',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '/admin/../..//evil.example/x',
      '/admin/%2e%2e/%2e%2e//evil.example/x',
      '/admin/../vehicles',
      '/administracion',
      '/admin\\..\\..\\x',
      '/admin/ingresar?siguiente=/admin',
    ])
      expect(safeNextPath(value), String(value)).toBe('/admin');
  });

  it('returns a value every HTTP header accepts, whatever was typed', () => {
    for (const value of ['/admin/x\r\nSet-Cookie: a=b', '/admin/Ā', '/admin/?q=ñandú\u0000', '/admin/\t/x']) {
      const next = safeNextPath(value);
      expect(next, JSON.stringify(value)).toMatch(/^\/admin(?:[/?][\x21-\x7e]*)?$/);
      expect(() => new Headers({ Location: next })).not.toThrow();
    }
  });
});

describe('the sign-in page for someone already signed in', () => {
  const staff: SessionUser = { id: 1, email: 'ana@automotora.cl', name: 'Ana', role: 'admin' } as SessionUser;

  async function redirectOf(siguiente: string): Promise<Response> {
    const url = new URL('https://autos.example.cl/admin/ingresar');
    url.searchParams.set('siguiente', siguiente);
    try {
      await loader({ url, request: new Request(url), context: { staff } } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
    throw new Error('the loader did not redirect');
  }

  it('redirects inside the back office, never fails on CR/LF or non-Latin-1 characters', async () => {
    for (const [siguiente, location] of [
      ['/admin/x\r\ny', '/admin/xy'],
      ['/admin/Ā', '/admin/%C4%80'],
      ['/admin/../..//evil.example/x', '/admin'],
    ] as const) {
      const response = await redirectOf(siguiente);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(location);
    }
  });
});
