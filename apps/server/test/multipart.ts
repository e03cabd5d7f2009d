import { randomBytes } from 'node:crypto';

/** A part of a multipart/form-data body: a text field or a file. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body and its content type, as a browser's FormData sends it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----clinic${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Small valid files of each kind (their first bytes are what counts). */
export const SAMPLE_FILES = {
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    randomBytes(200),
  ]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), randomBytes(100)]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x10, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    randomBytes(100),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n'),
};

/** Routes whose body is a multipart form (the sweeps send them a sample upload). */
export const MULTIPART_ROUTES = new Set(['POST /api/v1/documents']);

/** Uploads a small PNG for a patient through the app, as the web does. */
export async function uploadSample(
  t: { app: { inject: (options: object) => Promise<InjectAnswer> } },
  caller: { token: string; branchId: string },
  patientId: string,
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const { payload, contentType } = multipartBody([
    { name: 'patientId', value: patientId },
    { name: 'category', value: 'Other' },
    { name: 'file', filename: 'sample.png', contentType: 'image/png', bytes: SAMPLE_FILES.png },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/documents',
    headers: {
      authorization: `Bearer ${caller.token}`,
      branchid: caller.branchId,
      'content-type': contentType,
    },
    payload,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

interface InjectAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): any;
}
