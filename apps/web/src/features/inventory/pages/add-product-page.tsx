import { zodResolver } from '@hookform/resolvers/zod';
import { apiErrorSchema, type CreateProduct } from '@walton/contract';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FieldPath, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { useFormatters } from '../../../i18n/format.ts';
import { currentLanguage, translate, useTranslate } from '../../../i18n/i18n.ts';
import { validationText } from '../../../i18n/validation-text.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { type SignedInUser, useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { type AddProductFormValues, addProductFormSchema } from '../add-product-form-schema.ts';
import { useCreateProduct } from '../api/create-product.ts';

const emptyValues = (user: SignedInUser): AddProductFormValues => ({
  name: '',
  img: '',
  price: '',
  quentity: '',
  description: '',
  suplerName: user.name,
  email: user.email,
});

const FIELDS = ['name', 'img', 'price', 'quentity', 'description', 'suplerName', 'email'] as const;
const isField = (name: string): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name);

/** A labelled input whose error is announced and linked to it. */
function Field({
  label,
  error,
  registration,
  hint,
  ...inputProps
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<FieldPath<AddProductFormValues>>;
  hint?: string;
  type?: string;
  as?: 'textarea';
  rows?: number;
  readOnly?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'url' | 'email';
  min?: number;
  step?: number | string;
  autoComplete?: string;
}) {
  const id = useId();
  const format = useFormatters();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...registration}
        {...inputProps}
        required
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error && validationText(error, format.count)}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

function AddProductForm({ user }: { user: SignedInUser }) {
  const create = useCreateProduct();
  const t = useTranslate();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddProductFormValues, unknown, CreateProduct>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: emptyValues(user),
  });

  const onSubmit = async (values: CreateProduct) => {
    try {
      const { success } = await create.mutateAsync(values);
      toast.success(currentLanguage() === 'en' ? success : translate('add.added', { name: values.name }));
      reset(emptyValues(user));
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const parsed = apiErrorSchema.safeParse(error.body);
        for (const issue of parsed.success ? (parsed.data.issues ?? []) : []) {
          const field = issue.path.replace(/^body\./, '');
          if (isField(field)) setError(field, { message: issue.message });
        }
      }
    }
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="add-item-heading">
      {create.isError && (
        <Alert variant="danger" role="alert">
          {t('add.notAdded', { reason: errorText(create.error) })}
        </Alert>
      )}
      <Row>
        <Col md={6}>
          <Field label={t('add.name')} error={errors.name?.message} registration={register('name')} />
        </Col>
        <Col md={6}>
          <Field
            label={t('add.img')}
            error={errors.img?.message}
            registration={register('img')}
            type="url"
            inputMode="url"
            hint={t('add.imgHint')}
          />
        </Col>
        <Col sm={6}>
          <Field
            label={t('add.price')}
            error={errors.price?.message}
            registration={register('price')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
          />
        </Col>
        <Col sm={6}>
          <Field
            label={t('add.quantity')}
            error={errors.quentity?.message}
            registration={register('quentity')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
        </Col>
        <Col xs={12}>
          <Field
            label={t('add.description')}
            error={errors.description?.message}
            registration={register('description')}
            as="textarea"
            rows={4}
          />
        </Col>
        <Col md={6}>
          <Field
            label={t('add.supplierName')}
            error={errors.suplerName?.message}
            registration={register('suplerName')}
            readOnly
            hint={t('add.fromAccount')}
          />
        </Col>
        <Col md={6}>
          <Field
            label={t('add.supplierEmail')}
            error={errors.email?.message}
            registration={register('email')}
            type="email"
            readOnly
            hint={t('add.fromAccount')}
          />
        </Col>
      </Row>
      <Button type="submit" variant="primary" disabled={isSubmitting}>
        {isSubmitting ? t('add.adding') : t('add.submit')}
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
