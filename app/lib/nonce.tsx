import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the current server render. Only the server knows it (browsers hide
 * nonce attributes from scripts), so on the client this is undefined, which is fine: the scripts it
 * guards have already run by then.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
