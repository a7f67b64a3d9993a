// Where the visit began (issue 21, contracts/attribution.ts): the first public page of the visit in this tab writes it
// to the tab's sessionStorage, and every lead form sends it with its request. Nothing leaves the browser, and nothing
// is kept anywhere but in that tab, unless the visitor sends a lead; no cookie is written.

/** The sessionStorage key; one JSON object of the attribution fields' wire names. */
export const VISIT_SOURCE_KEY = 'origen-visita';

/**
 * Runs inline at the end of every public page, in the script that starts its code (`DeferredScriptsStart`; allowed
 * by its hash, ADR 0013; about 400 bytes). On the tab's first page only, it keeps the page's path and query, the
 * referring site's host when it is another site, and the utm_* parameters. Values are cut short here and judged
 * again by the server, which drops what it does not accept.
 */
export const captureVisitSource = `(function(){try{var s=sessionStorage,k='${VISIT_SOURCE_KEY}';if(s.getItem(k))return;var l=location,q=new URLSearchParams(l.search),o={landing_page:(l.pathname+l.search).slice(0,2000)},r=document.referrer,h;if(r){h=new URL(r).hostname;if(h&&h!==l.hostname)o.referrer=h}['utm_source','utm_medium','utm_campaign'].forEach(function(n){var v=q.get(n);if(v)o[n]=v.slice(0,100)});s.setItem(k,JSON.stringify(o))}catch(e){}})();`;

const FIELDS = ['landing_page', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign'];

/** The kept fields, as strings only; empty when nothing was kept, storage is off, or it holds something else. */
export function visitSourceFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(VISIT_SOURCE_KEY) ?? 'null');
    if (kept && typeof kept === 'object') {
      for (const name of FIELDS) {
        const value = (kept as Record<string, unknown>)[name];
        if (typeof value === 'string' && value !== '') fields[name] = value;
      }
    }
  } catch {
    // No storage (private mode, a test's Node): the lead goes without its origin.
  }
  return fields;
}
