// State of one lead form: idle → sending → success | error. Validates with the shared zod schema on submit and, after
// the first submit, field by field on blur/change; then lets the server have the last word (its `campos` land beside
// their fields).

import { CONSENT_FIELDS, fieldErrors, POLICY_VERSION_FIELD } from '@contracts/lead-options.ts';
import type { LeadCreated } from '@contracts/leads.ts';
import { type FormEvent, type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import {
  type LeadEndpoint,
  LeadSubmitError,
  NETWORK_ERROR,
  type SubmitOptions,
  submitLead,
} from './lead-submit.ts';

export type LeadStatus = 'idle' | 'sending' | 'success' | 'error';
export interface LeadNotice {
  tone: 'success' | 'error';
  text: string;
}
/** The form's values as the contracts take them: texts, a ticked consent box as true, the policy version a number. */
export type FormValues = Record<string, string | boolean | number>;

type Contracts = typeof import('@contracts/leads.ts');
type SchemaName = { [K in keyof Contracts]: K extends `${string}LeadSchema` ? K : never }[keyof Contracts];

/**
 * A schema of contracts/leads.ts, fetched on first use: zod is ~25 kB gzip that a visitor who only reads the
 * page never needs. The module is shared, so it downloads once for every form on the page.
 */
export function leadSchema(name: SchemaName): () => Promise<z.ZodType> {
  return () => import('@contracts/leads.ts').then((contracts) => contracts[name] as z.ZodType);
}

export interface LeadFormConfig {
  /** Loads the shared zod schema (see `leadSchema`). */
  schema: () => Promise<z.ZodType>;
  endpoint: LeadEndpoint;
  /** docs/product.md success text, shown in the notice. */
  successText: string;
  /** 'Error: ' on most forms, 'Hubo un error al enviar: ' on the sell page. */
  errorPrefix?: string;
  tokenErrorStyle?: SubmitOptions['tokenErrorStyle'];
  /** The request body from the validated form values (default: the values as typed). */
  toBody?: (values: FormValues) => Record<string, unknown> | FormData;
  /** Called with the 201 answer (a test drive's carries its slot and calendar file). */
  onSuccess?: (created: LeadCreated) => void;
}

export function useLeadForm(config: LeadFormConfig) {
  const formRef = useRef<HTMLFormElement>(null);
  const configRef = useRef(config);
  configRef.current = config;
  const [status, setStatus] = useState<LeadStatus>('idle');
  const [notice, setNotice] = useState<LeadNotice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Changes on every success or reset, to remount the form with its default values. */
  const [formKey, setFormKey] = useState(0);
  const validatedOnce = useRef(false);

  const showErrors = useCallback((next: Record<string, string>) => {
    flushSync(() => setErrors(next));
    const form = formRef.current;
    if (!form) return;
    const first = Array.from(form.elements).find(
      (el): el is HTMLElement =>
        el instanceof HTMLElement && 'name' in el && (el as HTMLInputElement).name in next,
    );
    first?.focus();
  }, []);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (status === 'sending') return;
      const { schema, endpoint, successText, errorPrefix = 'Error: ', toBody, onSuccess } = configRef.current;
      validatedOnce.current = true;
      const values = readValues(event.currentTarget);
      const parsed = (await schema()).safeParse(values);
      if (!parsed.success) {
        setNotice(null);
        showErrors(fieldErrors(parsed.error));
        return;
      }
      setErrors({});
      setNotice(null);
      setStatus('sending');
      try {
        const created = await submitLead(endpoint, toBody ? toBody(values) : values, {
          tokenErrorStyle: configRef.current.tokenErrorStyle,
        });
        validatedOnce.current = false;
        setStatus('success');
        setNotice({ tone: 'success', text: successText });
        setFormKey((k) => k + 1);
        onSuccess?.(created);
      } catch (error) {
        const fields = error instanceof LeadSubmitError ? error.fields : {};
        // A server error about something without a field of its own (the photos, the vehicle) joins the notice.
        const names = new Set(
          Array.from(formRef.current?.elements ?? [], (el) => (el as HTMLInputElement).name).filter(Boolean),
        );
        const unplaced = Object.entries(fields).flatMap(([name, text]) => (names.has(name) ? [] : [text]));
        const message = error instanceof Error ? error.message : NETWORK_ERROR;
        setStatus('error');
        setNotice({ tone: 'error', text: [`${errorPrefix}${message}`, ...unplaced].join(' ') });
        if (Object.keys(fields).length > unplaced.length) showErrors(fields);
      }
    },
    [status, showErrors],
  );

  /** After the first submit, re-checks the field the visitor just left, or a flagged one as it is corrected. */
  const revalidate = useCallback(async (event: SyntheticEvent<HTMLFormElement>, onlyIfFlagged: boolean) => {
    const target = event.target as HTMLInputElement;
    const form = formRef.current;
    if (!validatedOnce.current || !form || !target.name) return;
    if (onlyIfFlagged && !(target.getAttribute('aria-invalid') === 'true')) return;
    const values = readValues(form);
    const parsed = (await configRef.current.schema()).safeParse(values);
    const message = parsed.success ? undefined : fieldErrors(parsed.error)[target.name];
    setErrors((current) => {
      if (current[target.name] === message) return current;
      // Leaving a field never clears its error: the error may be the server's, which the form's own rules cannot
      // judge (a test-drive time taken meanwhile), and a field also "loses focus" when it is removed (the taken
      // times, read again). Changing a flagged field does clear it (onlyIfFlagged).
      if (!message && !onlyIfFlagged) return current;
      const next = { ...current };
      if (message) next[target.name] = message;
      else delete next[target.name];
      return next;
    });
  }, []);

  // After "send another", keyboard focus goes to the new form's first field instead of being lost.
  const focusAfterReset = useRef(false);
  useEffect(() => {
    if (!focusAfterReset.current || status !== 'idle') return;
    focusAfterReset.current = false;
    formRef.current?.querySelector<HTMLElement>('input:not([tabindex="-1"]), select, textarea')?.focus();
  }, [status]);

  /** Back to a fresh, empty form (the "send another" buttons). */
  const reset = useCallback(() => {
    focusAfterReset.current = true;
    validatedOnce.current = false;
    setStatus('idle');
    setNotice(null);
    setErrors({});
    setFormKey((k) => k + 1);
  }, []);

  return {
    status,
    notice,
    errors,
    reset,
    dismissNotice: () => setNotice(null),
    /** Give it as the form's `key`: a new value remounts the form with its default values. */
    formKey,
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit,
      onBlur: (event: SyntheticEvent<HTMLFormElement>) => revalidate(event, false),
      onChange: (event: SyntheticEvent<HTMLFormElement>) => revalidate(event, true),
    },
  };
}

const CONSENT_NAMES = new Set<string>(Object.values(CONSENT_FIELDS));

/**
 * The form's values; files travel separately and the honeypot rides along untouched. A consent box is sent only
 * when ticked, as true (ADR 0031), and the hidden policy version as a number, as the JSON contracts ask.
 */
function readValues(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string') continue;
    if (CONSENT_NAMES.has(name)) values[name] = value === 'true';
    else if (name === POLICY_VERSION_FIELD && /^\d{1,10}$/.test(value)) values[name] = Number(value);
    else values[name] = value;
  }
  return values;
}
