import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// The server process itself, not the browser: it runs in the desktop project only (not tagged '@phone').

const port = Number(process.env.E2E_PORT ?? 3210) + 50;
const base = `http://127.0.0.1:${port}`;

async function waitForHealth(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

test('SIGTERM lets an in-flight lead submission finish, then the server exits cleanly', async () => {
  test.setTimeout(120_000);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'automotora-lifecycle-')),
      PUBLIC_URL: base,
      DEMO_STOCK: 'off',
    },
    stdio: 'ignore',
  });
  const exit = exited(child);
  try {
    await waitForHealth(90_000);
    const tokenResponse = await fetch(`${base}/api/get-csrf-token/`);
    const cookie = (tokenResponse.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrfToken } = (await tokenResponse.json()) as { csrfToken: string };
    const body = JSON.stringify({
      name: 'Ana Pérez',
      email: 'ana@example.cl',
      phone: '+56 9 1234 5678',
      subject: 'otro',
      message: 'Mensaje enviado durante el apagado.',
    });

    // Send the headers and half the body, stop the server, then send the rest.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/api/contacto-contacto/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie,
          'x-csrftoken': csrfToken,
          origin: base,
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      const half = Math.floor(body.length / 2);
      req.write(body.slice(0, half));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(half)), 300);
      }, 200);
    });

    const { status, body: text } = await answer;
    expect(status).toBe(201);
    expect(JSON.parse(text)).toMatchObject({ id: expect.any(Number) });
    expect(await exit).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});
