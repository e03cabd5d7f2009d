import {
  DEFAULT_INACTIVITY_MINUTES,
  INACTIVITY_WARNING_MINUTES,
  accountsApi,
} from '@clinic/domain';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/clients.ts';
import { STORAGE } from '../../api/session.ts';
import { signOutAndLeave } from '../../app/sign-out.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';

export const WARNING_SECONDS = INACTIVITY_WARNING_MINUTES * 60;

/**
 * The server records activity at most once a minute, and only from calls not marked
 * background; clicks that make no call are reported to it at most this often.
 */
export const ACTIVITY_REPORT_MS = 60_000;

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

/**
 * The server ends a session unused for the time-out plus the warning; what counts there
 * is a call not marked background. A user who clicks without causing a call (reading,
 * filling a form) is still active: tell the server, at most once a minute.
 */
function reportClicks(time: number) {
  const client = api();
  if (lastClick() > client.lastUserCallAt && time - client.lastUserCallAt >= ACTIVITY_REPORT_MS) {
    // A 401 (the session already ended) is handled by the client; nothing else matters.
    client.call(accountsApi.timeout).catch(() => undefined);
  }
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Signs the user out after the clinic's inactivity time-out (doc 1 section 4): checked
 * every second against the last click (shared by every tab), then a 5-minute countdown.
 * A click in another tab (or its "Stay signed in") during the countdown ends the warning.
 * While the countdown shows, `children` (the pages, with their patient data) are not
 * rendered at all, and open alerts and snackbars are closed: a locked notice stands in
 * their place until the user chooses to stay.
 */
export function InactivityGuard({
  portal = false,
  children,
}: {
  portal?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeout = useQuery({
    queryKey: ['timeout'],
    // The inactivity machinery's own call: background, never the user's activity.
    queryFn: () => api().call(accountsApi.timeout, {}, { background: true }),
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
        if (idle > minutes * 60_000) {
          // Alerts and snackbars may name a patient: they go with the page.
          dialogs.dismissAll();
          snackbar.clear();
          setDeadline(time + WARNING_SECONDS * 1000);
        } else reportClicks(time);
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
  const warning = deadline !== null;

  return (
    <>
      {warning ? <AwayNotice /> : children}
      <AppDialog
        opened={warning}
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
    </>
  );
}

/** What stands in for the pages while the countdown shows. */
function AwayNotice() {
  const { t } = useTranslation();
  return (
    // At the top, clear of the centred countdown dialog.
    <Stack align="center" gap="xs" pt="xl">
      <Title order={1} size="h3">
        {t('inactivity.hidden')}
      </Title>
      <Text c="dimmed">{t('inactivity.hiddenText')}</Text>
    </Stack>
  );
}
