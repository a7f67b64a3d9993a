import type { Dealership } from '@contracts/dealership';
import { autoDealerJsonLd } from './structured-data';

/** JSON-LD is data, not script: CSP does not run it. `<` is escaped so no text can close the element. */
export function DealerJsonLd({ dealership, publicUrl }: { dealership: Dealership; publicUrl: string }) {
  const json = JSON.stringify(autoDealerJsonLd(dealership, publicUrl)).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serialized JSON with '<' escaped
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
