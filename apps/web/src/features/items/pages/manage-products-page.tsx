import type { Location, Product } from '@walton/contract';
import { type FormEvent, useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useCategories } from '@/entities/categories/api/get-categories.ts';
import { LocationFilter } from '@/entities/locations/components/location-filter.tsx';
import { useProducts } from '@/entities/products/api/get-products.ts';
import { productListSchema } from '@/entities/products/api/product-list-schema.ts';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { currentLanguage, translate, useTranslate } from '@/i18n/i18n.ts';
import { useAccess } from '@/lib/me.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useRestoreProduct } from '../api/restore-product.ts';
import { type AttributeFilterInputs, attributeFilters } from '../attribute-filters.ts';
import { CategoryFilter } from '../components/category-filter.tsx';
import { DeleteConfirmModal } from '../components/delete-confirm-modal.tsx';
import { DeleteSuccessToast } from '../components/delete-success-toast.tsx';
import { Pager } from '../components/pager.tsx';
import { ProductTable } from '../components/product-table.tsx';

export const MANAGE_PAGE_SIZE = 10;
/** Every live item as a CSV file (a plain download: the browser sends the session cookie). */
const EXPORT_URL = '/api/export/products.csv';
/** Each live item's units at each location holding some, as a CSV file (a plain download too). */
const STOCK_BY_LOCATION_URL = '/api/export/stock-by-location.csv';
/** Every serial-tracked unit, as a CSV file (a plain download too). */
const UNITS_URL = '/api/export/units.csv';
const SEARCH_DELAY_MS = 300;

export default function ManageProductsPage() {
  const [search, setSearch] = useState('');
  const t = useTranslate();
  const format = useFormatters();
  // What the user's role may do here (the server refuses the rest): each button shows only then.
  const may = useAccess();
  const printsLabels = may('labels.print');
  const deletesAny = may('item.delete');
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  // The location the list is of (undefined: all of them).
  const [location, setLocation] = useState<Location | undefined>(undefined);
  // The category the list is of ("": all) and its attribute filters as typed (debounced as the search is).
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState('');
  const [filterInputs, setFilterInputs] = useState<AttributeFilterInputs>({});
  const category = categories.data?.find((candidate) => candidate.id === categoryId);
  const debounced = useDebounced(
    JSON.stringify({ of: categoryId, filters: category ? attributeFilters(category, filterInputs) : {} }),
    SEARCH_DELAY_MS,
  );
  // Another category's filters, while the debounce catches up, are none of this one's.
  const typed = JSON.parse(debounced) as { of: string; filters: Record<string, string> };
  const attributes = typed.of === categoryId ? JSON.stringify(typed.filters) : '{}';
  // The cursors Next followed (the server's X-Next-Cursor of each page before), so Previous can go
  // back: a page costs the same however deep it is. They belong to one search of one location and
  // one set of filters: a new one starts again from the first page.
  const filterOf = (at: Location | undefined) =>
    `${at?.id ?? ''} ${category?.id ?? ''} ${attributes} ${query}`;
  const filter = filterOf(location);
  const [paging, setPaging] = useState<{ filter: string; cursors: string[] }>({ filter, cursors: [] });
  const cursors = paging.filter === filter ? paging.cursors : [];
  const chooseLocation = (chosen: Location | undefined) => {
    setLocation(chosen);
    setPaging({ filter: filterOf(chosen), cursors: [] });
  };
  const chooseCategory = (id: string) => {
    setCategoryId(id);
    setFilterInputs({});
  };
  const filtered = category !== undefined;
  const [pending, setPending] = useState<Product | null>(null);
  // Ticked rows, kept across pages and searches, in the order they were ticked: their labels print together.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const labelsAddress =
    ticked.size > 0 ? `${paths.labels}?ids=${[...ticked].map(encodeURIComponent).join(',')}` : paths.labels;
  const products = useProducts(
    {
      limit: MANAGE_PAGE_SIZE,
      after: cursors.at(-1),
      q: query,
      location: location?.id,
      category: category?.id,
      attributes: category ? (JSON.parse(attributes) as Record<string, string>) : undefined,
    },
    productListSchema,
  );
  const deletion = useDeleteProduct();
  const restoration = useRestoreProduct();
  // One delete, one undo per press: a double tap on either sends one request.
  const deleteLock = useActionLock();
  const undoLock = useActionLock();
  // While the next page loads, the one shown is the previous page: its cursor would lead nowhere new.
  const next = products.isPlaceholderData ? null : (products.data?.next ?? null);

  // After deleting the last items of the last page, step back to a page that still has items.
  const emptied = !products.isPlaceholderData && products.data?.items.length === 0 && cursors.length > 0;
  useEffect(() => {
    if (emptied) setPaging({ filter, cursors: cursors.slice(0, -1) });
  }, [emptied, filter, cursors]);

  const undo = (product: Product) =>
    undoLock.run(() =>
      restoration.mutateAsync(product._id).then(
        ({ success }) =>
          toast.success(
            currentLanguage() === 'en' ? success : translate('manage.restored', { name: product.name }),
          ),
        (error: Error) => {
          if (!isSessionEnded(error)) {
            toast.error(translate('manage.restoreFailed', { name: product.name, reason: errorText(error) }));
          }
        },
      ),
    );

  const confirmDelete = () => {
    const product = pending;
    if (!product) return;
    deleteLock.run(() =>
      deletion.mutateAsync(product._id).then(
        ({ deletedCount }) => {
          setPending(null);
          if (deletedCount > 0) {
            toast.success(({ closeToast }) => (
              <DeleteSuccessToast
                productName={product.name}
                onUndo={() => {
                  closeToast();
                  undo(product);
                }}
              />
            ));
          } else {
            toast.info(translate('manage.alreadyDeleted', { name: product.name }));
          }
        },
        (error: Error) => {
          setPending(null);
          if (!isSessionEnded(error)) {
            toast.error(translate('manage.deleteFailed', { name: product.name, reason: errorText(error) }));
          }
        },
      ),
    );
  };

  const onSearchSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <div className="container py-4">
      <PageHeader title={t('manage.heading')}>
        <div className="d-flex flex-wrap gap-2">
          <Link to={paths.home} className="btn btn-outline-secondary">
            {t('common.backToHome')}
          </Link>
          {may('export.run') && (
            <>
              <a href={EXPORT_URL} className="btn btn-outline-primary" download>
                {t('manage.exportCsv')}
              </a>
              <a href={STOCK_BY_LOCATION_URL} className="btn btn-outline-primary" download>
                {t('manage.exportStockByLocation')}
              </a>
              <a href={UNITS_URL} className="btn btn-outline-primary" download>
                {t('manage.exportUnits')}
              </a>
            </>
          )}
          {may('import.run') && (
            <Link to={paths.importItems} className="btn btn-outline-primary">
              {t('manage.importCsv')}
            </Link>
          )}
          {printsLabels && (
            <Link to={labelsAddress} className="btn btn-outline-primary">
              {ticked.size > 0
                ? t('manage.printLabelsCount', { count: format.count(ticked.size) })
                : t('manage.printLabels')}
            </Link>
          )}
          {may('item.create') && (
            <Link to={paths.addItem} className="btn btn-primary">
              {t('manage.addNew')}
            </Link>
          )}
        </div>
      </PageHeader>

      <Form role="search" onSubmit={onSearchSubmit} className="mb-3">
        <Form.Label htmlFor="item-search">{t('manage.search')}</Form.Label>
        <Form.Control
          id="item-search"
          type="search"
          value={search}
          placeholder={t('manage.searchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Form>
      <LocationFilter value={location?.id} onChange={chooseLocation} />
      <CategoryFilter
        categories={categories.data ?? []}
        category={categoryId}
        inputs={filterInputs}
        onCategory={chooseCategory}
        onInputs={setFilterInputs}
      />

      {products.isPending ? (
        <Spinner label={t('manage.loading')} />
      ) : products.isError ? (
        <QueryError title={t('manage.loadFailed')} query={products} />
      ) : products.data.items.length === 0 ? (
        <p className="text-body-secondary py-4">
          {query
            ? t('manage.noMatch', { query })
            : filtered
              ? t('manage.noMatchFilters')
              : location
                ? t('location.noneHere', { location: location.name })
                : t('manage.empty')}
        </p>
      ) : (
        <>
          <ProductTable
            caption={t('manage.caption')}
            products={products.data.items}
            busy={products.isFetching}
            at={location?.name}
            compact
            columns={
              <>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('table.supplier')}
                </th>
                {printsLabels && <th scope="col">{t('manage.labelColumn')}</th>}
                {/* table-actions (styles.css) keeps the hidden label inside the table. */}
                {deletesAny && (
                  <th scope="col" className="table-actions">
                    <span className="visually-hidden">{t('manage.actions')}</span>
                  </th>
                )}
              </>
            }
            cells={(product) => (
              <>
                <td className="d-none d-md-table-cell">{product.suplerName}</td>
                {printsLabels && (
                  <td data-label={t('manage.labelColumn')}>
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={t('manage.labelFor', { name: product.name })}
                      checked={ticked.has(product._id)}
                      onChange={(event) => toggle(product._id, event.target.checked)}
                    />
                  </td>
                )}
                {deletesAny && (
                  <td className="text-end table-actions">
                    {/* A supplier deletes the items they supply only. */}
                    {may('item.delete', product) && (
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        aria-label={t('manage.deleteLabel', { name: product.name })}
                        onClick={() => setPending(product)}
                      >
                        {t('manage.delete')}
                      </button>
                    )}
                  </td>
                )}
              </>
            )}
          />
          <Pager
            page={cursors.length + 1}
            limit={MANAGE_PAGE_SIZE}
            total={products.data.total}
            shown={products.data.items.length}
            hasNext={next !== null}
            onPrevious={() => setPaging({ filter, cursors: cursors.slice(0, -1) })}
            onNext={() => next && setPaging({ filter, cursors: [...cursors, next] })}
          />
        </>
      )}

      <DeleteConfirmModal
        show={pending !== null}
        productName={pending?.name}
        deleting={deleteLock.busy}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
