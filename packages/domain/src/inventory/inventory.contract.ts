import { z } from 'zod';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { inventoryApi } from './inventory.endpoints.ts';
import {
  AdjustmentBody,
  BatchesQuery,
  DispenseBody,
  DispenseRecord,
  DispenseReportQuery,
  DispenseReportRow,
  InventoryIdParams,
  InventoryItem,
  InventoryItemDetail,
  InventoryItemsQuery,
  ItemLogQuery,
  ItemLogRow,
  ItemDetailQuery,
  NearExpiryQuery,
  NoInventoryQuery,
  ReceiptBody,
  ReorderLevelBody,
  StockBatchRecord,
  StockChange,
  StockMovementRecord,
  Supplier,
  SupplierCreateBody,
  SupplierDeleteBody,
  SupplierUpdateBody,
  SuppliersQuery,
  TransactionsQuery,
} from './inventory.ts';

/** Stock per branch (items, batches, ledger), suppliers and dispensing. */
export const inventorySchemas = {
  items: { query: InventoryItemsQuery, answer: listOf(InventoryItem) },
  item: { params: InventoryIdParams, query: ItemDetailQuery, answer: dataOf(InventoryItemDetail) },
  reorderLevel: {
    params: InventoryIdParams,
    body: ReorderLevelBody,
    answer: dataOf(InventoryItem),
  },
  batches: { query: BatchesQuery, answer: listOf(StockBatchRecord) },
  transactions: { query: TransactionsQuery, answer: listOf(StockMovementRecord) },
  nearExpiry: { query: NearExpiryQuery, answer: listOf(StockBatchRecord) },
  lowStock: { query: NoInventoryQuery, answer: listOf(InventoryItem) },
  receive: { body: ReceiptBody, answer: dataOf(StockChange), status: 201 },
  adjust: { body: AdjustmentBody, answer: dataOf(StockChange), status: 201 },
  suppliers: { query: SuppliersQuery, answer: listOf(Supplier) },
  supplier: { params: InventoryIdParams, query: NoInventoryQuery, answer: dataOf(Supplier) },
  supplierCreate: { body: SupplierCreateBody, answer: dataOf(Supplier), status: 201 },
  supplierUpdate: { params: InventoryIdParams, body: SupplierUpdateBody, answer: dataOf(Supplier) },
  supplierDelete: {
    params: InventoryIdParams,
    body: SupplierDeleteBody,
    answer: dataOf(z.boolean()),
  },
  dispense: { body: DispenseBody, answer: dataOf(DispenseRecord), status: 201 },
  dispenseReport: { query: DispenseReportQuery, answer: listOf(DispenseReportRow) },
  itemLog: { query: ItemLogQuery, answer: listOf(ItemLogRow) },
} as const satisfies Record<string, RouteSchemas>;

export const inventoryContract = joinContract(inventoryApi, inventorySchemas);
