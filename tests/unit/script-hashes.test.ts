import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '~/lib/script-hashes.server.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const context = 'window.__reactRouterContext = {"título":"Camioneta año 2024 — ñandú 🚗"};';
const module = 'import * as route0 from "/assets/root-D.js";';

describe('inlineScriptHashes', () => {
  it('names every inline script the browser runs by the hash of its UTF-8 text, each once', () => {
    const html = [
      '<html><head><script src="/assets/a.js"></script></head><body>',
      `<script>${context}</script>`,
      `<script type="x-deferred-module" async="">${module}</script>`,
      '<script>console.log(1)</script>',
      '<script>console.log(1)</script>',
      '<script></script>',
      '</body></html>',
    ].join('');
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([
      sha256(context),
      sha256(module),
      sha256('console.log(1)'),
      sha256(''),
    ]);
  });

  it('leaves out data and fetched scripts, and text that only looks like a script', () => {
    const html = [
      '<script type="application/ld+json">{"name":"<script>alert(1)"}</script>',
      '<script type="application/json">{}</script>',
      '<script type="module" src="/assets/entry.js"></script>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    ].join('');
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([]);
  });

  it('stops at a script that is never closed instead of hashing the rest of the page', () => {
    expect(inlineScriptHashes(Buffer.from('<script>a()</script><script>b()'))).toEqual([sha256('a()')]);
  });
});
