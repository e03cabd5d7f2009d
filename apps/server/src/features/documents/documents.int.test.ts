import { DEFAULT_DOCUMENT_CATEGORIES, refusalMessage } from '@clinic/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addBranch,
  addUser,
  expectStatus,
  patientBody,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { multipartBody, SAMPLE_FILES, type FormPart } from '../../../test/multipart.ts';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { withTenant } from '../../db/tenant-db.ts';
import type { StorageSettings } from '../../platform/storage/index.ts';

const MAX_BYTES = 64 * 1024;

interface Caller {
  token: string;
  branchId: string;
}

/** The document routes, through HTTP on the real database, with one storage or the other. */
function documentsSuite(name: string, storage: () => StorageSettings) {
  describe(`documents (${name} storage)`, () => {
    const { t, clinics, admin, users } = setupApiTest({
      clinics: 2,
      config: () => ({ storage: storage(), uploadMaxBytes: MAX_BYTES }),
      users: { doctor: { type: '50' }, desk: { type: 'Front Desk' } },
    });
    const [clinic, other] = clinics;
    let patientId = '';
    let otherPatientId = '';

    async function upload(
      app: TestApp,
      caller: Caller,
      parts: FormPart[],
    ): Promise<{ status: number; body: any }> {
      const { payload, contentType } = multipartBody(parts);
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/v1/documents',
        headers: {
          authorization: `Bearer ${caller.token}`,
          branchid: caller.branchId,
          'content-type': contentType,
        },
        payload,
      });
      return { status: response.statusCode, body: response.json() };
    }

    const fields = (overrides: Record<string, string> = {}): FormPart[] =>
      Object.entries({ patientId, category: 'Lab result', ...overrides }).map(([key, value]) => ({
        name: key,
        value,
      }));
    const file = (bytes: Buffer, filename = 'scan.png', contentType = 'image/png'): FormPart => ({
      name: 'file',
      filename,
      contentType,
      bytes,
    });

    const stored = () => t.app.appContext.storage.list(clinic.tenantId);
    const documentRows = () =>
      withTenant(t.database.db, clinic.tenantId, (tx) =>
        tx.db.selectFrom('documents').selectAll().where('patientId', '=', patientId).execute(),
      );
    const auditRows = () =>
      withTenant(t.database.db, clinic.tenantId, (tx) =>
        tx.db
          .selectFrom('auditEvents')
          .selectAll()
          .where('patientId', '=', patientId)
          .orderBy('happenedAt')
          .execute(),
      );

    beforeAll(async () => {
      const created = await t.call('POST', '/api/v1/patients', { ...admin, body: patientBody() });
      expectStatus(created, 201);
      patientId = created.body.data.patientId;
      const theirs = await t.call('POST', '/api/v1/patients', {
        token: other.token,
        branchId: other.branchId,
        body: patientBody(),
      });
      expectStatus(theirs, 201);
      otherPatientId = theirs.body.data.patientId;
    });

    it("answers the clinic's categories, the defaults first", async () => {
      const answer = await t.call('GET', '/api/v1/document-categories/options', users.doctor);
      expectStatus(answer, 200);
      expect(answer.body.data.items.map((item: { name: string }) => item.name)).toEqual([
        ...DEFAULT_DOCUMENT_CATEGORIES,
      ]);
      // Read again: the same list, not twice.
      const again = await t.call('GET', '/api/v1/document-categories/options', users.doctor);
      expect(again.body.data.items).toEqual(answer.body.data.items);
    });

    let pngId = '';
    let pdfId = '';

    it('uploads an image and a PDF; the type comes from the bytes; each upload is audited', async () => {
      const png = await upload(t, users.doctor, [
        ...fields({ remark: 'Before treatment' }),
        file(SAMPLE_FILES.png, 'C:\\scans\\left hand.png'),
      ]);
      expectStatus(png as never, 201);
      pngId = png.body.data.id;
      expect(png.body.data).toMatchObject({
        patientId,
        visitId: null,
        branchId: clinic.branchId,
        name: 'left hand.png',
        category: 'Lab result',
        remark: 'Before treatment',
        type: 'image',
        contentType: 'image/png',
        size: SAMPLE_FILES.png.length,
        src: `/e-documents/${pngId}/file?fileName=left%20hand.png`,
        version: 1,
      });
      // A PDF sent as an octet stream with no extension is a PDF all the same.
      const pdf = await upload(t, users.doctor, [
        ...fields({ name: 'Blood test', category: 'imaging' }),
        file(SAMPLE_FILES.pdf, 'blob', 'application/octet-stream'),
      ]);
      expectStatus(pdf as never, 201);
      pdfId = pdf.body.data.id;
      expect(pdf.body.data).toMatchObject({
        name: 'Blood test',
        category: 'Imaging',
        remark: null,
        type: 'pdf',
        contentType: 'application/pdf',
      });
      for (const [bytes, contentType] of [
        [SAMPLE_FILES.jpeg, 'image/jpeg'],
        [SAMPLE_FILES.gif, 'image/gif'],
        [SAMPLE_FILES.webp, 'image/webp'],
      ] as const) {
        const image = await upload(t, users.doctor, [...fields(), file(bytes, 'x.bin')]);
        expectStatus(image as never, 201);
        expect(image.body.data.contentType).toBe(contentType);
        expectStatus(
          await t.call('DELETE', `/api/v1/documents/${image.body.data.id}`, {
            ...users.doctor,
            body: { version: 1 },
          }),
          200,
        );
      }
      expect(await stored()).toEqual(
        [pngId, pdfId].map((id) => `${clinic.tenantId}/documents/${id}`).sort(),
      );
      const created = (await auditRows()).filter(
        (row) => row.action === 'create' && row.entity === 'document',
      );
      expect(created.slice(0, 2)).toEqual([
        expect.objectContaining({
          userId: users.doctor.id,
          branchId: clinic.branchId,
          entity: 'document',
          entityId: pngId,
          patientId,
          detail: { record: 'documents' },
        }),
        expect.objectContaining({
          entity: 'document',
          entityId: pdfId,
          detail: { record: 'documents' },
        }),
      ]);
    });

    it('lists the patient’s documents newest first and reads one, each read audited', async () => {
      const before = (await auditRows()).length;
      const list = await t.call('GET', `/api/v1/documents?patientId=${patientId}`, users.doctor);
      expectStatus(list, 200);
      expect(list.body.data.items.map((item: { id: string }) => item.id)).toEqual([pdfId, pngId]);
      expect(list.body.data.total).toBe(2);
      const one = await t.call('GET', `/api/v1/documents/${pdfId}`, users.doctor);
      expectStatus(one, 200);
      expect(one.body.data).toEqual(list.body.data.items[0]);
      const rows = (await auditRows()).slice(before);
      expect(rows).toEqual([
        expect.objectContaining({ action: 'read', detail: { record: 'documents' } }),
        expect.objectContaining({
          action: 'read',
          entity: 'document',
          entityId: pdfId,
          detail: { record: 'documents' },
        }),
      ]);
    });

    it('downloads the same bytes with their type and name; inline for a preview; audited', async () => {
      const before = (await auditRows()).length;
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/v1/e-documents/${pdfId}/file?fileName=Blood%20test.pdf`,
        headers: { authorization: `Bearer ${users.doctor.token}`, branchid: clinic.branchId },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Blood test.pdf"; filename*=UTF-8''Blood%20test.pdf`,
      );
      expect(download.headers['cache-control']).toBe('no-store');
      const preview = await t.app.inject({
        method: 'GET',
        url: `/api/v1/e-documents/${pngId}/file?disposition=inline`,
        headers: { authorization: `Bearer ${users.doctor.token}`, branchid: clinic.branchId },
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
      expect(preview.headers['content-type']).toBe('image/png');
      expect(preview.headers['content-disposition']).toMatch(/^inline; filename="left hand.png"/);
      const rows = (await auditRows()).slice(before);
      expect(rows).toEqual([
        expect.objectContaining({
          action: 'read',
          entity: 'document',
          entityId: pdfId,
          detail: { record: 'documents', part: 'file' },
        }),
        expect.objectContaining({
          action: 'read',
          entity: 'document',
          entityId: pngId,
          detail: { record: 'documents', part: 'file' },
        }),
      ]);
    });

    describe('a refused upload leaves nothing behind', () => {
      let before: { files: string[]; rows: number; audit: number };
      beforeAll(async () => {
        before = {
          files: await stored(),
          rows: (await documentRows()).length,
          audit: (await auditRows()).length,
        };
      });
      afterAll(async () => {
        expect(await stored()).toEqual(before.files);
        expect(await documentRows()).toHaveLength(before.rows);
        expect(await auditRows()).toHaveLength(before.audit);
      });

      const refusal = (code: Parameters<typeof refusalMessage>[0], field = 'file') => ({
        error: {
          code,
          message: refusalMessage(code as 'document.fileType'),
          errors: [{ field, code, message: refusalMessage(code as 'document.fileType') }],
        },
      });

      it('a file that is not an image or a PDF, though named and typed as one', async () => {
        const text = Buffer.from('MZ this is a program, not a picture');
        const answer = await upload(t, users.doctor, [...fields(), file(text, 'photo.png')]);
        expect(answer).toEqual({ status: 400, body: refusal('document.fileType') });
        const html = Buffer.from('<html><script>alert(1)</script></html>');
        const asPdf = await upload(t, users.doctor, [
          ...fields(),
          file(html, 'report.pdf', 'application/pdf'),
        ]);
        expect(asPdf).toEqual({ status: 400, body: refusal('document.fileType') });
      });

      it('a file over the size limit: 413', async () => {
        const big = Buffer.concat([SAMPLE_FILES.png, randomBytes(MAX_BYTES)]);
        const answer = await upload(t, users.doctor, [...fields(), file(big)]);
        expect(answer.status).toBe(413);
        expect(answer.body.error).toMatchObject({
          code: 'document.tooLarge',
          message: 'The file is too large: the largest accepted is 64 KB.',
          errors: [{ field: 'file', code: 'document.tooLarge' }],
        });
      });

      it('an empty file, no file, two files', async () => {
        const empty = await upload(t, users.doctor, [...fields(), file(Buffer.alloc(0))]);
        expect(empty).toEqual({ status: 400, body: refusal('document.fileEmpty') });
        const none = await upload(t, users.doctor, fields());
        expect(none).toEqual({ status: 400, body: refusal('document.fileRequired') });
        const two = await upload(t, users.doctor, [
          ...fields(),
          file(SAMPLE_FILES.png, 'a.png'),
          file(SAMPLE_FILES.pdf, 'b.pdf', 'application/pdf'),
        ]);
        expect(two).toEqual({ status: 400, body: refusal('document.oneFile') });
      });

      it('a JSON body instead of a form', async () => {
        const answer = await t.call('POST', '/api/v1/documents', {
          ...users.doctor,
          body: { patientId, category: 'Other' },
        });
        expect(answer.status).toBe(400);
        expect(answer.body.error.code).toBe('document.notMultipart');
      });

      it('bad fields: unknown category, missing patient, unknown patient, another patient’s visit', async () => {
        const category = await upload(t, users.doctor, [
          ...fields({ category: 'Holiday photos' }),
          file(SAMPLE_FILES.png),
        ]);
        expect(category).toEqual({
          status: 400,
          body: refusal('document.categoryUnknown', 'category'),
        });
        const missing = await upload(t, users.doctor, [
          { name: 'category', value: 'Other' },
          file(SAMPLE_FILES.png),
        ]);
        expect(missing.status).toBe(400);
        expect(missing.body.error.errors).toEqual([
          expect.objectContaining({
            field: 'patientId',
            message: 'The patient field is required.',
          }),
        ]);
        const unknown = await upload(t, users.doctor, [
          ...fields({ patientId: randomUUID() }),
          file(SAMPLE_FILES.png),
        ]);
        expect(unknown.status).toBe(404);
        expect(unknown.body.error.code).toBe('patient.notFound');
        // Another clinic's patient is no patient here.
        const theirs = await upload(t, users.doctor, [
          ...fields({ patientId: otherPatientId }),
          file(SAMPLE_FILES.png),
        ]);
        expect(theirs.status).toBe(404);
        const control = await upload(t, users.doctor, [
          ...fields({ name: 'two\nlines' }),
          file(SAMPLE_FILES.png),
        ]);
        expect(control.status).toBe(400);
        expect(control.body.error.errors[0].field).toBe('name');
      });
    });

    it('edits FILE NAME, CATEGORY and REMARK with the version read; a stale version gets 409', async () => {
      const changed = await t.call('PUT', `/api/v1/documents/${pngId}`, {
        ...users.doctor,
        body: { name: 'Left hand', category: 'Imaging', remark: '  ', version: 1 },
      });
      expectStatus(changed, 200);
      expect(changed.body.data).toMatchObject({
        name: 'Left hand',
        category: 'Imaging',
        remark: null,
        version: 2,
        src: `/e-documents/${pngId}/file?fileName=Left%20hand.png`,
      });
      const stale = await t.call('PUT', `/api/v1/documents/${pngId}`, {
        ...users.doctor,
        body: { name: 'Right hand', category: 'Imaging', remark: null, version: 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('record.changed');
      const blank = await t.call('PUT', `/api/v1/documents/${pngId}`, {
        ...users.doctor,
        body: { name: ' ', category: 'Nope', remark: null, version: 2 },
      });
      expect(blank.status).toBe(400);
      expect(blank.body.error.errors).toEqual([
        expect.objectContaining({ field: 'name', message: 'The file name is required.' }),
      ]);
      const category = await t.call('PUT', `/api/v1/documents/${pngId}`, {
        ...users.doctor,
        body: { name: 'x', category: 'Nope', remark: null, version: 2 },
      });
      expect(category.status).toBe(400);
      expect(category.body.error.code).toBe('document.categoryUnknown');
      const read = await t.call('GET', `/api/v1/documents/${pngId}`, users.doctor);
      expect(read.body.data).toMatchObject({ name: 'Left hand', version: 2 });
      const updates = (await auditRows()).filter((row) => row.action === 'update');
      expect(updates).toEqual([
        expect.objectContaining({
          entity: 'document',
          entityId: pngId,
          detail: { record: 'documents' },
        }),
      ]);
    });

    it('the front desk reads and uploads but may not edit or delete', async () => {
      const read = await t.call('GET', `/api/v1/documents?patientId=${patientId}`, users.desk);
      expectStatus(read, 200);
      for (const [method, body] of [
        ['PUT', { name: 'x', category: 'Other', remark: null, version: 2 }],
        ['DELETE', { version: 2 }],
      ] as const) {
        const refused = await t.call(method, `/api/v1/documents/${pngId}`, {
          ...users.desk,
          body,
        });
        expect(refused.status).toBe(403);
        expect(refused.body.error.code).toBe('access.roleRefusal');
      }
    });

    describe('another branch of the clinic', () => {
      let doctorOfB: TestUser;
      let branchB = '';
      beforeAll(async () => {
        branchB = await addBranch(t, clinic, 'DOCB');
        doctorOfB = await addUser(t, clinic, '50', { branchIds: [branchB] });
      });

      it('reads the documents (clinic-wide), audited in its branch, but changes none', async () => {
        const caller = { token: doctorOfB.token, branchId: branchB };
        const read = await t.call('GET', `/api/v1/documents/${pngId}`, caller);
        expectStatus(read, 200);
        const [row] = (await auditRows()).filter((audit) => audit.userId === doctorOfB.id);
        expect(row).toMatchObject({ branchId: branchB, action: 'read' });
        for (const [method, body] of [
          ['PUT', { name: 'x', category: 'Other', remark: null, version: 2 }],
          ['DELETE', { version: 2 }],
        ] as const) {
          const refused = await t.call(method, `/api/v1/documents/${pngId}`, {
            ...caller,
            body,
          });
          expect(refused.status).toBe(403);
          expect(refused.body.error).toEqual({
            code: 'document.otherBranch',
            message: refusalMessage('document.otherBranch'),
          });
        }
      });
    });

    it('another clinic finds none of them: 404 and an empty list, no audit row', async () => {
      const caller = { token: other.token, branchId: other.branchId };
      const before = (await auditRows()).length;
      const list = await t.call('GET', `/api/v1/documents?patientId=${patientId}`, caller);
      expectStatus(list, 200);
      expect(list.body.data).toEqual({ items: [], total: 0 });
      for (const [method, url, body] of [
        ['GET', `/api/v1/documents/${pngId}`, undefined],
        ['GET', `/api/v1/e-documents/${pngId}/file`, undefined],
        ['PUT', `/api/v1/documents/${pngId}`, { name: 'x', category: 'Other', version: 2 }],
        ['DELETE', `/api/v1/documents/${pngId}`, { version: 2 }],
      ] as const) {
        const answer = await t.call(method, url, { ...caller, body });
        expect(answer.status, `${method} ${url}`).toBe(404);
        expect(answer.body.error.code).toBe('document.notFound');
      }
      expect(await auditRows()).toHaveLength(before);
      // Nor do its callers reach this clinic's files through its own prefix.
      expect(await t.app.appContext.storage.list(other.tenantId)).toEqual([]);
    });

    it('deletes with the version read (409 when stale); the row stays, the file goes', async () => {
      const stale = await t.call('DELETE', `/api/v1/documents/${pdfId}`, {
        ...users.doctor,
        body: { version: 7 },
      });
      expect(stale.status).toBe(409);
      expect(await stored()).toContain(`${clinic.tenantId}/documents/${pdfId}`);
      const deleted = await t.call('DELETE', `/api/v1/documents/${pdfId}`, {
        ...users.doctor,
        body: { version: 1 },
      });
      expectStatus(deleted, 200);
      expect(deleted.body.data).toEqual({ id: pdfId, patientId });
      const gone = await t.call('GET', `/api/v1/documents/${pdfId}`, users.doctor);
      expect(gone.status).toBe(404);
      const file = await t.call('GET', `/api/v1/e-documents/${pdfId}/file`, users.doctor);
      expect(file.status).toBe(404);
      const list = await t.call('GET', `/api/v1/documents?patientId=${patientId}`, users.doctor);
      expect(list.body.data.items.map((item: { id: string }) => item.id)).toEqual([pngId]);
      await expect.poll(stored).toEqual([`${clinic.tenantId}/documents/${pngId}`]);
      const row = (await documentRows()).find((document) => document.id === pdfId);
      expect(row).toMatchObject({ deletedBy: users.doctor.id, version: 2 });
      const deletes = (await auditRows()).filter((audit) => audit.action === 'delete');
      expect(deletes.slice(-1)).toEqual([
        expect.objectContaining({
          entity: 'document',
          entityId: pdfId,
          detail: { record: 'documents' },
        }),
      ]);
    });
  });
}

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'documents-'));
});
documentsSuite('folder', () => ({ kind: 'folder', folder }));

let s3: LocalS3 | undefined;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
});
documentsSuite('S3-compatible', () => {
  if (!s3) throw new Error('the S3 server did not start');
  return { kind: 's3', ...s3.settings };
});
