import { zodResolver } from '@hookform/resolvers/zod';
import type { SignedInUser } from '@walton/contract';
import { type ChangeEvent, useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCategories } from '@/entities/categories/api/get-categories.ts';
import { refusalText, showServerFieldErrors } from '@/entities/products/server-field-errors.ts';
import { errorText } from '@/i18n/error-text.ts';
import { useFormatters } from '@/i18n/format.ts';
import { currentLanguage, translate, useTranslate } from '@/i18n/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { toast } from '@/lib/toast.ts';
import { useActionLock } from '@/lib/use-action-lock.ts';
import {
  type AddProductFormOutput,
  type AddProductFormValues,
  addProductFormSchema,
  WARRANTY_MONTHS_FIELD_DEFAULT,
} from '../add-product-form-schema.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { attributeValuesFor, refusedAttribute } from '../attribute-values.ts';
import { CategoryFields } from '../components/category-fields.tsx';
import { FormField } from '../components/form-field.tsx';
import { DETAIL_FIELDS, ProductDetailFields } from '../components/product-detail-fields.tsx';
import { WarrantyMonthsField } from '../components/warranty-months-field.tsx';

const emptyValues = (user: SignedInUser): AddProductFormValues => ({
  name: '',
  img: '',
  price: '',
  quentity: '',
  description: '',
  suplerName: user.name,
  email: user.email,
  lowStockThreshold: '',
  serialTracked: false,
  warrantyMonths: WARRANTY_MONTHS_FIELD_DEFAULT,
  category: '',
  attributes: {},
});

/** The fields the Add form shows: the shared detail fields, the quantity and the supplier. */
const FIELDS = [...DETAIL_FIELDS, 'quentity', 'suplerName', 'email', 'warrantyMonths'] as const;

function AddProductForm({ user }: { user: SignedInUser }) {
  const create = useCreateProduct();
  const t = useTranslate();
  const format = useFormatters();
  // One press, one item: a second press while the first is on its way adds nothing.
  const lock = useActionLock();
  const categories = useCategories();
  const form = useForm<AddProductFormValues, unknown, AddProductFormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: emptyValues(user),
  });

  const tracked = form.watch('serialTracked');
  const trackingId = useId();
  const tracking = form.register('serialTracked', {
    // A tracked item starts with no stock: its units are registered on its page.
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (event.target.checked) form.setValue('quentity', '0');
    },
  });

  const onSubmit = async ({ category: categoryId, attributes, ...values }: AddProductFormOutput) => {
    // With no category, the request is as it always was; with one, its attributes as its template reads them.
    const category = categories.data?.find((candidate) => candidate.id === categoryId);
    const judged = category ? attributeValuesFor(category, attributes) : undefined;
    for (const key of judged?.notNumbers ?? []) {
      form.setError(`attributes.${key}`, { message: translate('add.attributeNotNumber') });
    }
    if (judged && judged.notNumbers.length > 0) return;
    try {
      // An item not tracked is the spec's request as it always was.
      const { serialTracked, warrantyMonths, ...spec } = values;
      const inCategory = category && judged ? { category: category.id, attributes: judged.values } : {};
      const { success } = await create.mutateAsync({ ...(serialTracked ? values : spec), ...inCategory });
      toast.success(currentLanguage() === 'en' ? success : translate('add.added', { name: values.name }));
      form.reset(emptyValues(user));
    } catch (error) {
      showServerFieldErrors(error, FIELDS, form.setError);
      const key = refusedAttribute(error);
      if (key && error instanceof Error) form.setError(`attributes.${key}`, { message: errorText(error) });
    }
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        lock.run(() => form.handleSubmit(onSubmit)(event));
      }}
      aria-labelledby="add-item-heading"
    >
      {create.isError && (
        <Alert variant="danger" role="alert">
          {t('add.notAdded', { reason: refusalText(create.error, format.count) })}
        </Alert>
      )}
      <Row>
        <ProductDetailFields
          form={form}
          afterPrice={
            <Col sm={6}>
              <FormField
                label={t('add.quantity')}
                error={form.formState.errors.quentity?.message}
                registration={form.register('quentity')}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                readOnly={tracked}
                {...(tracked ? { hint: t('add.trackedStartsEmpty') } : {})}
              />
            </Col>
          }
        />
        <Col sm={6} className="mb-3">
          <Form.Check
            type="switch"
            role="switch"
            id={trackingId}
            label={t('add.serialTracked')}
            aria-describedby={`${trackingId}-hint`}
            {...tracking}
          />
          <Form.Text id={`${trackingId}-hint`}>{t('add.serialTrackedHint')}</Form.Text>
        </Col>
        {tracked && (
          <Col sm={6}>
            <WarrantyMonthsField
              error={form.formState.errors.warrantyMonths?.message}
              registration={form.register('warrantyMonths')}
            />
          </Col>
        )}
        <CategoryFields form={form} categories={categories.data ?? []} chosen={form.watch('category')} />
        <Col md={6}>
          <FormField
            label={t('add.supplierName')}
            error={form.formState.errors.suplerName?.message}
            registration={form.register('suplerName')}
            readOnly
            hint={t('add.fromAccount')}
          />
        </Col>
        <Col md={6}>
          <FormField
            label={t('add.supplierEmail')}
            error={form.formState.errors.email?.message}
            registration={form.register('email')}
            type="email"
            readOnly
            hint={t('add.fromAccount')}
          />
        </Col>
      </Row>
      <Button type="submit" variant="primary" disabled={lock.busy}>
        {lock.busy ? t('add.adding') : t('add.submit')}
      </Button>
    </Form>
  );
}

export default function AddProductPage() {
  const { user } = useSession();
  const t = useTranslate();
  return (
    <div className="container py-4" style={{ maxWidth: 880 }}>
      <h1 id="add-item-heading" className="h2 mb-3">
        {t('add.heading')}
      </h1>
      {user ? <AddProductForm user={user} /> : <p role="status">{t('common.checkingSignIn')}</p>}
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link to={paths.manageItems} className="btn btn-outline-secondary">
          {t('add.backToManage')}
        </Link>
        <Link to={paths.myItems} className="btn btn-outline-primary">
          {t('add.myItems')}
        </Link>
      </div>
    </div>
  );
}
