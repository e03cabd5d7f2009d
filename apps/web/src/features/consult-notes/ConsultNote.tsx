import { vitalsApi, type ConsultNoteRecord } from '@clinic/domain';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { ApiError } from '../../api/http.ts';
import { useBranch } from '../../app/branch.ts';
import { NoteAutosaver, type NoteSaveState } from './note-autosave.ts';
import '../../i18n/patient-area/index.ts';

/** How long the doctor may pause typing before the note is saved. */
export const NOTE_AUTOSAVE_MS = 800;

const SECTIONS = ['history', 'examination', 'plan', 'freeText'] as const;
type Section = (typeof SECTIONS)[number];
type Sections = Record<Section, string>;

export const consultNoteKey = (branchId: string | undefined, visitId: string) =>
  ['consult-note', branchId, visitId] as const;

function sectionsOf(note: ConsultNoteRecord): Sections {
  return {
    history: note.history ?? '',
    examination: note.examination ?? '',
    plan: note.plan ?? '',
    freeText: note.freeText ?? '',
  };
}

/**
 * The doctor's consultation note of a visit: history, examination, plan and free text,
 * saved by itself a moment after typing stops (or when a field is left), with the version
 * read. When another user saved first (409) the user's text stays on screen and they may
 * reload the other version.
 */
export function ConsultNote({ visitId, readOnly }: { visitId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const { branchId } = useBranch();
  const queryClient = useQueryClient();
  const key = consultNoteKey(branchId, visitId);
  const note = useQuery({
    queryKey: key,
    queryFn: (context) =>
      api().call(vitalsApi.note, { params: { id: visitId } }, queryCallOptions(context)),
    enabled: Boolean(branchId),
  });

  const [draft, setDraft] = useState<Sections | null>(null);
  const [state, setState] = useState<NoteSaveState>('idle');
  const [saver] = useState(
    () =>
      new NoteAutosaver<Sections>({
        send: (sections, version) =>
          api()
            .call(vitalsApi.saveNote, { params: { id: visitId }, body: { ...sections, version } })
            .then((saved) => {
              queryClient.setQueryData(consultNoteKey(branchId, visitId), saved);
              return saved.version;
            }),
        isConflict: (error) => error instanceof ApiError && error.status === 409,
        onState: setState,
        delay: NOTE_AUTOSAVE_MS,
      }),
  );

  // What the user typed, else what the server holds.
  const shown = draft ?? (note.data ? sectionsOf(note.data) : null);

  // Leaving the visit saves what was typed last.
  useEffect(() => () => saver.dispose(), [saver]);

  function change(section: Section, value: string) {
    if (!shown || !note.data) return;
    if (!saver.loaded) saver.reset(shown, note.data.version);
    const next = { ...shown, [section]: value };
    setDraft(next);
    saver.change(next);
  }

  async function reload() {
    const fresh = await api().call(vitalsApi.note, { params: { id: visitId } });
    queryClient.setQueryData(key, fresh);
    saver.reset(sectionsOf(fresh), fresh.version);
    setDraft(sectionsOf(fresh));
  }

  if (note.isError) {
    return <Alert color="red">{t('vitals.note.failed')}</Alert>;
  }
  const statusText: Record<NoteSaveState, string> = {
    idle: '',
    pending: t('vitals.note.unsaved'),
    saving: t('vitals.note.saving'),
    saved: t('vitals.note.saved'),
    failed: t('vitals.note.failed'),
    conflict: '',
  };
  return (
    <Paper withBorder p="md" aria-label={t('vitals.note.title')} component="section">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('vitals.note.title')}</Title>
        <Text size="sm" c={state === 'failed' ? 'red' : 'dimmed'} role="status" aria-live="polite">
          {statusText[state]}
        </Text>
      </Group>
      {state === 'conflict' && (
        <Alert color="yellow" mb="sm" role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('vitals.note.conflict')}</Text>
            <Group>
              <Button size="xs" variant="light" onClick={() => void reload()}>
                {t('vitals.note.reload')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Stack gap="sm">
        {SECTIONS.map((section) => (
          <Textarea
            key={section}
            label={t(`vitals.note.${section}`)}
            rows={4}
            resize="vertical"
            value={shown?.[section] ?? ''}
            readOnly={readOnly || shown === null}
            onChange={(event) => change(section, event.currentTarget.value)}
            onBlur={() => void saver.flush()}
          />
        ))}
        {note.data?.updatedByName && (
          <Text size="xs" c="dimmed">
            {t('vitals.note.lastSaved', { name: note.data.updatedByName })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
