import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * A patient's documents (doc 2 section 2.11): one row per uploaded file, whose bytes live
 * in the file storage under `{tenant}/documents/{id}`; and each clinic's list of document
 * categories (its defaults are added the first time the clinic reads the list).
 * A deleted document keeps its row (who uploaded and deleted it, when) and loses its file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE document_categories (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       name text NOT NULL,
       sort_order integer NOT NULL DEFAULT 0,
       PRIMARY KEY (tenant_id, id),
       UNIQUE (tenant_id, name),
       FOREIGN KEY (tenant_id) REFERENCES tenants (id)
     )`,
    ...tenantOwned('document_categories'),

    `CREATE TABLE documents (
       tenant_id uuid NOT NULL,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       patient_id uuid NOT NULL,
       visit_id uuid,
       branch_id uuid NOT NULL,
       name text NOT NULL,
       category text NOT NULL,
       remark text,
       content_type text NOT NULL,
       size_bytes integer NOT NULL CHECK (size_bytes > 0),
       storage_key text NOT NULL,
       created_by uuid NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_by uuid,
       updated_at timestamptz NOT NULL DEFAULT now(),
       deleted_by uuid,
       deleted_at timestamptz,
       version integer NOT NULL DEFAULT 1,
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, patient_id) REFERENCES patients (tenant_id, id),
       FOREIGN KEY (tenant_id, visit_id) REFERENCES visits (tenant_id, id),
       FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id),
       FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX documents_patient ON documents (tenant_id, patient_id, created_at DESC)
       WHERE deleted_at IS NULL`,
    ...tenantOwned('documents'),
  ]);
}
