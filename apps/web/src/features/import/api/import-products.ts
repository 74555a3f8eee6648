import { useQueryClient } from '@tanstack/react-query';
import {
  type ImportDuplicateChoice,
  type ImportProgressLine,
  type ImportResult,
  type ImportRowError,
  importProgressLineSchema,
} from '@walton/contract';
import { useCallback } from 'react';
import { productKeys } from '@/entities/products/api/product-keys.ts';
import { apiLines } from '@/lib/api-client.ts';

export type ImportProgress = Extract<ImportProgressLine, { type: 'progress' }>;
export type ImportPreview = Extract<ImportProgressLine, { type: 'preview' }>;

/** How an import (or its dry run) ended: done, or refused (with its code) with every problem found. */
export type ImportOutcome =
  | { kind: 'done'; result: ImportResult }
  | { kind: 'refused'; message: string; code?: string | undefined; errors: ImportRowError[] };

const NO_RESULT = 'The server stopped before it finished. Nothing was imported; please try again.';

/**
 * POST /api/import/products with the file as a text/csv body, following the server's progress
 * (NDJSON lines: the file's first rows as the server read them, progress) until its result or refusal.
 */
export async function importProducts(
  file: Blob,
  options: {
    dryRun: boolean;
    duplicates: ImportDuplicateChoice;
    onProgress: (progress: ImportProgress) => void;
    onPreview?: (preview: ImportPreview) => void;
  },
): Promise<ImportOutcome> {
  let outcome: ImportOutcome | undefined;
  const query = new URLSearchParams({ dryRun: String(options.dryRun), duplicates: options.duplicates });
  await apiLines(
    `/import/products?${query}`,
    importProgressLineSchema,
    { method: 'POST', body: file, headers: { 'content-type': 'text/csv' } },
    (line) => {
      if (line.type === 'progress') options.onProgress(line);
      else if (line.type === 'preview') options.onPreview?.(line);
      else if (line.type === 'result') {
        const { type: _type, ...result } = line;
        outcome = { kind: 'done', result };
      } else outcome = { kind: 'refused', message: line.message, code: line.code, errors: line.errors };
    },
  );
  return outcome ?? { kind: 'refused', message: NO_RESULT, errors: [] };
}

/** importProducts, refreshing every inventory list after anything was written. */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useCallback(
    async (file: Blob, options: Parameters<typeof importProducts>[1]) => {
      const outcome = await importProducts(file, options);
      if (outcome.kind === 'done' && !outcome.result.dryRun) {
        await queryClient.invalidateQueries({ queryKey: productKeys.all });
      }
      return outcome;
    },
    [queryClient],
  );
}
