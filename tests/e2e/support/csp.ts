import { createHash } from 'node:crypto';
import { expect } from '@playwright/test';

/** The inline scripts a browser would run: every script without `src` that is not data (JSON-LD). */
function inlineScripts(html: string): Array<{ tag: string; text: string }> {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
    .map(([, tag = '', text = '']) => ({ tag, text }))
    .filter(({ tag }) => !/\ssrc=|type="application\/ld\+json"/.test(tag));
}

const hashSource = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/**
 * The page's policy allows its inline scripts and nothing inline besides: by hash on pages rendered whole (the
 * public ones), by a nonce every script carries on pages streamed as they render. Returns which of the two.
 */
export function expectInlineScriptsAllowed(policy: string, html: string): 'hashes' | 'nonce' {
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSrc, policy).not.toContain('unsafe-inline');
  const scripts = inlineScripts(html);
  expect(scripts.length).toBeGreaterThan(0);
  const nonce = /'nonce-([A-Za-z0-9+/=]{20,})'/.exec(scriptSrc)?.[1];
  if (nonce) {
    for (const { tag } of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
    return 'nonce';
  }
  const allowed = [...scriptSrc.matchAll(/'(sha256-[A-Za-z0-9+/]{43}=)'/g)].map((m) => m[1]);
  expect(new Set(allowed)).toEqual(new Set(scripts.map(({ text }) => hashSource(text))));
  expect(html).not.toMatch(/<script[^>]*\snonce=/);
  return 'hashes';
}
