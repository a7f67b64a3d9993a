import { describe, expect, it } from 'vitest';
import { deferScripts } from '~/lib/defer-scripts.server.ts';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from '~/lib/deferred-scripts.ts';

// The markup React Router writes for a page's code: a preload per chunk in <head>, one module script in <body>.
const page = [
  '<html><head>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js"/>',
  '<link rel="stylesheet" href="/assets/app-C.css" data-precedence="default"/>',
  '</head><body><p>Un texto con type=&quot;module&quot; async=&quot;&quot; no es un script</p>',
  '<script type="application/ld+json">{"description":"<script type=\\"module\\" async=\\"\\">"}</script>',
  '<script>window.__reactRouterContext = {};</script>',
  '<script type="module" async="">import * as route0 from "/assets/root-D.js";</script>',
  '</body></html>',
].join('');

const defer = (html: string) => deferScripts(Buffer.from(html)).toString();

describe('deferScripts', () => {
  it('makes every module preload and the module script inert, and nothing else', () => {
    const out = defer(page);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out.match(new RegExp(`rel="${DEFERRED_PRELOAD_REL}"`, 'g'))).toHaveLength(2);
    expect(out).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" async="">import * as route0 from "/assets/root-D.js";</script>`,
    );
    // The stylesheet, the classic script, the structured data and the text are left as they were.
    expect(out).toContain('<link rel="stylesheet" href="/assets/app-C.css" data-precedence="default"/>');
    expect(out).toContain('<script>window.__reactRouterContext = {};</script>');
    expect(out).toContain('<p>Un texto con type=&quot;module&quot; async=&quot;&quot; no es un script</p>');
    expect(out).toContain('{"description":"<script type=\\"module\\" async=\\"\\">"}');
  });

  it('leaves a page without React Router’s module script as it is', () => {
    const other = page.replace(' type="module" async=""', '');
    expect(defer(other)).toBe(other);
  });

  it('leaves the markup alone when the module type is not in a script tag', () => {
    const other = page.replace(
      '<script type="module" async="">',
      '<script></script><div type="module" async="">',
    );
    expect(defer(other)).toBe(other);
  });
});
