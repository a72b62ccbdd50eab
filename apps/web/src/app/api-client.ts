import type { WharfClient } from '@wharf/client';
import { createContext, useContext } from 'react';

/**
 * The typed API client every screen calls through. Provided once at the root (main.tsx makes a
 * same-origin client; tests inject one over a fake fetch).
 */
export const ApiClientContext = createContext<WharfClient | null>(null);

export function useApiClient(): WharfClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient() needs an <ApiClientContext> provider above it.');
  return client;
}
