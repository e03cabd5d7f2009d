import {
  McCreateBody,
  McUpdateBody,
  mcDefaultDates,
  withFromDate,
  withGivenDays,
  withRequireTime,
  withToDate,
  type McRecord,
} from '@clinic/domain';
import { checkWith, type Checked } from '../../components/form/field-errors.ts';

/** What the MC editor holds (doc 2 section 2.7). */
export interface McFormValues extends Record<string, unknown> {
  mcNo: string;
  issuedDate: string | null;
  fromDate: string | null;
  toDate: string | null;
  givenDays: number;
  doctorId: string | null;
  mcPurpose: string | null;
  remark: string;
  excuseChit: boolean;
  timeRequired: boolean;
  fromTime: string | null;
  toTime: string | null;
  fitChoice: 1 | 2;
}

/** A new certificate: issued today, today to today (one day), medically unfit. */
export function newMcValues(today: string, doctorId: string | null): McFormValues {
  return {
    mcNo: '',
    issuedDate: today,
    ...mcDefaultDates(today),
    doctorId,
    mcPurpose: null,
    remark: '',
    excuseChit: false,
    timeRequired: false,
    fromTime: null,
    toTime: null,
    fitChoice: 1,
  };
}

export function mcValuesOf(record: McRecord): McFormValues {
  return {
    mcNo: record.mcNo,
    issuedDate: record.issuedDate,
    fromDate: record.fromDate,
    toDate: record.toDate,
    givenDays: record.givenDays,
    doctorId: record.doctorId,
    mcPurpose: record.mcPurpose,
    remark: record.remark ?? '',
    excuseChit: record.excuseChit,
    timeRequired: record.timeRequired,
    fromTime: record.fromTime,
    toTime: record.toTime,
    fitChoice: record.fitChoice ?? 1,
  };
}

/** The live rules of doc 2 section 4.4, as the domain states them. */
export const mcChanges = {
  givenDays: (values: McFormValues, days: number): McFormValues => ({
    ...values,
    ...withGivenDays(values, days),
  }),
  fromDate: (values: McFormValues, date: string | null): McFormValues => ({
    ...values,
    ...withFromDate(values, date),
  }),
  toDate: (values: McFormValues, date: string | null): McFormValues => ({
    ...values,
    ...withToDate(values, date),
  }),
  requireTime: (values: McFormValues, on: boolean, now: string): McFormValues => ({
    ...values,
    ...withRequireTime(on, now),
  }),
};

function payload(values: McFormValues) {
  return {
    mcNo: values.mcNo,
    issuedDate: values.issuedDate,
    fromDate: values.fromDate,
    toDate: values.toDate,
    givenDays: values.givenDays,
    doctorId: values.doctorId,
    mcPurpose: values.mcPurpose,
    remark: values.remark,
    excuseChit: values.excuseChit,
    timeRequired: values.timeRequired,
    fromTime: values.fromTime,
    toTime: values.toTime,
    fitChoice: values.excuseChit ? null : values.fitChoice,
  };
}

export function checkNewMc(values: McFormValues, visitId: string): Checked<McCreateBody> {
  return checkWith(McCreateBody, { visitId, ...payload(values) });
}

export function checkMcChange(values: McFormValues, version: number): Checked<McUpdateBody> {
  return checkWith(McUpdateBody, { ...payload(values), version });
}
