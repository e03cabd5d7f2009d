import {
  ConsultTimerState,
  consultTimerState,
  type ConsultTimes,
  type VisitDetail,
} from '@clinic/domain';
import { Button, Group, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nowUnix } from '../../app/clinic-time.ts';
import { snackbar } from '../../components/dialogs.tsx';
import { formatElapsed } from './consult-format.ts';
import { startConsult, stopConsult } from './record-api.ts';
import '../../i18n/patient-area/index.ts';

/** Consult time errors show as snackbars for 10 seconds (doc 2 section 8). */
export const CONSULT_ERROR_MS = 10_000;

/** Seconds since `start`, ticking every second while `running`. */
function useElapsed(start: number | null, running: boolean): number {
  const [now, setNow] = useState(nowUnix);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(nowUnix()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return start === null ? 0 : now - start;
}

export interface ConsultTimerProps {
  visit: VisitDetail;
  /** A voided visit, or one of another branch: the button is disabled. */
  readOnly: boolean;
  onSaved: (saved: ConsultTimes) => void;
}

/**
 * The consultation timer (doc 2 sections 2.4 and 4.1): 0 not started (Start), 1 running
 * (Stop, with the time so far), -1 finished (disabled, with the time it took). The times
 * the visit holds set the state directly.
 */
export function ConsultTimer({ visit, readOnly, onSaved }: ConsultTimerProps) {
  const { t } = useTranslation();
  const state = consultTimerState(visit);
  const [busy, setBusy] = useState(false);
  const elapsed = useElapsed(visit.consultStartTime, state === ConsultTimerState.running);

  const press = async () => {
    setBusy(true);
    try {
      const saved =
        state === ConsultTimerState.notStarted
          ? await startConsult(visit)
          : await stopConsult(visit);
      onSaved(saved);
    } catch (error) {
      snackbar.error(error instanceof Error ? error.message : String(error), CONSULT_ERROR_MS);
    } finally {
      setBusy(false);
    }
  };

  const took =
    visit.consultStartTime !== null && visit.consultEndTime !== null
      ? visit.consultEndTime - visit.consultStartTime
      : 0;
  return (
    <Group gap="sm" data-testid="consult-timer" data-state={state}>
      {state === ConsultTimerState.finished ? (
        <Button disabled leftSection={<IconPlayerStop size={18} aria-hidden />}>
          {t('record.timer.finished')}
        </Button>
      ) : state === ConsultTimerState.running ? (
        <Button
          color="red"
          loading={busy}
          disabled={readOnly}
          onClick={() => void press()}
          leftSection={<IconPlayerStop size={18} aria-hidden />}
        >
          {t('record.timer.stop')}
        </Button>
      ) : (
        <Button
          loading={busy}
          disabled={readOnly}
          onClick={() => void press()}
          leftSection={<IconPlayerPlay size={18} aria-hidden />}
        >
          {t('record.timer.start')}
        </Button>
      )}
      <Text size="sm" role="timer">
        {state === ConsultTimerState.running
          ? t('record.timer.running', { elapsed: formatElapsed(elapsed) })
          : state === ConsultTimerState.finished
            ? t('record.timer.took', { elapsed: formatElapsed(took) })
            : t('record.timer.notStarted')}
      </Text>
    </Group>
  );
}
