import { useEffect, useState } from 'react';
import { Share2 } from '~/components/icons';

interface Props {
  title: string;
  text: string;
  className: string;
}

/**
 * docs/product.md: the native share sheet when the browser has one; otherwise the URL goes to the clipboard and an
 * in-page notice (role=status, never an alert dialog) says 'Enlace copiado al portapapeles'.
 */
export function ShareButton({ title, text, className }: Props) {
  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  async function share() {
    // The address the visitor is on, without the tab or tracking parameters.
    const url = `${window.location.origin}${window.location.pathname}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing to do. Any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNotice('Enlace copiado al portapapeles');
    } catch {
      setNotice(`No pudimos copiar el enlace. Cópialo desde aquí: ${url}`);
    }
  }

  return (
    <>
      <button type="button" onClick={share} className={className}>
        <Share2 aria-hidden className="size-5" />
        Compartir
      </button>
      <p role="status" className="min-h-5 break-words text-center font-medium text-green-800 text-sm">
        {notice}
      </p>
    </>
  );
}
