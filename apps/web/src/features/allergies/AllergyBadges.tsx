import { Badge, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAllergiesAndAlert } from './allergy-api.ts';
import '../../i18n/patient-area/index.ts';

/**
 * The patient header's badges (doc 1 section 7 allergies-and-alert): drug allergies in red
 * first and prominent, other allergies lighter, then the patient's alert message. Nothing
 * for a role that may not read allergies, nor while loading.
 */
export function AllergyBadges({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const badges = useAllergiesAndAlert(patientId);
  if (!badges.data) return null;
  const { allergies, alertMessage } = badges.data;
  const drugs = allergies.filter((item) => item.allergyType === 'Drug');
  const others = allergies.filter((item) => item.allergyType !== 'Drug');
  return (
    <Group gap={6} aria-label={t('allergy.badges')} role="group">
      {drugs.map((item) => (
        <Tooltip key={item.id} label={`${item.allergyReactionName}: ${item.allergyRemark}`}>
          <Badge color="red" variant="filled" size="lg">
            {t('allergy.drugBadge', { name: item.allergyDrugName })}
          </Badge>
        </Tooltip>
      ))}
      {others.map((item) => (
        <Tooltip key={item.id} label={`${item.allergyReactionName}: ${item.allergyRemark}`}>
          {/* Dark text: orange on light orange is 3.6:1, under WCAG AA's 4.5:1. */}
          <Badge color="orange" variant="light" c="dark.8">
            {t('allergy.otherBadge', { name: item.allergyDrugName })}
          </Badge>
        </Tooltip>
      ))}
      {allergies.length === 0 && (
        <Badge color="gray" variant="light">
          {t('allergy.noKnownAllergies')}
        </Badge>
      )}
      {alertMessage && (
        <Badge color="yellow" variant="filled" c="dark">
          {t('allergy.alert', { message: alertMessage })}
        </Badge>
      )}
    </Group>
  );
}
