import { z } from 'zod';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { DoctorOption } from '../queue/doctors.ts';
import {
  QueueStatusOption,
  RoomServiceOption,
  VisitPurposeOption,
  WaitingAreaOption,
} from '../queue/queue.ts';
import { optionsApi } from './options.endpoints.ts';
import {
  CardPrefixItem,
  CodeNameOption,
  CompanyOption,
  DictionaryOption,
  DictionaryQuery,
  KeywordQuery,
  LookupPageQuery,
  OptionCreateBody,
  OptionDeleteBody,
  OptionItemParams,
  OptionListParams,
  OptionRecord,
  OptionUpdateBody,
} from './options.ts';

const codeNames = { query: KeywordQuery, answer: listOf(CodeNameOption) };

/** The option lists the front desk picks from (doc 1 section 7), and their administration. */
export const optionsSchemas = {
  telCodes: codeNames,
  defaultTelCode: { answer: dataOf(CodeNameOption.nullable()) },
  identificationTypes: codeNames,
  nationalities: codeNames,
  genders: { answer: listOf(CodeNameOption) },
  cardPrefixes: { answer: listOf(CardPrefixItem) },
  visitPurposes: { answer: listOf(VisitPurposeOption) },
  queueStatuses: { answer: listOf(QueueStatusOption) },
  roomServices: { query: LookupPageQuery, answer: listOf(RoomServiceOption) },
  waitingAreas: { query: LookupPageQuery, answer: listOf(WaitingAreaOption) },
  doctors: { answer: listOf(DoctorOption) },
  companies: { answer: listOf(CompanyOption) },
  dictionary: { query: DictionaryQuery, answer: listOf(DictionaryOption) },
  adminList: { params: OptionListParams, answer: listOf(OptionRecord) },
  adminCreate: {
    params: OptionListParams,
    body: OptionCreateBody,
    answer: dataOf(OptionRecord),
    status: 201,
  },
  adminUpdate: { params: OptionItemParams, body: OptionUpdateBody, answer: dataOf(OptionRecord) },
  adminDelete: { params: OptionItemParams, body: OptionDeleteBody, answer: dataOf(z.boolean()) },
} as const satisfies Record<string, RouteSchemas>;

export const optionsContract = joinContract(optionsApi, optionsSchemas);
