import type { Category } from '@walton/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useCategories } from '@/entities/categories/api/get-categories.ts';
import { attributeLabel, categoryName } from '@/entities/categories/names.ts';
import { errorText } from '@/i18n/error-text.ts';
import { translate, useLanguage, useTranslate } from '@/i18n/i18n.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api/change-category.ts';
import { CategoryForm } from '../components/category-form.tsx';

/** A category's row: its name and attributes in the user's language, Edit and Delete. */
function CategoryRow({ category, onEdit }: { category: Category; onEdit: () => void }) {
  const t = useTranslate();
  const language = useLanguage();
  const remove = useDeleteCategory();
  const name = categoryName(category, language);
  const onDelete = () =>
    remove.mutate(category.id, {
      onSuccess: () => toast.success(translate('categories.deleted', { name })),
      onError: (error) => {
        if (!isSessionEnded(error)) {
          toast.error(translate('categories.notDeleted', { name, reason: errorText(error) }));
        }
      },
    });
  return (
    <tr>
      <td>{name}</td>
      <td>{category.attributes.map((attribute) => attributeLabel(attribute, language)).join(', ')}</td>
      <td className="text-end">
        <div className="d-flex flex-wrap justify-content-end gap-2">
          <Button
            variant="outline-primary"
            size="sm"
            disabled={remove.isPending}
            aria-label={t('categories.editLabel', { name })}
            onClick={onEdit}
          >
            {t('categories.edit')}
          </Button>
          <Button
            variant="outline-danger"
            size="sm"
            disabled={remove.isPending}
            aria-label={t('categories.deleteLabel', { name })}
            onClick={onDelete}
          >
            {t('categories.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** What the page edits: a new category, one of the list, or none (the list alone). */
type Editing = { kind: 'new' } | { kind: 'edit'; category: Category } | null;

/**
 * The categories (admins and staff): each with its names and attributes in the user's language; a new
 * one or an edit of one in a form above the list; a category no item has can be deleted.
 */
export default function CategoriesPage() {
  const t = useTranslate();
  const language = useLanguage();
  const categories = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const [editing, setEditing] = useState<Editing>(null);
  const done = (saved: Category) => {
    toast.success(translate('categories.saved', { name: categoryName(saved, language) }));
    setEditing(null);
  };

  return (
    <div className="container py-4">
      <PageHeader title={t('categories.heading')}>
        {editing === null && (
          <Button variant="primary" onClick={() => setEditing({ kind: 'new' })}>
            {t('categories.new')}
          </Button>
        )}
      </PageHeader>
      {editing && (
        <section aria-labelledby="category-form-heading" className="card card-body mb-4">
          <h2 id="category-form-heading" className="h5">
            {editing.kind === 'new'
              ? t('categories.new')
              : t('categories.editHeading', { name: categoryName(editing.category, language) })}
          </h2>
          <CategoryForm
            key={editing.kind === 'new' ? 'new' : editing.category.id}
            label={editing.kind === 'new' ? t('categories.new') : t('categories.edit')}
            {...(editing.kind === 'edit' ? { category: editing.category } : {})}
            onSave={async (values) =>
              done(
                editing.kind === 'new'
                  ? await create.mutateAsync(values)
                  : await update.mutateAsync({ id: editing.category.id, change: values }),
              )
            }
          >
            <Button type="submit" variant="primary" disabled={create.isPending || update.isPending}>
              {create.isPending || update.isPending ? t('common.saving') : t('categories.save')}
            </Button>
            <Button variant="outline-secondary" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </Button>
          </CategoryForm>
        </section>
      )}
      {categories.isPending ? (
        <Spinner label={t('categories.loading')} />
      ) : categories.isError ? (
        <QueryError title={t('categories.loadFailed')} query={categories} />
      ) : categories.data.length === 0 ? (
        <p className="text-body-secondary">{t('categories.empty')}</p>
      ) : (
        <Table responsive>
          <caption className="visually-hidden">{t('categories.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('categories.column.name')}</th>
              <th scope="col">{t('categories.column.attributes')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('categories.column.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.data.map((category) => (
              <CategoryRow
                key={category.id}
                category={category}
                onEdit={() => setEditing({ kind: 'edit', category })}
              />
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
