import type { Migration } from 'kysely/migration';
import * as platform from './2026-11-21T0900_platform.ts';
import * as frontDesk from './2026-11-21T1200_front_desk.ts';
import * as patientSearch from './2026-11-21T1800_patient_search.ts';
import * as queueDisplay from './2026-11-21T1500_queue_display.ts';
import * as nameWords from './2026-11-24T0100_name_words_and_queue_day.ts';
import * as queueDayRows from './2026-11-24T0200_queue_day_rows.ts';
import * as distributionReady from './2026-11-24T1300_distribution_ready.ts';
import * as nameWordsForcedRls from './2026-11-24T1400_name_words_under_forced_rls.ts';
import * as roles from './2026-11-24T1500_roles.ts';
import * as dataChangeNotices from './2026-11-25T0900_data_change_notices.ts';
import * as auditPatient from './2026-11-25T1000_audit_patient.ts';
import * as accessChangeNotices from './2026-11-25T1100_access_change_notices.ts';
import * as normalizedUsernames from './2026-11-25T1310_normalized_usernames_and_known_devices.ts';
import * as sessionActivity from './2026-11-25T1320_session_activity.ts';
import * as displayLinkExpiry from './2026-11-25T1340_display_link_expiry.ts';
import * as vitals from './2026-11-25T1410_vitals.ts';
import * as diagnosesAndAllergies from './2026-11-25T1420_diagnoses_and_allergies.ts';
import * as snomedCt from './2026-11-25T1421_snomed_ct.ts';
import * as billingSearch from './2026-11-27T1730_billing_search.ts';
import * as medicalCertificates from './2026-11-25T1430_medical_certificates.ts';
import * as documents from './2026-11-25T1440_documents.ts';
import * as snomedWordsCovering from './2026-11-25T1500_snomed_words_covering.ts';
import * as catalogs from './2026-11-25T1600_catalogs.ts';
import * as inventory from './2026-11-25T1700_inventory.ts';
import * as purchasing from './2026-11-27T1320_purchasing.ts';
import * as prescriptionLines from './2026-11-25T1720_prescription_lines.ts';
import * as mcDictionariesExistingClinics from './2026-11-25T1800_mc_dictionaries_existing_clinics.ts';
import * as vaccinePlans from './2026-11-27T1400_vaccine_plans.ts';
import * as billing from './2026-11-27T1500_billing.ts';
import * as subsidies from './2026-11-27T1700_subsidies.ts';
import * as printerFooters from './2026-11-27T1720_printer_footers.ts';
import * as companies from './2026-11-27T1740_companies.ts';
import * as creditNotes from './2026-11-27T1710_credit_notes.ts';
import * as goodsReturnRestock from './2026-11-28T0100_goods_return_restock.ts';
import * as referrals from './2026-11-28T0200_referrals.ts';
import * as referralSend from './2026-11-28T0300_referral_send.ts';
import * as catalogPickerIndex from './2026-11-27T1350_catalog_picker_index.ts';
import * as stockCounts from './2026-11-27T1330_stock_counts.ts';
import * as patientAlertMessage from './2026-11-25T1400_patient_alert_message.ts';
import * as dispensedPrescriptions from './2026-11-27T1310_dispensed_prescriptions.ts';

/** Every migration, by timestamped name. Landed migrations are never edited. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0900_platform': platform,
  '2026-11-21T1200_front_desk': frontDesk,
  '2026-11-21T1500_queue_display': queueDisplay,
  '2026-11-21T1800_patient_search': patientSearch,
  '2026-11-24T0100_name_words_and_queue_day': nameWords,
  '2026-11-24T0200_queue_day_rows': queueDayRows,
  '2026-11-24T1300_distribution_ready': distributionReady,
  '2026-11-24T1400_name_words_under_forced_rls': nameWordsForcedRls,
  '2026-11-24T1500_roles': roles,
  '2026-11-25T0900_data_change_notices': dataChangeNotices,
  '2026-11-25T1000_audit_patient': auditPatient,
  '2026-11-25T1100_access_change_notices': accessChangeNotices,
  '2026-11-25T1310_normalized_usernames_and_known_devices': normalizedUsernames,
  '2026-11-25T1320_session_activity': sessionActivity,
  '2026-11-25T1340_display_link_expiry': displayLinkExpiry,
  '2026-11-25T1410_vitals': vitals,
  '2026-11-25T1420_diagnoses_and_allergies': diagnosesAndAllergies,
  '2026-11-25T1421_snomed_ct': snomedCt,
  '2026-11-25T1430_medical_certificates': medicalCertificates,
  '2026-11-25T1440_documents': documents,
  '2026-11-25T1500_snomed_words_covering': snomedWordsCovering,
  '2026-11-25T1400_patient_alert_message': patientAlertMessage,
  '2026-11-25T1600_catalogs': catalogs,
  '2026-11-25T1700_inventory': inventory,
  '2026-11-25T1720_prescription_lines': prescriptionLines,
  '2026-11-25T1800_mc_dictionaries_existing_clinics': mcDictionariesExistingClinics,
  '2026-11-27T1310_dispensed_prescriptions': dispensedPrescriptions,
  '2026-11-27T1350_catalog_picker_index': catalogPickerIndex,
  '2026-11-27T1400_vaccine_plans': vaccinePlans,
  '2026-11-27T1330_stock_counts': stockCounts,
  '2026-11-27T1320_purchasing': purchasing,
  '2026-11-27T1500_billing': billing,
  '2026-11-27T1700_subsidies': subsidies,
  '2026-11-27T1720_printer_footers': printerFooters,
  '2026-11-27T1730_billing_search': billingSearch,
  '2026-11-27T1740_companies': companies,
  '2026-11-27T1710_credit_notes': creditNotes,
  '2026-11-28T0100_goods_return_restock': goodsReturnRestock,
  '2026-11-28T0200_referrals': referrals,
  '2026-11-28T0300_referral_send': referralSend,
};
