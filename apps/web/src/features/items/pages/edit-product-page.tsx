import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@walton/contract';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import NoAccess from '@/components/no-access.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useCategories } from '@/entities/categories/api/get-categories.ts';
import { useProduct } from '@/entities/products/api/get-product.ts';
import { latestInBody } from '@/entities/products/api/latest-in-body.ts';
import { onlyOwnChangesSince } from '@/entities/products/api/own-changes.ts';
import { ProductLoadError } from '@/entities/products/components/product-load-error.tsx';
import { refusalText, showServerFieldErrors } from '@/entities/products/server-field-errors.ts';
import { errorText } from '@/i18n/error-text.ts';
import { formatters } from '@/i18n/format.ts';
import { currentLanguage, translate, useTranslate } from '@/i18n/i18n.ts';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useAccess } from '@/lib/me.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import {
  type EditProductFormValues,
  type EditProductValues,
  editProductFormSchema,
} from '../add-product-form-schema.ts';
import { useEditProduct } from '../api/edit-product.ts';
import { attributeValuesFor, refusedAttribute, sameAttributes } from '../attribute-values.ts';
import { CategoryFields } from '../components/category-fields.tsx';
import { EditConflictChooser } from '../components/edit-conflict.tsx';
import { ProductDetailFields } from '../components/product-detail-fields.tsx';
import { TrackingSwitch } from '../components/tracking-switch.tsx';
import { WarrantyMonthsField } from '../components/warranty-months-field.tsx';
import { EDITABLE_FIELDS, type EditConflict, editFrom, editValuesOf, mergeEdit } from '../edit-merge.ts';

/** Checked values back into the form's text inputs. */
const formValuesOf = (values: EditProductValues): EditProductFormValues => ({
  ...values,
  price: String(values.price),
  lowStockThreshold: values.lowStockThreshold === null ? '' : String(values.lowStockThreshold),
  warrantyMonths: String(values.warrantyMonths),
});

interface Conflict {
  latest: Product;
  values: EditProductValues;
  conflicts: EditConflict[];
}

/**
 * The Add form's fields, prefilled with the version the clerk opened (`base`), saved against that
 * version; the warranty months too when the item is `tracked` (as it is now: switched on from this
 * page, the field appears). When someone saved meanwhile (412), the edit is merged with theirs (see
 * mergeEdit): saved at once when no field was changed by both, otherwise after the clerk chose for
 * each such field.
 */
function EditProductForm({ opened, tracked }: { opened: Product; tracked: boolean }) {
  const navigate = useNavigate();
  const save = useEditProduct();
  const lock = useActionLock();
  const [base, setBase] = useState(opened);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const t = useTranslate();
  const categories = useCategories();
  const form = useForm<EditProductFormValues, unknown, EditProductValues>({
    resolver: zodResolver(editProductFormSchema),
    defaultValues: formValuesOf(editValuesOf(opened)),
  });
  const detailPath = paths.itemDetail(opened._id);

  const send = async (values: EditProductValues, on: Product): Promise<void> => {
    setFailure(null);
    const edit = editFrom(editValuesOf(on), values);
    // The category and all its values go together, when either changed (category null: none).
    const category = categories.data?.find((candidate) => candidate.id === values.category);
    const judged = category ? attributeValuesFor(category, values.attributes) : undefined;
    for (const key of judged?.notNumbers ?? []) {
      form.setError(`attributes.${key}`, { message: translate('add.attributeNotNumber') });
    }
    if (judged && judged.notNumbers.length > 0) return;
    if (values.category !== (on.category ?? '') || !sameAttributes(judged?.values, on.attributes)) {
      Object.assign(edit, { category: category?.id ?? null, attributes: judged?.values ?? null });
    }
    if (Object.keys(edit).length === 0) {
      toast.info(translate('edit.nothingChanged'));
      navigate(detailPath);
      return;
    }
    try {
      await save.mutateAsync({ id: on._id, edit, version: on.version });
      toast.success(translate('edit.saved'));
      navigate(detailPath);
    } catch (error) {
      const latest = latestInBody(error);
      if (error instanceof ApiRequestError && error.status === 412 && latest) {
        const merged = mergeEdit(editValuesOf(on), values, editValuesOf(latest));
        setBase(latest);
        form.reset(formValuesOf(merged.values));
        if (merged.conflicts.length > 0) {
          setConflict({ latest, ...merged });
          return;
        }
        // Only someone else's save is news: this clerk's own earlier save is not announced as theirs.
        if (!onlyOwnChangesSince(on._id, on.version, latest.version)) toast.info(translate('edit.merged'));
        await send(merged.values, latest);
        return;
      }
      if (isSessionEnded(error)) return;
      const key = refusedAttribute(error);
      if (key && error instanceof Error) {
        form.setError(`attributes.${key}`, { message: errorText(error) });
        return;
      }
      if (showServerFieldErrors(error, EDITABLE_FIELDS, form.setError) === 0)
        setFailure(
          error instanceof Error ? refusalText(error, formatters(currentLanguage()).count) : String(error),
        );
    }
  };

  if (conflict) {
    return (
      <EditConflictChooser
        conflicts={conflict.conflicts}
        values={conflict.values}
        saving={lock.busy}
        onSave={(values) =>
          lock.run(() => {
            setConflict(null);
            return send(values, conflict.latest);
          })
        }
        onCancel={() => navigate(detailPath)}
      />
    );
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        lock.run(() => form.handleSubmit((values) => send(values, base))(event));
      }}
      aria-labelledby="edit-product-heading"
    >
      {failure && (
        <Alert variant="danger" role="alert">
          {t('edit.notSaved', { reason: failure })}
        </Alert>
      )}
      <Row>
        <ProductDetailFields form={form} />
        {tracked && (
          <Col sm={6}>
            <WarrantyMonthsField
              error={form.formState.errors.warrantyMonths?.message}
              registration={form.register('warrantyMonths')}
            />
          </Col>
        )}
        <CategoryFields form={form} categories={categories.data ?? []} chosen={form.watch('category')} />
      </Row>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={lock.busy}>
          {lock.busy ? t('common.saving') : t('edit.save')}
        </Button>
        <Link to={detailPath} className="btn btn-outline-secondary">
          {t('common.cancel')}
        </Link>
      </div>
    </Form>
  );
}

/** What the app layer passes in from other features (see app/routes/edit-product-route.tsx). */
export interface EditProductParts {
  /** Switches an item with stock on to tracking, registering its units. */
  switchOnWithUnits?: (product: Product) => ReactNode;
}

export default function EditProductPage({ parts = {} }: { parts?: EditProductParts }) {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const [opened, setOpened] = useState<Product | null>(null);
  // The form edits the version the clerk opened; later versions reach it only through a save's 412.
  if (product.data && opened?._id !== product.data._id) setOpened(product.data);
  const t = useTranslate();
  const may = useAccess();

  // A supplier edits the items they supply only.
  if (opened && !may('item.edit', opened)) return <NoAccess />;
  return (
    <div className="container py-4" style={{ maxWidth: 880 }}>
      <h1 id="edit-product-heading" className="h2 mb-3">
        {t('edit.heading')}
      </h1>
      {opened ? (
        <>
          <EditProductForm
            key={opened._id}
            opened={opened}
            tracked={(product.data ?? opened).serialTracked === true}
          />
          <TrackingSwitch product={product.data ?? opened} switchOnWithUnits={parts.switchOnWithUnits} />
        </>
      ) : !product.isError ? (
        <Spinner label={t('detail.loading')} />
      ) : (
        <ProductLoadError
          product={product}
          notFound={() => (
            <div role="alert">
              <p>{t('detail.notFoundText')}</p>
            </div>
          )}
        />
      )}
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link to={paths.itemDetail(id)} className="btn btn-outline-secondary">
          {t('edit.back')}
        </Link>
      </div>
    </div>
  );
}
