import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorScreen } from './ErrorScreen';

/** A page could not be prepared (the session call failed with a server error): say so, offer a retry. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    try {
      reset();
      await router.invalidate();
    } finally {
      setRetrying(false);
    }
  }
  return <ErrorScreen error={error} onRetry={() => void retry()} retrying={retrying} />;
}
