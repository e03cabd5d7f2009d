import {
  documentsApi,
  type DocumentCategoryOption,
  type DocumentRecord,
  type DocumentUpdateBody,
} from '@clinic/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';

export const documentKeys = {
  all: ['documents'] as const,
  list: (branchId: string | undefined, patientId: string) =>
    ['documents', 'list', branchId, patientId] as const,
  one: (branchId: string | undefined, id: string) => ['documents', 'one', branchId, id] as const,
  categories: (branchId: string | undefined) => ['documents', 'categories', branchId] as const,
};

/** The patient's documents, newest first. */
export function usePatientDocuments(patientId: string) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: documentKeys.list(branchId, patientId),
    queryFn: async (): Promise<DocumentRecord[]> =>
      (await api().call(documentsApi.list, { query: { patientId } })).items,
    enabled: Boolean(branchId),
  });
}

/** One document (the editor in edit mode). */
export function useDocument(id: string | null) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: documentKeys.one(branchId, id ?? ''),
    queryFn: () => api().call(documentsApi.get, { params: { id: id ?? '' } }),
    enabled: Boolean(branchId && id),
  });
}

/** The clinic's categories (failures leave the list empty, doc 3 section 8.2). */
export function useDocumentCategories(): DocumentCategoryOption[] {
  const { branchId } = useBranch();
  const query = useQuery({
    queryKey: documentKeys.categories(branchId),
    queryFn: async () => (await api().call(documentsApi.categories)).items,
    enabled: Boolean(branchId),
    staleTime: 5 * 60_000,
  });
  return query.data ?? [];
}

export interface UploadInput {
  patientId: string;
  file: File;
  name: string;
  category: string;
  remark: string;
}

export function useDocumentChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: documentKeys.all });
  const upload = useMutation({
    mutationFn: (input: UploadInput) => {
      const form = new FormData();
      form.append('patientId', input.patientId);
      form.append('name', input.name);
      form.append('category', input.category);
      form.append('remark', input.remark);
      // The file last: the server reads the fields first.
      form.append('file', input.file, input.file.name);
      return api().upload(documentsApi.upload, form);
    },
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: DocumentUpdateBody }) =>
      api().call(documentsApi.update, { params: { id }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api().call(documentsApi.remove, { params: { id }, body: { version } }),
    onSuccess: refresh,
  });
  return { upload, update, remove };
}

/** The file's bytes, fetched with the session's token. */
export function documentBlob(document: DocumentRecord, disposition: 'inline' | 'attachment') {
  return api().blob(documentsApi.file, {
    params: { fileId: document.id },
    query: { disposition },
  });
}

/**
 * An object URL of the document's file for a preview (an image or a PDF in a frame): the
 * bytes come with the bearer token, so the frame never asks the server itself. Revoked
 * when the document changes or the preview closes.
 */
export function useDocumentObjectUrl(document: DocumentRecord | undefined): {
  url: string | null;
  failed: boolean;
} {
  const [state, setState] = useState<{ id: string; url: string | null; failed: boolean }>({
    id: '',
    url: null,
    failed: false,
  });
  useEffect(() => {
    if (!document) return undefined;
    let url: string | null = null;
    let cancelled = false;
    documentBlob(document, 'inline').then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ id: document.id, url, failed: false });
      },
      () => {
        if (!cancelled) setState({ id: document.id, url: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [document]);
  if (!document || state.id !== document.id) return { url: null, failed: false };
  return { url: state.url, failed: state.failed };
}

/** Saves the file's bytes under its name, as the browser's download does. */
export async function downloadDocument(document: DocumentRecord): Promise<void> {
  const blob = await documentBlob(document, 'attachment');
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = new URLSearchParams(document.src.split('?')[1] ?? '').get('fileName') ?? '';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
