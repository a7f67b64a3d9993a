import type { Dealership } from '@contracts/dealership';
import type { FormConsent } from '@domain/consent';
import { ContactFormIsland } from '~/components/forms/contact-form';
import { Reveal } from '~/components/reveal';
import { ContactInfoCard } from './contact-info-card';
import { MapEmbedIsland } from './map-embed';

interface Props {
  dealership: Dealership;
  /** The contact form's purpose and consent boxes (root loader). */
  consent: FormConsent;
  /** 2 on /contact (under its h1), 3 in the home page's contact section (under its h2). */
  level: 2 | 3;
}

/** The contact page's content, also the last section of home (docs/product.md): form, contact card and map. */
export function ContactContent({ dealership, consent, level }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const main = dealership.addresses[0];
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[1.2fr_1fr]">
      <Reveal className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <Heading className="font-bold text-2xl text-slate-900">Envíanos un mensaje</Heading>
        <p className="mt-2 text-slate-600">Completa el formulario y te responderemos en menos de 24 horas.</p>
        <div className="mt-6">
          <ContactFormIsland consent={consent} />
        </div>
      </Reveal>
      <Reveal delay={150} className="space-y-8">
        <ContactInfoCard dealership={dealership} level={level} />
        <MapEmbedIsland
          embedUrl={dealership.mapEmbedUrl}
          place={main ? `${main.label}, ${main.street}, ${main.commune}` : dealership.name}
        />
      </Reveal>
    </div>
  );
}
