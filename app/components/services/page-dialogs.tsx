import type { FormConsent } from '@domain/consent';
import { Suspense, useEffect, useState } from 'react';
import {
  LazyAdvisoryModal,
  LazyFinancingModal,
  preloadAdvisoryModal,
  preloadFinancingModal,
} from '~/components/forms/lazy-forms';
import { island } from '~/lib/island';
import { useScrollToFinancingSection } from './section-scroll';

type DialogName = 'financing' | 'advisory';

const triggersOf = (name: DialogName) =>
  document.querySelectorAll<HTMLElement>(`[data-opens-dialog="${name}"]`);

/**
 * The open state of a page's request dialog, driven by its `ModalTrigger` buttons wherever the page renders them:
 * a click opens it, pointing at or focusing one starts loading its form, and every button's `aria-expanded`
 * follows it. `opened` stays true from the first opening on: the dialog's code is loaded by then, and it keeps
 * its state (the advisory confirmation is shown after it closes).
 */
function useDialogTriggers(name: DialogName, preload: () => void) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const triggers = [...triggersOf(name)];
    const onClick = () => {
      setOpen(true);
      setOpened(true);
    };
    for (const trigger of triggers) {
      trigger.addEventListener('click', onClick);
      trigger.addEventListener('pointerenter', preload);
      trigger.addEventListener('focus', preload);
    }
    return () => {
      for (const trigger of triggers) {
        trigger.removeEventListener('click', onClick);
        trigger.removeEventListener('pointerenter', preload);
        trigger.removeEventListener('focus', preload);
      }
    };
  }, [name, preload]);
  useEffect(() => {
    for (const trigger of triggersOf(name)) trigger.setAttribute('aria-expanded', String(open));
  }, [name, open]);
  return { open, opened, close: () => setOpen(false) };
}

/** /financing's request dialog, and the scroll to the section its address names (docs/product.md). */
export function FinancingRequest({ consent }: { consent: FormConsent }) {
  const { open, opened, close } = useDialogTriggers('financing', preloadFinancingModal);
  useScrollToFinancingSection();
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyFinancingModal open={open} onClose={close} consent={consent} />
    </Suspense>
  );
}

/** /commercial-advisory's request dialog. */
export function AdvisoryRequest({ consent }: { consent: FormConsent }) {
  const { open, opened, close } = useDialogTriggers('advisory', preloadAdvisoryModal);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyAdvisoryModal open={open} onClose={close} consent={consent} />
    </Suspense>
  );
}

/** As islands (ADR 0015): app/islands/financing-request.ts and app/islands/advisory-request.ts. */
export const FinancingRequestIsland = /* @__PURE__ */ island('financing-request', FinancingRequest);
export const AdvisoryRequestIsland = /* @__PURE__ */ island('advisory-request', AdvisoryRequest);
