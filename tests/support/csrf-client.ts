import type { FastifyInstance } from 'fastify';

// A type alias (not an interface) so it is assignable to inject's header record.
export type CsrfHeaders = {
  cookie: string;
  'x-csrftoken': string;
  origin: string;
};

/** Does what the site does before a submit: fetch a token, keep the cookie, send both from our origin. */
export async function csrfHeaders(
  app: FastifyInstance,
  origin = app.services.config.publicUrl,
): Promise<CsrfHeaders> {
  const response = await app.inject({ method: 'GET', url: '/api/get-csrf-token/' });
  const setCookie = String(response.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  const { csrfToken } = response.json() as { csrfToken: string };
  return { cookie, 'x-csrftoken': csrfToken, origin: new URL(origin).origin };
}

/** A multipart/form-data body built by hand, so tests control every byte (file names, types, sizes). */
export function multipartBody(
  fields: Record<string, string>,
  files: Array<{ field?: string; filename: string; contentType: string; data: Buffer }>,
): { payload: Buffer; contentType: string } {
  const boundary = `----prueba${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
