/** Query keys of the categories (GET /api/categories). */
export const categoryKeys = {
  all: ['categories'] as const,
};
