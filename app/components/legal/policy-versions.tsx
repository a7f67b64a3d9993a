/** One published version of the privacy policy, as its pages name it. */
export interface PolicyVersionLine {
  version: number;
  /** dd-mm-aaaa, Chile time. */
  since: string;
  /** dd-mm-aaaa when a later version replaced it; null for the one in force. */
  until: string | null;
}

/** A date whose hyphens never end a line («27-11-» above «2026» on a phone). */
const Day = ({ children }: { children: string }) => <span className="whitespace-nowrap">{children}</span>;

/** «Versión 3 · vigente desde 27-11-2026», or «… del 25-11-2026 al 27-11-2026» for one replaced since. */
export function PolicyVersionLabel({ line: { version, since, until } }: { line: PolicyVersionLine }) {
  return until ? (
    <>
      Versión {version} · vigente del <Day>{since}</Day> al <Day>{until}</Day>
    </>
  ) : (
    <>
      Versión {version} · vigente desde <Day>{since}</Day>
    </>
  );
}

/**
 * The other published versions of the privacy policy, each readable at its own address (art. 14 ter a: the policy is
 * kept available with its date and version).
 */
export function PolicyVersions({ versions, shown }: { versions: PolicyVersionLine[]; shown: number }) {
  const others = versions.filter((line) => line.version !== shown);
  if (others.length === 0) return null;
  const current = versions[0]?.version;
  return (
    <section aria-labelledby="versiones-title" className="mt-12 border-slate-200 border-t pt-8">
      <h2 id="versiones-title" className="font-bold text-slate-900 text-xl tracking-tight">
        {shown === current ? 'Versiones anteriores' : 'Otras versiones'}
      </h2>
      <ul className="mt-4 space-y-2 text-slate-700">
        {others.map((line) => (
          <li key={line.version}>
            <a
              href={line.version === current ? '/privacidad' : `/privacidad/version/${line.version}`}
              className="font-medium text-brand-700 underline hover:text-brand-900"
            >
              <PolicyVersionLabel line={line} />
            </a>
            {line.version === current ? ' (la vigente)' : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
