import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Category,
  type CreateCategory,
  categorySchema,
  deletedRecordSchema,
  type UpdateCategory,
} from '@walton/contract';
import { categoryKeys } from '@/entities/categories/api/category-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

const categoryPath = (id: string) => `/categories/${encodeURIComponent(id)}`;

/** POST /api/categories (`categories.manage`): the category as added. */
export async function createCategory(input: CreateCategory): Promise<Category> {
  return (await apiRequest('/categories', categorySchema, { method: 'POST', body: JSON.stringify(input) }))
    .data;
}

/** PATCH /api/categories/:id (`categories.manage`): its names and whole template. */
export async function updateCategory({
  id,
  change,
}: {
  id: string;
  change: UpdateCategory;
}): Promise<Category> {
  return (
    await apiRequest(categoryPath(id), categorySchema, { method: 'PATCH', body: JSON.stringify(change) })
  ).data;
}

/** DELETE /api/categories/:id (`categories.manage`): refused (409 `CATEGORY_IN_USE`) while an item has it. */
export async function deleteCategory(id: string) {
  return (await apiRequest(categoryPath(id), deletedRecordSchema, { method: 'DELETE' })).data;
}

/** A change of the categories that reads the list again once it is done, whatever the answer. */
function useCategoryMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export const useCreateCategory = () => useCategoryMutation(createCategory);
export const useUpdateCategory = () => useCategoryMutation(updateCategory);
export const useDeleteCategory = () => useCategoryMutation(deleteCategory);
