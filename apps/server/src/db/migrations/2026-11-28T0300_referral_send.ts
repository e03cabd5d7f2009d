import type { Kysely } from 'kysely';
import { runStatements, tenantOwned } from '../migration-helpers.ts';

/**
 * Sending and submitting referrals (issue 14; docs/architecture.md "Referrals", "Mail").
 * - `mail_outbox` gains one optional attachment (a referral letter's PDF; dropped once the
 *   mail server has the mail, as the body is) and a generic `purpose` and `reference`: what
 *   the mail is for, so the feature that queued it hears how its delivery went.
 * - `referrals_out` keeps the address its letter was last sent to, when, and which outbox
 *   mail carries it (`send_mail_id`): only that mail's outcome moves the send status, so
 *   the late failure of an earlier send never overwrites a later one.
 * - `referral_submissions`: every submission of an HSG referral to the national programme
 *   (who, when, the hash of what was submitted, the outcome). A record: never changed or
 *   deleted by the API role.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE mail_outbox
       ADD COLUMN purpose text,
       ADD COLUMN reference uuid,
       ADD COLUMN attachment_name text,
       ADD COLUMN attachment_type text,
       ADD COLUMN attachment bytea,
       ADD CONSTRAINT mail_outbox_purpose_reference CHECK ((purpose IS NULL) = (reference IS NULL)),
       ADD CONSTRAINT mail_outbox_attachment_named
         CHECK (attachment IS NULL OR (attachment_name IS NOT NULL AND attachment_type IS NOT NULL))`,

    `ALTER TABLE referrals_out
       ADD COLUMN sent_to text,
       ADD COLUMN sent_at timestamptz,
       ADD COLUMN sent_by uuid,
       ADD COLUMN send_mail_id uuid,
       ADD CONSTRAINT referrals_out_sent_by FOREIGN KEY (tenant_id, sent_by) REFERENCES users (tenant_id, id),
       ADD CONSTRAINT referrals_out_send_mail FOREIGN KEY (tenant_id, send_mail_id) REFERENCES mail_outbox (tenant_id, id)`,

    `CREATE TABLE referral_submissions (
       tenant_id uuid NOT NULL REFERENCES tenants (id),
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       referral_id uuid NOT NULL,
       programme text NOT NULL,
       payload_sha256 text NOT NULL CHECK (payload_sha256 ~ '^[0-9a-f]{64}$'),
       outcome_status smallint NOT NULL CHECK (outcome_status IN (2, 4, 5)),
       receipt text,
       submitted_by uuid NOT NULL,
       submitted_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (tenant_id, id),
       FOREIGN KEY (tenant_id, referral_id) REFERENCES referrals_out (tenant_id, id),
       FOREIGN KEY (tenant_id, submitted_by) REFERENCES users (tenant_id, id)
     )`,
    `CREATE INDEX referral_submissions_referral ON referral_submissions (tenant_id, referral_id, submitted_at)`,
    ...tenantOwned('referral_submissions'),
    `REVOKE UPDATE, DELETE ON referral_submissions FROM clinic_app`,
  ]);
}
