import { queryOptions, useQuery } from '@tanstack/react-query';
import { categorySchema } from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client.ts';
import { categoryKeys } from './category-keys.ts';

const categoriesSchema = z.array(categorySchema);

/** GET /api/categories: every category with its attribute template, by English name. */
export async function getCategories() {
  return (await apiRequest('/categories', categoriesSchema)).data;
}

export const categoriesQuery = () => queryOptions({ queryKey: categoryKeys.all, queryFn: getCategories });

/** The categories (asked only when `enabled`: a signed-in user reads them). */
export function useCategories(enabled = true) {
  return useQuery({ ...categoriesQuery(), enabled });
}
