import { accountsApi } from '@clinic/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/clients.ts';
import { landingPath } from '../../app/landing.ts';
import { deviceId, sessionStore, type SessionKind } from '../../api/session.ts';

/** Signs in and goes where the user should land; keeps the error message to show. */
export function useSignIn(mode: 'staff' | 'portal') {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn(username: string, password: string): Promise<void> {
    setError(null);
    setBusy(true);
    try {
      const info = await api().call(accountsApi.signIn, {
        body: {
          username: username.trim(),
          password,
          timezone: -new Date().getTimezoneOffset(),
          // The console sign-in says so: the server admits only console users there.
          ...(mode === 'staff' ? { whiteList: deviceId() } : { console: true }),
        },
      });
      const kind: SessionKind = mode === 'portal' || info.kind === 'tenant' ? 'tenant' : 'clinic';
      sessionStore.signIn(info, kind);
      await navigate(landingPath({ info, kind }, params.get('redirect')), { replace: true });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return { signIn, error, clearError: () => setError(null), busy };
}
