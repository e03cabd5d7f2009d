import { z } from 'zod';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { catalogsApi } from './catalogs.endpoints.ts';
import {
  BranchItemBody,
  CatalogDeleteBody,
  CatalogIdParams,
  CatalogItemCreateBody,
  CatalogItemRecord,
  CatalogItemUpdateBody,
  CatalogListQuery,
  CatalogOption,
  CatalogOptionsQuery,
  KeywordOnlyQuery,
  MappedDrug,
  NoCatalogQuery,
  PrescriptionSetting,
  SettingCreateBody,
  SettingItemParams,
  SettingListParams,
  SettingOptionsQuery,
  SettingUpdateBody,
  UpcOption,
  WhitelistCreateBody,
  WhitelistDrug,
  WhitelistIdParams,
  WhitelistQuery,
  WhitelistUpdateBody,
} from './catalogs.ts';
import {
  VaccinePlan,
  VaccinePlanCreateBody,
  VaccinePlanIdParams,
  VaccinePlanListQuery,
  VaccinePlanUpdateBody,
} from './vaccine-plans.ts';

/** The catalog (tenant items, branch terms), the prescription settings lists, whitelist and barcodes. */
export const catalogsSchemas = {
  list: { query: CatalogListQuery, answer: listOf(CatalogItemRecord) },
  options: { query: CatalogOptionsQuery, answer: listOf(CatalogOption) },
  get: { params: CatalogIdParams, query: NoCatalogQuery, answer: dataOf(CatalogItemRecord) },
  create: { body: CatalogItemCreateBody, answer: dataOf(CatalogItemRecord), status: 201 },
  update: {
    params: CatalogIdParams,
    body: CatalogItemUpdateBody,
    answer: dataOf(CatalogItemRecord),
  },
  remove: { params: CatalogIdParams, body: CatalogDeleteBody, answer: dataOf(z.boolean()) },
  branchTerms: { params: CatalogIdParams, body: BranchItemBody, answer: dataOf(CatalogItemRecord) },
  settingOptions: { query: SettingOptionsQuery, answer: listOf(PrescriptionSetting) },
  settingList: {
    params: SettingListParams,
    query: NoCatalogQuery,
    answer: listOf(PrescriptionSetting),
  },
  settingCreate: {
    params: SettingListParams,
    body: SettingCreateBody,
    answer: dataOf(PrescriptionSetting),
    status: 201,
  },
  settingUpdate: {
    params: SettingItemParams,
    body: SettingUpdateBody,
    answer: dataOf(PrescriptionSetting),
  },
  settingDelete: {
    params: SettingItemParams,
    body: CatalogDeleteBody,
    answer: dataOf(z.boolean()),
  },
  whitelist: { query: WhitelistQuery, answer: listOf(WhitelistDrug) },
  whitelistCreate: { body: WhitelistCreateBody, answer: dataOf(WhitelistDrug), status: 201 },
  whitelistUpdate: {
    params: WhitelistIdParams,
    body: WhitelistUpdateBody,
    answer: dataOf(WhitelistDrug),
  },
  whitelistDelete: {
    params: WhitelistIdParams,
    body: CatalogDeleteBody,
    answer: dataOf(z.boolean()),
  },
  mappedDrugs: { query: KeywordOnlyQuery, answer: listOf(MappedDrug) },
  upcCodes: { query: KeywordOnlyQuery, answer: listOf(UpcOption) },
  comboItems: { query: NoCatalogQuery, answer: listOf(CatalogItemRecord) },
  vaccinePlans: { query: VaccinePlanListQuery, answer: listOf(VaccinePlan) },
  vaccinePlan: {
    params: VaccinePlanIdParams,
    query: NoCatalogQuery,
    answer: dataOf(VaccinePlan),
  },
  vaccinePlanCreate: { body: VaccinePlanCreateBody, answer: dataOf(VaccinePlan), status: 201 },
  vaccinePlanUpdate: {
    params: VaccinePlanIdParams,
    body: VaccinePlanUpdateBody,
    answer: dataOf(VaccinePlan),
  },
  vaccinePlanDelete: {
    params: VaccinePlanIdParams,
    body: CatalogDeleteBody,
    answer: dataOf(z.boolean()),
  },
} as const satisfies Record<string, RouteSchemas>;

export const catalogsContract = joinContract(catalogsApi, catalogsSchemas);
