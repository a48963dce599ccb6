import { createContext, useContext, type ReactNode } from "react";

/** The per-response CSP nonce (only known on the server; browsers hide it from the DOM). */
const NonceContext = createContext<string>("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
