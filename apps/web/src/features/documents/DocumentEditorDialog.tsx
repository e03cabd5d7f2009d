import { formatFileSize, type DocumentRecord } from '@clinic/domain';
import {
  Anchor,
  Button,
  Center,
  Image,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { dialogs, snackbar } from '../../components/dialogs.tsx';
import {
  useDocument,
  useDocumentCategories,
  useDocumentChanges,
  useDocumentObjectUrl,
} from './document-api.ts';
import {
  ACCEPTED_FILES,
  checkPickedFiles,
  proposedName,
  type PickProblem,
} from './document-rules.ts';
import '../../i18n/patient-area/index.ts';

/** Doc 2 section 4.7: the loading flag clears 500 ms after the response. */
const LOADING_LINGER_MS = 500;

type Field = 'file' | 'name' | 'category' | 'remark';

/**
 * The document editor (doc 2 section 2.11). Without an editor id: create mode, a file
 * picker for one image or PDF ('Drag & Drop your picture or Browse'). With one: edit mode,
 * the image's preview or a PDF icon. Fields FILE NAME, CATEGORY, REMARK; Cancel and Save.
 */
export function DocumentEditorDialog({
  patientId,
  editorId,
  onClose,
}: {
  patientId: string;
  /** null: upload a new document. */
  editorId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const categories = useDocumentCategories();
  const existing = useDocument(editorId);
  const { upload, update } = useDocumentChanges();
  const [file, setFile] = useState<File | null>(null);
  // null: not typed yet (the stored value in edit mode, empty in create mode).
  const [typedName, setName] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [typedRemark, setRemark] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [dragging, setDragging] = useState(false);
  const [loading, setLoading] = useState(editorId !== null);
  const input = useRef<HTMLInputElement>(null);
  const document = existing.data;
  const name = typedName ?? document?.name ?? '';
  const remark = typedRemark ?? document?.remark ?? '';

  // Edit mode: the loading flag clears a moment after the document came.
  useEffect(() => {
    if (!document) return undefined;
    const timer = setTimeout(() => setLoading(false), LOADING_LINGER_MS);
    return () => clearTimeout(timer);
  }, [document]);
  // The stored category matched to an option by its name.
  const matchedCategory =
    category ??
    categories.find((option) => option.name.toLowerCase() === document?.category.toLowerCase())
      ?.name ??
    null;

  useEffect(() => {
    if (existing.isError) {
      snackbar.error(t('documents.loadFailed'));
      onClose();
    }
  }, [existing.isError, onClose, t]);

  const ruleText = (problem: PickProblem) =>
    problem.rule === 'tooLarge'
      ? t('documents.rules.tooLarge', { max: problem.max })
      : t(`documents.rules.${problem.rule}`);

  async function pick(files: readonly File[]) {
    const result = await checkPickedFiles(files);
    if (!result.ok) {
      setFile(null);
      setErrors((current) => ({ ...current, file: ruleText(result.problem) }));
      return;
    }
    setFile(result.file);
    setErrors((current) => ({ ...current, file: undefined }));
    if (!name.trim()) setName(proposedName(result.file));
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void pick([...event.dataTransfer.files]);
  }

  function localErrors(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (editorId === null && !file) found.file = t('documents.rules.fileRequired');
    if (editorId !== null && !name.trim()) found.name = t('documents.rules.nameRequired');
    if (!matchedCategory) found.category = t('documents.rules.categoryRequired');
    return found;
  }

  async function save() {
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (editorId === null && file) {
        await upload.mutateAsync({
          patientId,
          file,
          name: name.trim() || proposedName(file),
          category: matchedCategory ?? '',
          remark,
        });
      } else if (document) {
        await update.mutateAsync({
          id: document.id,
          body: {
            name,
            category: matchedCategory ?? '',
            remark,
            version: document.version,
          },
        });
      }
      snackbar.success(t('documents.editor.saved'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields: Partial<Record<Field, string>> = {};
      for (const field of ['file', 'name', 'category', 'remark'] as const) {
        const message = error.fieldMessage(field);
        if (message) fields[field] = message;
      }
      if (Object.keys(fields).length > 0) setErrors(fields);
      else await dialogs.alert(error.message);
    }
  }

  const saving = upload.isPending || update.isPending;
  return (
    <AppDialog
      title={t(editorId === null ? 'documents.editor.createTitle' : 'documents.editor.editTitle')}
      onClose={onClose}
      size={500}
      centered
      dirty={file !== null || (document !== undefined && name !== document.name)}
      onSubmit={() => void save()}
      footer={(close) => (
        <>
          <Button variant="default" onClick={close}>
            {t('documents.editor.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={loading} data-dialog-save>
            {t('documents.editor.save')}
          </Button>
        </>
      )}
    >
      <Stack gap="sm">
        {editorId === null ? (
          <Paper
            withBorder
            p="lg"
            data-testid="document-dropzone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{
              borderStyle: 'dashed',
              background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Stack align="center" gap={4}>
              <IconUpload size={28} />
              <Text size="sm">
                {t('documents.editor.dropHint')}{' '}
                <Anchor component="button" type="button" onClick={() => input.current?.click()}>
                  {t('documents.editor.browse')}
                </Anchor>
              </Text>
              {file && (
                <Text size="xs" c="dimmed">
                  {t('documents.editor.chosen', {
                    name: file.name,
                    size: formatFileSize(file.size),
                  })}
                </Text>
              )}
              {errors.file && (
                <Text size="xs" c="red" role="alert">
                  {errors.file}
                </Text>
              )}
            </Stack>
            <input
              ref={input}
              type="file"
              accept={ACCEPTED_FILES}
              hidden
              data-testid="document-file-input"
              onChange={(event) => {
                void pick([...(event.currentTarget.files ?? [])]);
                event.currentTarget.value = '';
              }}
            />
          </Paper>
        ) : loading || !document ? (
          <Center h={120}>
            <Loader aria-label={t('documents.preview.loading')} />
          </Center>
        ) : (
          <EditPreview document={document} />
        )}
        <TextInput
          label={t('documents.editor.fileName')}
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <Select
          label={t('documents.editor.category')}
          data={categories.map((option) => option.name)}
          value={matchedCategory}
          onChange={setCategory}
          error={errors.category}
          allowDeselect={false}
        />
        <Textarea
          label={t('documents.editor.remark')}
          value={remark}
          maxLength={1000}
          rows={3}
          onChange={(event) => setRemark(event.currentTarget.value)}
          error={errors.remark}
        />
      </Stack>
    </AppDialog>
  );
}

/** Edit mode: the image itself, or a PDF icon when the document is a PDF. */
function EditPreview({ document }: { document: DocumentRecord }) {
  const { t } = useTranslation();
  const image = useDocumentObjectUrl(document.type === 'image' ? document : undefined);
  if (document.type === 'pdf') {
    return (
      <Center>
        <IconFileTypePdf size={64} aria-label={t('documents.editor.pdf')} role="img" />
      </Center>
    );
  }
  return image.url ? (
    <Image src={image.url} alt={document.name} fit="contain" mah={240} />
  ) : (
    <Center h={120}>
      <Loader aria-label={t('documents.preview.loading')} />
    </Center>
  );
}
