import { useEffect, useRef, useState } from 'react';

/**
 * The Spanish field errors of a back office form (the browser's checks or the server's refusal), and its element:
 * whenever errors arrive, focus moves to the first field in error, so a keyboard or screen reader user lands there.
 */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return { formRef, errors, setErrors };
}
