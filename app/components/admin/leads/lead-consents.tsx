import { CONSENT_STATE_LABELS, type LeadConsent, type LeadConsentState } from '@contracts/admin-leads';
import { formatChileDateTime } from '@domain/chile-time';
import { Badge, Card, type Tone } from '~/components/admin/ui';

const STATE_TONES: Record<LeadConsentState, Tone> = {
  otorgado: 'success',
  no_otorgado: 'neutral',
  retirado: 'warning',
};

/** 'Consentimientos' (ADR 0031): what the person allowed beyond answering the request, when, and in which words. */
export function LeadConsents({ consents }: { consents: LeadConsent[] }) {
  return (
    <Card title="Consentimientos">
      <ul className="divide-y divide-slate-100" data-testid="lead-consents">
        {consents.map((consent) => (
          <li key={consent.purpose} className="py-3 first:pt-0 last:pb-0" data-purpose={consent.purpose}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium text-slate-900 text-sm">{consent.label}</h3>
              <Badge tone={STATE_TONES[consent.state]}>{CONSENT_STATE_LABELS[consent.state]}</Badge>
            </div>
            {consent.at ? (
              <p className="mt-1 text-slate-600 text-sm">
                {consent.state === 'retirado' ? 'Retirado' : 'Otorgado'} el {formatChileDateTime(consent.at)}{' '}
                ·{' '}
                {consent.policyVersion === null
                  ? 'sin versión publicada de la política'
                  : `política de privacidad versión ${consent.policyVersion}`}
              </p>
            ) : null}
            {consent.wording ? (
              <blockquote className="mt-2 border-slate-300 border-l-2 pl-3 text-slate-700 text-sm">
                «{consent.wording}»
              </blockquote>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
