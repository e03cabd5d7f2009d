import { DEFAULT_INACTIVITY_MINUTES, accountsApi } from '@clinic/domain';
import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/clients.ts';
import { signOutAndLeave } from '../../app/sign-out.ts';
import { STORAGE } from '../../api/session.ts';
import { AppDialog } from '../../components/AppDialog.tsx';

export const WARNING_SECONDS = 5 * 60;

/** The server's time-out in minutes when it is a positive number, else 15. */
export function timeoutMinutes(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? value
    : DEFAULT_INACTIVITY_MINUTES;
}

function lastClick(): number {
  return Number(localStorage.getItem(STORAGE.lastClickTime)) || Date.now();
}

function recordClick() {
  localStorage.setItem(STORAGE.lastClickTime, String(Date.now()));
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Signs the user out after the clinic's inactivity time-out (doc 1 section 4): checked
 * every second against the last click (shared by every tab), then a 5-minute countdown.
 * A click in another tab (or its "Stay signed in") during the countdown ends the warning.
 */
export function InactivityDialog({ portal = false }: { portal?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeout = useQuery({
    queryKey: ['timeout'],
    queryFn: () => api().call(accountsApi.timeout),
    staleTime: 5 * 60_000,
  });
  const minutes = timeoutMinutes(timeout.data?.timeout);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    document.addEventListener('click', recordClick, true);
    return () => document.removeEventListener('click', recordClick, true);
  }, []);

  useEffect(() => {
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      const idle = time - lastClick();
      if (deadline === null) {
        if (idle > minutes * 60_000) setDeadline(time + WARNING_SECONDS * 1000);
      } else if (idle < minutes * 60_000) {
        // Someone clicked since the warning showed, maybe in another tab: stay signed in.
        setDeadline(null);
      } else if (time >= deadline) {
        setDeadline(null);
        void signOutAndLeave(navigate, portal);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, minutes, navigate, portal]);

  const stay = () => {
    recordClick();
    setDeadline(null);
  };

  return (
    <AppDialog
      opened={deadline !== null}
      onClose={stay}
      title={t('inactivity.title')}
      size={400}
      centered
      footer={
        <>
          <Button variant="default" onClick={() => void signOutAndLeave(navigate, portal)}>
            {t('inactivity.signOut')}
          </Button>
          <Button onClick={stay} data-autofocus>
            {t('inactivity.stay')}
          </Button>
        </>
      }
    >
      <Text aria-live="polite">
        {t('inactivity.text', { time: clock(((deadline ?? now) - now) / 1000) })}
      </Text>
    </AppDialog>
  );
}
