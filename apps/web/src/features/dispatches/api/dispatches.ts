import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDispatch,
  type Dispatch,
  type DispatchPickRequest,
  type DispatchStatus,
  dispatchPickSchemaOut,
  dispatchSchema,
  dispatchSummarySchema,
} from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client.ts';

/** What the orders list shows: by status and text of the customer's name or phone. */
export interface DispatchFilter {
  status: DispatchStatus | '';
  q: string;
}

const dispatchKeys = {
  all: ['dispatches'] as const,
  list: (filter: DispatchFilter) => ['dispatches', 'list', filter] as const,
  detail: (id: string) => ['dispatches', 'detail', id] as const,
};

const summariesSchema = z.array(dispatchSummarySchema);

/** The first page the list shows. */
export const DISPATCHES_PAGE_SIZE = 50;

/**
 * How often an open order's page reads the order again while it is on screen, so that picks by other
 * clerks show (polling, docs/dispatches.md); a hidden tab does not poll (TanStack Query's default).
 */
export const DISPATCH_POLL_MS = 3000;

/** Whether an order may still change (picks, shipping, cancelling). */
export const isOpenDispatch = (status: DispatchStatus) =>
  status === 'draft' || status === 'confirmed' || status === 'picked';

/** GET /api/dispatches: a page of orders, newest first, and how many match. */
export async function getDispatches(filter: DispatchFilter) {
  const query = new URLSearchParams({ limit: String(DISPATCHES_PAGE_SIZE) });
  if (filter.status !== '') query.set('status', filter.status);
  if (filter.q.trim() !== '') query.set('q', filter.q.trim());
  const { data, headers } = await apiRequest(`/dispatches?${query}`, summariesSchema);
  return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const useDispatches = (filter: DispatchFilter) =>
  useQuery({
    queryKey: dispatchKeys.list(filter),
    queryFn: () => getDispatches(filter),
    placeholderData: keepPreviousData,
  });

const orderPath = (id: string) => `/dispatches/${encodeURIComponent(id)}`;

/** GET /api/dispatches/:id: the order with its lines. */
export async function getDispatch(id: string): Promise<Dispatch> {
  return (await apiRequest(orderPath(id), dispatchSchema)).data;
}

/** An order, read again every DISPATCH_POLL_MS while it is open and its page is visible (`live`). */
export const useDispatch = (id: string, live = true) =>
  useQuery({
    queryKey: dispatchKeys.detail(id),
    queryFn: () => getDispatch(id),
    refetchInterval: (query) =>
      live && query.state.data !== undefined && isOpenDispatch(query.state.data.status)
        ? DISPATCH_POLL_MS
        : false,
  });

/** POST /api/dispatches (`dispatch.create`): the draft as taken. */
async function createDispatch(order: CreateDispatch): Promise<Dispatch> {
  return (await apiRequest('/dispatches', dispatchSchema, { method: 'POST', body: JSON.stringify(order) }))
    .data;
}

/** A step of an order without a body: confirm, ship or cancel. */
export type DispatchStep = 'confirm' | 'ship' | 'cancel';

async function takeStep({ id, step }: { id: string; step: DispatchStep }): Promise<Dispatch> {
  return (await apiRequest(`${orderPath(id)}/${step}`, dispatchSchema, { method: 'POST' })).data;
}

/** POST /api/dispatches/:id/picks: one unit picked, sent with a fresh Idempotency-Key. */
async function pickUnit({ id, pick }: { id: string; pick: DispatchPickRequest }) {
  return (
    await apiRequest(`${orderPath(id)}/picks`, dispatchPickSchemaOut, {
      method: 'POST',
      body: JSON.stringify(pick),
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
  ).data;
}

/** A change of orders that reads them again once it is done, whatever the answer. */
function useDispatchMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
  });
}

export const useCreateDispatch = () => useDispatchMutation(createDispatch);
export const useDispatchStep = () => useDispatchMutation(takeStep);
export const usePickUnit = () => useDispatchMutation(pickUnit);
