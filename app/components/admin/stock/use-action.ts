import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { refusalText } from '~/lib/admin/api-client';

export type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * One back office call at a time with its outcome as a notice: the server's Spanish sentence on a refusal, the
 * given sentence on success, then the page's data is reloaded.
 */
export function useAction() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const running = useRef(false);

  async function run<T>(
    call: () => Promise<T>,
    success: string | ((result: T) => string) | null,
  ): Promise<{ ok: true; result: T } | { ok: false; error: unknown }> {
    if (running.current) return { ok: false, error: new Error('busy') };
    running.current = true;
    setBusy(true);
    setNotice(null);
    try {
      const result = await call();
      // The success shows once the page shows the new data, never before.
      await revalidator.revalidate();
      const text = typeof success === 'function' ? success(result) : success;
      if (text) setNotice({ tone: 'success', text });
      return { ok: true, result };
    } catch (error) {
      setNotice({ tone: 'error', text: refusalText(error) });
      return { ok: false, error };
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return { run, busy, notice, setNotice };
}
