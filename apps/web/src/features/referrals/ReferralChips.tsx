import { REFERRAL_STATUS } from '@clinic/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../i18n/index.ts';
import '../../i18n/referrals/index.ts';

/** A referral's status chip (doc 2 section 4.3). */
export function StatusChip({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = `referrals.status.${status}` as TextKey;
  const color = status === REFERRAL_STATUS.cancelled ? 'red' : status === 1 ? 'gray' : 'teal';
  return (
    <Badge color={color} variant="light">
      {t(key, { defaultValue: String(status) })}
    </Badge>
  );
}

/** A referral's email send status chip; '-' for any other value (doc 2 section 4.3). */
export function SendStatusChip({ status }: { status: number }) {
  const { t } = useTranslation();
  const known = [1, 2, 3, 4].includes(status);
  const key = (known ? `referrals.sendStatus.${status}` : 'referrals.sendStatus.none') as TextKey;
  return (
    <Badge color={status === 4 ? 'red' : 'gray'} variant="outline">
      {t(key)}
    </Badge>
  );
}
