import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompleteReceipt,
  type CreateReceipt,
  type Receipt,
  type ReceiptLinesImport,
  type ReceiptScanRequest,
  type ReceiptStatus,
  type ReceiptSummary,
  receiptLinesImportSchema,
  receiptScanSchemaOut,
  receiptSchema,
  receiptSummarySchema,
} from '@walton/contract';
import { z } from 'zod/mini';
import { type ImportRefused, importRefusedOf } from '@/components/import-refusal.tsx';
import { productKeys } from '@/entities/products/api/product-keys.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';

/** What the receipts list shows: by status and text of the supplier or the reference. */
export interface ReceiptFilter {
  status: ReceiptStatus | '';
  q: string;
}

export const receiptKeys = {
  all: ['receipts'] as const,
  list: (filter: ReceiptFilter) => ['receipts', 'list', filter] as const,
  one: (id: string) => ['receipts', 'one', id] as const,
};

const summariesSchema = z.array(receiptSummarySchema);

/** The first page the list shows. */
export const RECEIPTS_PAGE_SIZE = 50;

/** How often an open receipt's page reads it again while visible: other clerks' scans appear (ADR 60). */
export const RECEIPT_REFRESH_MS = 3000;

/** GET /api/receipts: a page of receipts, newest first, and how many match. */
export async function getReceipts(
  filter: ReceiptFilter,
): Promise<{ items: ReceiptSummary[]; total: number }> {
  const query = new URLSearchParams({ limit: String(RECEIPTS_PAGE_SIZE) });
  if (filter.status !== '') query.set('status', filter.status);
  if (filter.q.trim() !== '') query.set('q', filter.q.trim());
  const { data, headers } = await apiRequest(`/receipts?${query}`, summariesSchema);
  return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const useReceipts = (filter: ReceiptFilter) =>
  useQuery({
    queryKey: receiptKeys.list(filter),
    queryFn: () => getReceipts(filter),
    placeholderData: keepPreviousData,
  });

const receiptPath = (id: string) => `/receipts/${encodeURIComponent(id)}`;

/** GET /api/receipts/:id: its lines, discrepancies and movements. */
export async function getReceipt(id: string): Promise<Receipt> {
  return (await apiRequest(receiptPath(id), receiptSchema)).data;
}

const isOpen = (receipt: Receipt | undefined) =>
  receipt !== undefined && (receipt.status === 'expected' || receipt.status === 'receiving');

/**
 * A receipt, read again every few seconds while it is open and the page is visible (TanStack Query
 * pauses the interval in a hidden tab), so that what other clerks scan appears: ADR 60.
 */
export const useReceipt = (id: string) =>
  useQuery({
    queryKey: receiptKeys.one(id),
    queryFn: () => getReceipt(id),
    refetchInterval: (query) => (isOpen(query.state.data) ? RECEIPT_REFRESH_MS : false),
  });

/** POST /api/receipts: the receipt as declared. */
export async function createReceipt(receipt: CreateReceipt): Promise<Receipt> {
  return (await apiRequest('/receipts', receiptSchema, { method: 'POST', body: JSON.stringify(receipt) }))
    .data;
}

/** POST /api/receipts/:id/scans, with a fresh Idempotency-Key per scan (a resend counts once). */
export async function scanReceipt({ id, scan }: { id: string; scan: Partial<ReceiptScanRequest> }) {
  return (
    await apiRequest(`${receiptPath(id)}/scans`, receiptScanSchemaOut, {
      method: 'POST',
      body: JSON.stringify(scan),
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
  ).data;
}

/** POST /api/receipts/:id/complete: every line arrives in stock, or none. */
export async function completeReceipt({ id, completion }: { id: string; completion: CompleteReceipt }) {
  return (
    await apiRequest(`${receiptPath(id)}/complete`, receiptSchema, {
      method: 'POST',
      body: JSON.stringify(completion),
    })
  ).data;
}

/** POST /api/receipts/:id/cancel. */
export async function cancelReceipt(id: string) {
  return (await apiRequest(`${receiptPath(id)}/cancel`, receiptSchema, { method: 'POST' })).data;
}

/**
 * A change of receipts that reads them again once done, whatever the answer (a completion changes
 * items' stock too).
 */
function useReceiptMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: receiptKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

export const useCreateReceipt = () => useReceiptMutation(createReceipt);
export const useScanReceipt = () => useReceiptMutation(scanReceipt);
export const useCompleteReceipt = () => useReceiptMutation(completeReceipt);
export const useCancelReceipt = () => useReceiptMutation(cancelReceipt);

/** What a delivery note's CSV gave: its lines, or the server's refusal with every row problem. */
export type ReceiptLinesOutcome =
  | { kind: 'read'; lines: ReceiptLinesImport['lines'] }
  | ({ kind: 'refused' } & ImportRefused);

/** POST /api/import/receipt-lines with the file as a text/csv body: nothing is written. */
export async function readReceiptLines(file: Blob): Promise<ReceiptLinesOutcome> {
  try {
    const { data } = await apiRequest('/import/receipt-lines', receiptLinesImportSchema, {
      method: 'POST',
      body: file,
      headers: { 'content-type': 'text/csv' },
    });
    return { kind: 'read', lines: data.lines };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { kind: 'refused', ...importRefusedOf(error) };
  }
}
