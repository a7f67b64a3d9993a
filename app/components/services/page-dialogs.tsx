import { useEffect, useState } from 'react';
import { AdvisoryModal } from '~/components/forms/advisory-modal';
import { FinancingModal } from '~/components/forms/financing-modal';
import { island } from '~/islands/island';
import { useScrollToFinancingSection } from './section-scroll';

type DialogName = 'financing' | 'advisory';

const triggersOf = (name: DialogName) =>
  document.querySelectorAll<HTMLElement>(`[data-opens-dialog="${name}"]`);

/**
 * The open state of a page's request dialog, driven by its `ModalTrigger` buttons wherever the page renders them:
 * a click opens it, and every button's `aria-expanded` follows it.
 */
function useDialogTriggers(name: DialogName): [open: boolean, close: () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const triggers = [...triggersOf(name)];
    const onClick = () => setOpen(true);
    for (const trigger of triggers) trigger.addEventListener('click', onClick);
    return () => {
      for (const trigger of triggers) trigger.removeEventListener('click', onClick);
    };
  }, [name]);
  useEffect(() => {
    for (const trigger of triggersOf(name)) trigger.setAttribute('aria-expanded', String(open));
  }, [name, open]);
  return [open, () => setOpen(false)];
}

/** /financing's request dialog, and the scroll to the section its address names (SPEC §2). */
export function FinancingRequest() {
  const [open, close] = useDialogTriggers('financing');
  useScrollToFinancingSection();
  return <FinancingModal open={open} onClose={close} />;
}

/** /commercial-advisory's request dialog. */
export function AdvisoryRequest() {
  const [open, close] = useDialogTriggers('advisory');
  return <AdvisoryModal open={open} onClose={close} />;
}

/** As islands (ADR 0015): app/islands/financing-request.ts and app/islands/advisory-request.ts. */
export const FinancingRequestIsland = /* @__PURE__ */ island('financing-request', FinancingRequest);
export const AdvisoryRequestIsland = /* @__PURE__ */ island('advisory-request', AdvisoryRequest);
